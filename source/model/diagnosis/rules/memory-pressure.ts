/**
 * memory-pressure: a worker is paused, or its process memory is near Dask's pause threshold (and
 * critical near terminate, where its nanny restarts it), or it is past the spill threshold with its
 * event loop blocked — Dask spills on the worker's event loop, so a worker spilling hard stops
 * answering and sending heartbeats before it pauses. Says whether the memory is data Dask manages
 * (it can spill it) or unmanaged (it cannot).
 *
 * Visible on every version from the memory figures (identity.json, workers.html, a worker's own
 * /metrics). Which worker is paused is told by identity.json only; while it fails (busy Dask
 * ≥ 2023.4, dask/distributed#8370) the scheduler's paused count (/metrics ≥ 2023.1.1) backs the
 * memory figures.
 */
import type {WorkerSnapshot} from '../../../types/snapshot.js';
import {bytesText} from '../../../units/bytes.js';
import {memoryThresholdName} from '../../alerts/thresholds.js';
import {percentText, UNKNOWN} from '../../text.js';
import {schedulerEvidence, workerEvidence, workerSubject} from '../figures.js';
import type {Rule, RuleInput} from '../rule.js';
import {findingText} from '../rule.js';
import {blockedLoop} from './event-loop-blocked.js';
import type {Candidate, Evidence} from '../diagnosis-types.js';

/** "Near" the pause threshold: within this fraction of the limit below it. */
export const NEAR_PAUSE_MARGIN = 0.05;
/** Within this fraction of the limit below Dask's terminate threshold: critical (the nanny is about to restart it). */
export const NEAR_TERMINATE_MARGIN = 0.05;
/** "Past" the spill threshold: down to this fraction of the limit below it. */
export const NEAR_SPILL_MARGIN = 0.05;
/** Unmanaged memory at least this share of the process: spilling cannot relieve it. */
export const UNMANAGED_DOMINANT_SHARE = 0.5;

function judgeWorker(input: RuleInput, w: WorkerSnapshot): Candidate | undefined {
	const t = input.state.options.thresholds;
	const {snapshot, nowMs} = input;
	const limit = w.memory_limit_bytes;
	const process = w.memory_process_bytes;
	const fraction = limit !== undefined && limit > 0 && process !== undefined ? process / limit : undefined;
	const paused = w.status === 'paused';
	const near = fraction !== undefined && fraction >= t.memory_critical - NEAR_PAUSE_MARGIN;
	const spilling = fraction !== undefined && fraction >= t.memory_warning - NEAR_SPILL_MARGIN;
	const blocked = !paused && !near && spilling ? blockedLoop(input, w) : undefined;
	if (!paused && !near && (blocked === undefined || blocked.parts.length === 0)) return undefined;
	const nearTerminate = fraction !== undefined && fraction >= t.memory_terminate - NEAR_TERMINATE_MARGIN;
	const name = w.name;
	const evidence: Evidence[] = [];
	if (paused) evidence.push(workerEvidence(snapshot, w, 'status', 'status', 'paused', nowMs));
	if (fraction !== undefined)
		evidence.push(
			workerEvidence(
				snapshot,
				w,
				'memory_process_bytes',
				'process memory / limit',
				`${bytesText(process, UNKNOWN)} / ${bytesText(limit, UNKNOWN)} (${percentText(fraction)})`,
				nowMs,
			),
		);
	evidence.push({
		figure: "Dask's spill / pause / terminate thresholds",
		value: `${percentText(t.memory_warning)} / ${percentText(t.memory_critical)} / ${percentText(t.memory_terminate)}`,
		source: 'derived',
		ageMs: 0,
	});
	if (blocked) evidence.push(...blocked.evidence);
	const unmanaged = w.memory_unmanaged_bytes;
	const unmanagedShare =
		process !== undefined && process > 0 && unmanaged !== undefined ? unmanaged / process : undefined;
	if (unmanaged !== undefined)
		evidence.push(
			workerEvidence(snapshot, w, 'memory_unmanaged_bytes', 'unmanaged memory', bytesText(unmanaged, UNKNOWN), nowMs),
		);
	if (w.memory_managed_bytes !== undefined)
		evidence.push(
			workerEvidence(
				snapshot,
				w,
				'memory_managed_bytes',
				'managed memory',
				bytesText(w.memory_managed_bytes, UNKNOWN),
				nowMs,
			),
		);
	if (w.memory_spilled_bytes !== undefined && w.memory_spilled_bytes > 0)
		evidence.push(
			workerEvidence(
				snapshot,
				w,
				'memory_spilled_bytes',
				'spilled to disk',
				bytesText(w.memory_spilled_bytes, UNKNOWN),
				nowMs,
			),
		);
	const pausedCount = snapshot.scheduler.workers.paused;
	if (!paused && w.status === undefined && pausedCount !== undefined && pausedCount > 0)
		evidence.push(schedulerEvidence(snapshot, 'workers', 'paused workers (cluster)', String(pausedCount), nowMs));
	const mostlyUnmanaged = unmanagedShare !== undefined && unmanagedShare >= UNMANAGED_DOMINANT_SHARE;
	const of = fraction === undefined ? '' : ` at ${percentText(fraction)} of its ${bytesText(limit, UNKNOWN)} limit`;
	const what = mostlyUnmanaged ? `, mostly unmanaged (${bytesText(unmanaged, UNKNOWN)})` : '';
	const summary = nearTerminate
		? `${name} is${of}, near ${memoryThresholdName(t, 'memory_terminate')} (${percentText(t.memory_terminate)})${what}`
		: paused
			? `${name} is paused by memory${of}${what}`
			: blocked
				? `${name} spills${of}${what} and its event loop is blocked (${blocked.parts.join(', ')})`
				: `${name} is near ${memoryThresholdName(t, 'memory_critical')}${of}${what}`;
	const next = mostlyUnmanaged
		? `unmanaged memory is not data Dask can spill: look for a leak or large temporaries in the tasks ` +
			`(Dask docs: "Worker memory management", trimming memory); Enter on ${name} shows its memory over time`
		: `the data held outgrows ${name}: release futures, persist less, or give workers more memory ` +
			`(--memory-limit); Enter on ${name} shows its memory over time`;
	return {
		cause: 'memory-pressure',
		severity: paused || nearTerminate ? 'critical' : 'warning',
		subject: workerSubject(w),
		evidence,
		next,
		summary,
	};
}

export const memoryPressure: Rule = {
	id: 'memory-pressure',
	kind: 'finding',
	inputs: ['snapshot.workers', 'snapshot.scheduler.workers', 'state.options.thresholds', 'nowMs'],
	text: findingText,
	// A short pause that recovers is routine: two polls and three seconds at least.
	hold: {onsetPolls: 2, onsetMs: 3000, clearPolls: 3, clearMs: 0},
	onePoll: true,
	judge(input) {
		const out: Candidate[] = [];
		for (const w of input.snapshot.workers) {
			const c = judgeWorker(input, w);
			if (c) out.push(c);
		}
		return out;
	},
	blind(snapshot) {
		if (snapshot.workers_source === undefined || snapshot.workers_source === 'identity') return undefined;
		return (
			'which worker is paused is not visible while identity.json fails (dask/distributed#8370): ' +
			'judged from memory near the pause threshold' +
			(snapshot.scheduler.workers.paused === undefined ? '' : " and the scheduler's paused count")
		);
	},
};
