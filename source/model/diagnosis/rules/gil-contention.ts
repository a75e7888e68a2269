/**
 * gil-contention: threads of a worker (or of the scheduler) wait for the GIL for at least
 * GIL_CONTENTION_SHARE of the time. Dask measures it only from 2023.4.0 and only with `gilknocker`
 * installed (distributed.admin.system-monitor.gil.enabled, on by default): a heartbeat's
 * `gil_contention` (identity.json), `*_gil_contention_seconds_total` (/metrics). Where neither is
 * there the finding list says so; a GIL held long still shows as event-loop-blocked.
 *
 * On every version, a worker can also be seen held back by its own GIL without gilknocker: it finishes
 * fewer tasks per thread than its peers (`slowWorkers` at GIL_SLOW_BAR: 1.5 ×) while two or more
 * of its threads run tasks and its process uses about one core (its CPU, 100 % = one core), or on a host
 * too loaded to give anyone a core, about what one thread of its peers gets (gil-bound.ts). Pure-Python
 * tasks run one thread at a time under the GIL; a slow host would not cap the process at one core.
 * Its finding cites the CPU and the threads, and straggler on that worker is explained by it.
 */
import type {Snapshot} from '../../../types/snapshot.js';
import {CLUSTER, evidence, shareText, threadsText, workerEvidence, workerSubject} from '../figures.js';
import {FINDING_HOLD} from '../../hold.js';
import type {Rule, RuleInput} from '../rule.js';
import {findingText} from '../rule.js';
import type {Candidate} from '../diagnosis-types.js';
import {clusterSpan} from '../window.js';
import {GIL_BUSY_MIN_PERCENT, GIL_SLOW_BAR, gilBound, peerThreadCpu} from './gil-bound.js';
import {slowWorkers} from './slow-workers.js';
import {cpuEvidence, slowEvidence, slowText} from './straggler.js';

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
		'a GIL held long shows as event-loop-blocked, and a worker slower than its peers whose threads share one ' +
		'core is named from its CPU'
	);
}

/** Workers slower than their peers whose threads share one core (straggler's figures and the CPU). */
function gilBoundWorkers(input: RuleInput, measured: ReadonlySet<string>): Candidate[] {
	const out: Candidate[] = [];
	for (const {judged, peers} of slowWorkers(input, GIL_SLOW_BAR)) {
		const w = judged.worker;
		if (measured.has(w.address) || !gilBound(w, input.snapshot.workers)) continue;
		const cpu = cpuEvidence(w, input)!;
		const threads = threadsText(w.nthreads ?? 1);
		const peer = peerThreadCpu(w, input.snapshot.workers);
		// A loaded host gives no one a core: what one thread of its peers gets is the measure.
		const loaded =
			w.cpu_percent! < GIL_BUSY_MIN_PERCENT && peer !== undefined
				? `, as much as one thread of its peers gets: ${Math.round(peer)} %`
				: '';
		out.push({
			cause: 'gil-contention',
			severity: 'warning',
			subject: workerSubject(w),
			evidence: [cpu, ...slowEvidence(judged, peers, input)],
			summary:
				`${w.name}'s ${threads} share one core (CPU ${Math.round(w.cpu_percent!)} %${loaded}): its tasks hold the GIL, ` +
				`${slowText(judged, peers)} per thread`,
			next: `${NEXT}; its host is not the cause (the process is capped at one core, not starved of it)`,
		});
	}
	return out;
}

export const gilContention: Rule = {
	id: 'gil-contention',
	kind: 'finding',
	inputs: ['snapshot.scheduler.gil', 'snapshot.workers', 'snapshot.dask', 'window.workers', 'nowMs'],
	text: findingText,
	hold: FINDING_HOLD,
	onePoll: true,
	judge(input) {
		const {snapshot, window, nowMs} = input;
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
		out.push(...gilBoundWorkers(input, new Set(out.map((c) => c.subject.id))));
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
