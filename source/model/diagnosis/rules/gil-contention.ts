/**
 * gil-contention: threads of a worker (or of the scheduler) wait for the GIL for at least
 * GIL_CONTENTION_SHARE of the time. Dask measures it only from 2023.4.0 and only with `gilknocker`
 * installed (distributed.admin.system-monitor.gil.enabled, on by default): a heartbeat's
 * `gil_contention` (identity.json), `*_gil_contention_seconds_total` (/metrics). Where neither is
 * there the finding list says so; a GIL held long still shows as event-loop-blocked.
 */
import type {Snapshot} from '../../../types/snapshot.js';
import {CLUSTER, evidence, shareText, workerEvidence, workerSubject} from '../figures.js';
import {DEFAULT_HYSTERESIS, type Rule} from '../rule.js';
import type {Candidate} from '../types.js';
import {clusterSpan} from '../window.js';

/** Share of the time spent waiting for the GIL. */
export const GIL_CONTENTION_SHARE = 0.5;
/** Rates over at least this many seconds. */
export const GIL_MIN_SPAN_S = 3;

const NEXT =
	'Python threads fight for the GIL: use processes (dask worker --nworkers N --nthreads 1) or code that ' +
	'releases the GIL (numpy, numba nogil)';

function versionNote(snapshot: Snapshot): string {
	const hint = snapshot.dask_version_hint;
	const where = hint?.startsWith('<=') ? `on this version (Dask ${hint})` : 'here';
	return (
		`not visible ${where}: needs Dask >= 2023.4.0 with gilknocker installed on the scheduler and workers; ` +
		'a GIL held long shows as event-loop-blocked'
	);
}

export const gilContention: Rule = {
	cause: 'gil-contention',
	hysteresis: DEFAULT_HYSTERESIS,
	onePoll: true,
	judge({snapshot, window, nowMs}) {
		const out: Candidate[] = [];
		for (const w of snapshot.workers) {
			const rate = window.workers.get(w.address)?.rate('gilSeconds', true);
			const share = rate && rate.spanS >= GIL_MIN_SPAN_S ? rate.perSecond : (w.gil_contention_fraction ?? undefined);
			if (share === undefined || share < GIL_CONTENTION_SHARE) continue;
			const ev =
				rate && rate.spanS >= GIL_MIN_SPAN_S
					? evidence('time waiting for the GIL', shareText(share), 'worker_metrics', rate.lastAt, nowMs)
					: workerEvidence(snapshot, w, 'gil_contention_fraction', 'time waiting for the GIL', shareText(share), nowMs);
			out.push({
				cause: 'gil-contention',
				severity: 'warning',
				subject: workerSubject(w),
				evidence: [ev],
				summary: `${w.name}'s threads wait for the GIL ${shareText(share)} of the time`,
				next: NEXT,
			});
		}
		const span = clusterSpan(window, GIL_MIN_SPAN_S);
		if (span?.first.gilSeconds !== undefined && span.last.gilSeconds !== undefined) {
			const share = (span.last.gilSeconds - span.first.gilSeconds) / span.spanS;
			if (share >= GIL_CONTENTION_SHARE)
				out.push({
					cause: 'gil-contention',
					severity: 'warning',
					subject: CLUSTER,
					evidence: [
						evidence("scheduler's time waiting for the GIL", shareText(share), 'metrics', span.last.at, nowMs),
					],
					summary: `the scheduler waits for the GIL ${shareText(share)} of the time`,
					next: 'the scheduler shares its process with busy Python threads (a plugin, a LocalCluster with threads)',
				});
		}
		return out;
	},
	blind(snapshot) {
		const seen =
			snapshot.scheduler.gil_contention_seconds_total !== undefined ||
			snapshot.workers.some(
				(w) => w.gil_contention_fraction !== undefined || w.gil_contention_seconds_total !== undefined,
			);
		return seen ? undefined : versionNote(snapshot);
	},
};
