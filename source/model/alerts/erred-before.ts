/**
 * Erred tasks the scheduler already held at the first snapshot (dask-top opened in an incident,
 * or a restarted scheduler first polled with some). The erred alert rises only with counts seen
 * rising while watched, so these would otherwise show in the header and nowhere in the alerts.
 * They are noted at the baseline and forgotten once the scheduler holds no erred task (a client
 * released them); the erred alert (cluster-alerts.ts) stays open meanwhile, one alert with the
 * rises of later polls.
 */
import type {Snapshot} from '../../types/snapshot.js';
import {transition} from '../progress/rates.js';
import {countsText} from '../text.js';
import type {ErredBefore} from '../state-types.js';

/**
 * The erred tasks noted after a fresh snapshot. `baseline`: the first snapshot (of dask-top, or of
 * a restarted scheduler). Per-prefix counts only when the prefixes' erred transitions add up to the
 * scheduler's count: each is at least that prefix's current erred tasks, so equal sums prove each.
 */
export function stepErredBefore(
	previous: ErredBefore | undefined,
	snapshot: Snapshot,
	baseline: boolean,
	restarted: boolean,
): ErredBefore | undefined {
	const now = snapshot.scheduler.tasks.erred;
	if (!baseline) return now === 0 ? undefined : previous;
	if (now === undefined || now <= 0) return undefined;
	const byPrefix: Record<string, number> = {};
	let sum = 0;
	for (const [name, counters] of Object.entries(snapshot.scheduler.prefixes)) {
		const erred = transition(counters, 'erred');
		if (erred <= 0) continue;
		byPrefix[name] = erred;
		sum += erred;
	}
	return sum === now ? {count: now, byPrefix, restarted} : {count: now, restarted};
}

/** "10 tasks erred before dask-top started (explode 6, divide 2, parse-record 1, summarize 1)". */
export function erredBeforeText(before: ErredBefore): string {
	const when = before.restarted ? 'before dask-top first polled this scheduler' : 'before dask-top started';
	const byPrefix =
		before.byPrefix && Object.keys(before.byPrefix).length > 0 ? ` (${countsText(before.byPrefix)})` : '';
	return `${before.count} task${before.count === 1 ? '' : 's'} erred ${when}${byPrefix}`;
}
