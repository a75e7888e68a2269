/**
 * The share of the cluster's threads' time a finding is about, as evidence (the last minute of
 * the time track): transfer (of a prefix or the whole cluster), spill, idle. Absent where the part
 * is not known, so a finding never cites a made-up 0.
 */
import {evidence} from './figures.js';
import type {Evidence} from './diagnosis-types.js';
import type {ClusterState} from '../state-types.js';
import {sharePercent} from '../time/time-split.js';
import {timeView} from '../time/time-view.js';

export type SharedPart = 'transfer' | 'spill' | 'idle';

const FIGURES: Readonly<Record<SharedPart, string>> = {
	transfer: "threads' time waiting on transfers",
	spill: "threads' time spilling",
	idle: "threads' time idle",
};

function percentText(share: number): string {
	return share > 0 && share < 1 ? '<1 %' : `${Math.round(share)} %`;
}

/** `transfer` of one prefix when `prefix` is given, else of the cluster. */
export function timeShareEvidence(
	state: ClusterState,
	part: SharedPart,
	nowMs: number,
	prefix?: string,
): Evidence | undefined {
	const split = timeView(state, 'minute');
	if (split === undefined || split.window_seconds <= 0) return undefined;
	const seconds =
		prefix === undefined
			? split[part]
			: part === 'transfer'
				? split.prefixes.find((p) => p.prefix === prefix)?.transfer
				: undefined;
	const share = sharePercent(split, seconds);
	if (share === undefined) return undefined;
	const partial =
		part === 'spill' && split.workers_read < split.workers
			? `, from ${split.workers_read} of ${split.workers} workers`
			: '';
	const figure = prefix === undefined ? FIGURES[part] : `${FIGURES[part]} (${prefix})`;
	return evidence(
		figure,
		`${percentText(share)} over the last ${Math.round(split.window_seconds)} s${partial}`,
		'derived',
		split.to,
		nowMs,
	);
}

/** The evidence as a list of none or one, to spread into a finding's evidence. */
export function present(item: Evidence | undefined): Evidence[] {
	return item === undefined ? [] : [item];
}
