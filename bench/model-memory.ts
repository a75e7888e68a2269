/**
 * The model over a long run, in process: `polls` SYNTHESIZED polls of `workers` workers reduced
 * one after the other (bench/synth.ts; three snapshots cycled so the run costs the model's time,
 * not the generator's), the live heap (after a full collection) taken as the history fills and
 * after it is full. The history rings hold DEFAULT_HISTORY_LENGTH points: past that, the heap
 * must stay flat.
 */
import {setFlagsFromString} from 'node:v8';
import {runInNewContext} from 'node:vm';
import {initialState, reduce} from '../source/model/index.js';
import {DEFAULT_HISTORY_LENGTH} from '../source/model/state.js';
import {synthSnapshot} from './synth.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

export interface ModelMemory {
	readonly workers: number;
	readonly historyLength: number;
	/** Live heap in bytes after the given number of polls. */
	readonly liveHeapBytes: ReadonlyArray<{readonly polls: number; readonly bytes: number}>;
	readonly msPerPoll: number;
}

function liveHeap(): number {
	gc();
	gc();
	return process.memoryUsage().heapUsed;
}

export function measureModelMemory(workers: number, marks: readonly number[]): ModelMemory {
	const startS = 1_790_000_000;
	const snapshots = [0, 1, 2].map((round) => synthSnapshot(workers, round, startS));
	const polls = Math.max(...marks);
	const heap: Array<{polls: number; bytes: number}> = [];
	let state = initialState({intervalMs: 1000});
	let busyMs = 0;
	heap.push({polls: 0, bytes: liveHeap()});
	for (let poll = 1; poll <= polls; poll++) {
		const nowMs = (startS + poll) * 1000;
		const start = performance.now();
		state = reduce(state, {
			type: 'snapshot',
			source: {status: {state: 'live', requestsPerSecond: 1, bytesPerSecond: 1000}, intervalMs: 1000},
			snapshot: {...(snapshots[poll % 3] as (typeof snapshots)[number]), time: nowMs / 1000},
			nowMs,
		});
		busyMs += performance.now() - start;
		if (marks.includes(poll)) heap.push({polls: poll, bytes: liveHeap()});
	}
	// Keep the state alive until the last measurement.
	if (state.revision < 0) throw new Error('unreachable');
	return {workers, historyLength: DEFAULT_HISTORY_LENGTH, liveHeapBytes: heap, msPerPoll: busyMs / polls};
}
