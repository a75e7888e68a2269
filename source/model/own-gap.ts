/**
 * dask-top's own gaps: stretches in which dask-top itself did not run (Ctrl-Z, SIGSTOP, the machine
 * asleep, its process blocked), told by the source with a round or with time passing (OwnGap in
 * types/raw-scrape.ts). Nothing was polled then, and that is not the scheduler's doing: the first
 * time a gap is told it is kept in the source track — missed polls (freshness.ts) count from its
 * end, and the stall clock (stall.ts) stops at its start until the scheduler's counters are read
 * again (they then say whether anything completed meanwhile) — and logged as one info event,
 * "dask-top was suspended 15 s". Told again (the live status keeps the latest), it changes nothing.
 *
 * The other time-based verdicts need no help here: the first fresh round after the gap counts the
 * scheduler as not heard meanwhile, so heartbeat ages are judged only from then (reduce-snapshot.ts,
 * schedulerWasDeaf), and rates are counter deltas over the true time between two /metrics samples
 * (the poller drops a round that spanned the gap, whose times would be wrong).
 */
import type {OwnGap} from '../types/raw-scrape.js';
import {alertId} from './alerts/alerts.js';
import {instantEvent, prependEvents} from './alerts/events.js';
import {secondsText} from './text.js';
import type {ClusterState} from './state-types.js';

export function stepOwnGap(state: ClusterState, gap: OwnGap | undefined): ClusterState {
	if (gap === undefined || gap.toMs <= gap.fromMs) return state;
	const known = state.source.ownGap;
	if (known !== undefined && gap.toMs <= known.toMs) return state;
	const clock = state.options.clockText;
	const event = instantEvent(
		{
			id: alertId('suspended', 'cluster'),
			kind: 'suspended',
			severity: 'info',
			subject: 'cluster',
			subject_name: 'cluster',
			message:
				`dask-top was suspended ${secondsText((gap.toMs - gap.fromMs) / 1000)} ` +
				`(${clock(gap.fromMs)} to ${clock(gap.toMs)}): nothing was polled then, which is not the scheduler's doing`,
		},
		gap.toMs,
	);
	return {
		...state,
		source: {...state.source, ownGap: gap},
		events: prependEvents(state.events, [event], state.options.eventLogLength),
		revision: state.revision + 1,
	};
}

/** When the missed-polls clock may start: the end of dask-top's latest gap, if after `sinceMs`. */
export function afterOwnGap(state: ClusterState, sinceMs: number): number {
	const gapEnd = state.source.ownGap?.toMs;
	return gapEnd !== undefined && gapEnd > sinceMs ? gapEnd : sinceMs;
}

/**
 * Up to when the scheduler's cumulative counters speak for: now, except right after a gap in
 * dask-top's own time, before any fresh answer came — the counters read before it cannot say what
 * happened during it, so a clock on them stops at its start. Once read again they cover the gap.
 */
export function countersSpeakUntilMs(state: ClusterState): number {
	const gap = state.source.ownGap;
	const fresh = state.source.lastFreshMs;
	if (gap === undefined || (fresh !== undefined && fresh >= gap.toMs)) return state.nowMs;
	return Math.min(state.nowMs, gap.fromMs);
}
