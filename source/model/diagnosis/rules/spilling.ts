/**
 * spilling: a worker's run is bound by spilling to disk, not merely spilling some bytes. It writes
 * at least SPILL_MIN_BYTES_PER_S over the window, and either spill work (writing, reading back,
 * (de)serialising) takes at least SPILL_BOUND_TIME_SHARE of its time (a worker's own /metrics,
 * every version), or, where spill time is not read, its threads compute at under
 * SPILL_IDLE_CPU_SHARE while it holds tasks (they wait on the disk).
 *
 * The bytes are visible on every version (identity.json's bytes on disk; a worker's own /metrics
 * counts bytes written). Spill time is in the worker's own /metrics on every version, which dask-top
 * reads every round for the workers writing to disk (spill-watch.ts) when it can reach them straight;
 * for one it cannot, the CPU stands in for it.
 *
 * Judged on spill time, the share is a rate between two of the worker's own answers at least
 * SPILL_MIN_SPAN_S apart: a duration held, not one reading, so it starts at the first poll that has
 * it (the hold's provenMs). Judged on the CPU stand-in, it waits for the common two polls.
 */
import type {WorkerSnapshot} from '../../../types/snapshot.js';
import {bytesText} from '../../../units/bytes.js';
import {UNKNOWN} from '../../text.js';
import {present, timeShareEvidence} from '../time-evidence.js';
import {evidence, shareText, threadsText, workerEvidence, workerSubject} from '../figures.js';
import {FINDING_HOLD} from '../../hold.js';
import type {Rule, RuleInput} from '../rule.js';
import {findingText} from '../rule.js';
import type {Candidate, Evidence} from '../diagnosis-types.js';

/** Spilling at least this fast (bytes written per second, over the window). */
export const SPILL_MIN_BYTES_PER_S = 8 * 2 ** 20;
/** Spill work taking at least this share of the worker's time: bound by it. */
export const SPILL_BOUND_TIME_SHARE = 0.25;
/** Without spill time: its threads busy under this share (CPU / threads) while it holds tasks. */
export const SPILL_IDLE_CPU_SHARE = 0.5;
/** Rates over at least this many seconds (one poll interval at the default 2 s, less the jitter). */
export const SPILL_MIN_SPAN_S = 1.5;

function judgeWorker(input: RuleInput, w: WorkerSnapshot): Candidate | undefined {
	const {snapshot, nowMs, window} = input;
	const readings = window.workers.get(w.address);
	if (!readings) return undefined;
	const written = readings.rate('spilled', false);
	if (!written || written.spanS < SPILL_MIN_SPAN_S || written.perSecond < SPILL_MIN_BYTES_PER_S) return undefined;
	const time = readings.rate('spillSeconds', true);
	const timeShare = time && time.spanS >= SPILL_MIN_SPAN_S ? time.perSecond : undefined;
	const threads = w.nthreads ?? 1;
	const cpuShare = w.cpu_percent === undefined ? undefined : w.cpu_percent / 100 / Math.max(1, threads);
	let bound: boolean;
	if (timeShare !== undefined) bound = timeShare >= SPILL_BOUND_TIME_SHARE;
	else
		bound =
			cpuShare !== undefined &&
			cpuShare < SPILL_IDLE_CPU_SHARE &&
			readings.busyThroughout(written.lastAt - written.spanS);
	if (!bound) return undefined;
	const name = w.name;
	const onDisk = written.src.endsWith(':on-disk');
	const ev: Evidence[] = [
		evidence(
			onDisk ? 'bytes on disk, rising' : 'bytes spilled to disk',
			`${bytesText(written.perSecond, UNKNOWN)}/s over ${Math.round(written.spanS)} s`,
			onDisk ? (w.sources['memory_spilled_bytes'] ?? 'derived') : (w.sources['spill_write_bytes_total'] ?? 'derived'),
			written.lastAt,
			nowMs,
		),
	];
	if (timeShare !== undefined && time)
		ev.push(evidence('time spent spilling', shareText(timeShare), 'worker_metrics', time.lastAt, nowMs));
	if (cpuShare !== undefined)
		ev.push(
			workerEvidence(
				snapshot,
				w,
				'cpu_percent',
				'CPU / threads',
				`${Math.round(w.cpu_percent ?? 0)} % / ${threads}`,
				nowMs,
			),
		);
	ev.push(...present(timeShareEvidence(input.state, 'spill', nowMs)));
	if (w.memory_spilled_bytes !== undefined)
		ev.push(
			workerEvidence(snapshot, w, 'memory_spilled_bytes', 'on disk', bytesText(w.memory_spilled_bytes, UNKNOWN), nowMs),
		);
	const how =
		timeShare !== undefined
			? `${shareText(timeShare)} of its time spent spilling`
			: `its threads mostly idle (CPU ${Math.round(w.cpu_percent ?? 0)} % for ${threadsText(threads)})`;
	return {
		...(timeShare !== undefined && time ? {heldMs: Math.min(time.spanS, written.spanS) * 1000} : {}),
		cause: 'spilling',
		severity: 'warning',
		subject: workerSubject(w),
		evidence: ev,
		summary: `${name} is bound by spilling: ${bytesText(written.perSecond, UNKNOWN)}/s to disk, ${how}`,
		next:
			`tasks on ${name} wait on its disk: give workers more memory, hold fewer or smaller partitions at once, ` +
			'or a faster local directory (--local-directory)',
	};
}

export const spilling: Rule = {
	id: 'spilling',
	kind: 'finding',
	inputs: ['snapshot.workers', 'window.workers', 'state.time', 'nowMs'],
	text: findingText,
	hold: {...FINDING_HOLD, provenMs: SPILL_MIN_SPAN_S * 1000},
	// A worker paused by memory spills too: that is memory pressure.
	explainedBy: ['memory-pressure'],
	onePoll: false,
	judge(input) {
		const out: Candidate[] = [];
		for (const w of input.snapshot.workers) {
			const c = judgeWorker(input, w);
			if (c) out.push(c);
		}
		return out;
	},
	blind(snapshot) {
		const withTime = snapshot.workers.some((w) => w.spill_time_seconds_total !== undefined);
		if (withTime || snapshot.workers.length === 0) return undefined;
		return (
			"spill time is not read here (it is in each worker's own /metrics, read while a worker writes to disk " +
			'when dask-top can reach it): judged from bytes on disk and the CPU'
		);
	},
};
