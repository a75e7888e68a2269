/**
 * SYNTHESIZED clusters for the render benchmark and the 10,000-worker UI test: no recording of a
 * cluster that large exists here, so these snapshots are made up (figures from a seeded
 * generator, shapes as buildSnapshot produces them) and reduced through the real model.
 */
import {initialState, reduce} from '../source/model/index.js';
import type {ClusterState} from '../source/model/types.js';
import type {Snapshot, WorkerSnapshot} from '../source/types/snapshot.js';

const GiB = 1024 ** 3;

/** A small deterministic generator (mulberry32). */
export function seeded(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

export function synthWorkers(count: number, round: number, seed = 1): WorkerSnapshot[] {
	const random = seeded(seed * 7919 + round);
	const workers: WorkerSnapshot[] = [];
	for (let i = 0; i < count; i++) {
		const limit = 4 * GiB;
		const process = Math.floor(limit * (0.1 + 0.85 * random()));
		const managed = Math.floor(process * random());
		const paused = process / limit > 0.8 && random() < 0.3;
		const host = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
		workers.push({
			address: `tcp://${host}:4${String(i % 10_000).padStart(4, '0')}`,
			name: `w${String(i).padStart(5, '0')}`,
			host,
			status: paused ? 'paused' : 'running',
			nthreads: 4,
			memory_limit_bytes: limit,
			memory_process_bytes: process,
			memory_managed_bytes: managed,
			memory_unmanaged_bytes: process - managed,
			memory_spilled_bytes: random() < 0.2 ? Math.floor(GiB * random()) : 0,
			cpu_percent: Math.round(400 * random()),
			tasks_executing: Math.floor(4 * random()),
			tasks_ready: Math.floor(20 * random()),
			tasks_in_memory: Math.floor(200 * random()),
			transfer_incoming_count: Math.floor(3 * random()),
			transfer_outgoing_count: Math.floor(3 * random()),
			net_read_bps: Math.floor(50e6 * random()),
			net_write_bps: Math.floor(50e6 * random()),
			event_loop_interval_seconds: 0.02 + 0.2 * random(),
			heartbeat_age_seconds: 0.5 * random(),
			sources: {},
		});
	}
	return workers;
}

export function synthSnapshot(count: number, round: number, timeS: number): Snapshot {
	const workers = synthWorkers(count, round);
	const sum = (f: (w: WorkerSnapshot) => number | undefined) => workers.reduce((n, w) => n + (f(w) ?? 0), 0);
	return {
		format: 1,
		url: 'http://synthetic:8787/',
		time: timeS,
		workers_source: 'identity',
		scheduler: {
			workers: {total: count, idle: 0, saturated: 0},
			threads: count * 4,
			memory_limit_bytes: sum((w) => w.memory_limit_bytes),
			memory_process_bytes: sum((w) => w.memory_process_bytes),
			memory_managed_bytes: sum((w) => w.memory_managed_bytes),
			memory_unmanaged_bytes: sum((w) => w.memory_unmanaged_bytes),
			memory_spilled_bytes: sum((w) => w.memory_spilled_bytes),
			tasks: {
				processing: count * 4,
				queued: count * 10,
				waiting: count * 20,
				memory: count * 50,
				erred: 0,
				'no-worker': 0,
				released: 0,
			},
			tasks_total: count * 84,
			desired_workers: count,
			prefixes: {},
			sources: {},
		},
		workers,
		endpoints: [],
	};
}

/** The model after `rounds` synthesized polls of `count` workers, 2 s apart. */
export function synthState(count: number, rounds = 2, startS = 1_790_000_000): ClusterState {
	let state = initialState({intervalMs: 2000});
	for (let r = 0; r < rounds; r++) {
		const timeS = startS + 2 * r;
		state = reduce(state, {
			type: 'snapshot',
			snapshot: synthSnapshot(count, r, timeS),
			nowMs: timeS * 1000,
			source: {status: {state: 'live', requestsPerSecond: 1, bytesPerSecond: 1000}, intervalMs: 2000},
		});
	}
	return state;
}
