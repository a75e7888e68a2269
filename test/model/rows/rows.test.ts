import {describe, expect, it} from 'vitest';
import {parseRowFilter} from '../../../source/model/rows/row-filter.js';
import {SORT_COLUMNS} from '../../../source/model/rows/row-sort.js';
import {workerRows} from '../../../source/model/rows/rows.js';
import {initialState, reduce} from '../../../source/model/state.js';
import type {ClusterState, SortColumn} from '../../../source/model/types.js';
import type {WorkerSnapshot} from '../../../source/types/snapshot.js';
import {fixtureSnapshot, schedulerLog, snapshot, worker} from '../../helpers/snapshots.js';

const T0 = 1_800_000_000_000;

function stateWith(workers: readonly WorkerSnapshot[]): ClusterState {
	return reduce(initialState(), {type: 'snapshot', snapshot: snapshot(T0 / 1000, workers), nowMs: T0});
}

const sortBy = (column: SortColumn, descending = false) => ({sort: {column, descending}});

describe('worker rows from the real fixtures', () => {
	it('carry every figure of the table (2022.12.1 busy)', () => {
		const snap = fixtureSnapshot('2022.12.1', 'busy');
		const state = reduce(initialState(), {type: 'snapshot', snapshot: snap, nowMs: snap.time * 1000});
		const {rows, total} = workerRows(state, sortBy('name'));
		expect(total).toBe(3);
		expect(rows.map((r) => r.name)).toEqual(['alpha', 'beta', 'gamma']);
		const alpha = rows[0];
		expect(alpha).toMatchObject({
			address: 'tcp://127.0.0.1:40001',
			host: '127.0.0.1',
			status: 'running',
			present: true,
			threads: 2,
			processing: 8,
			tasks_executing: 2,
			tasks_ready: 6,
			transfers: 0,
		});
		expect(alpha?.memory_fraction).toBeCloseTo(50950144 / 2147483648, 9);
		expect(alpha?.memory_managed_fraction).toBeGreaterThanOrEqual(0);
		expect(alpha?.heartbeat_age_seconds).toBeTypeOf('number');
		expect(alpha?.event_loop_interval_seconds).toBeTypeOf('number');
	});

	it('can sort by every column without throwing', () => {
		const snap = fixtureSnapshot('2026.7.1', 'memory-heavy');
		const state = reduce(initialState(), {type: 'snapshot', snapshot: snap, nowMs: snap.time * 1000});
		for (const column of SORT_COLUMNS) {
			expect(workerRows(state, sortBy(column, true)).rows).toHaveLength(3);
		}
		expect(workerRows(state, sortBy('spilled', true)).rows[0]?.name).toBe('beta');
	});
});

describe('sorting (synthesized workers)', () => {
	const ws = [
		worker('tcp://10.0.0.3:1', {name: 'w3', cpu_percent: 50}),
		worker('tcp://10.0.0.1:1', {name: 'w1', cpu_percent: 50}),
		worker('tcp://10.0.0.4:1', {name: 'w4'}),
		worker('tcp://10.0.0.2:1', {name: 'w2', cpu_percent: 90}),
	];
	const state = stateWith(ws);

	it('breaks ties by address so rows never jump', () => {
		expect(workerRows(state, sortBy('cpu', true)).rows.map((r) => r.name)).toEqual(['w2', 'w1', 'w3', 'w4']);
		expect(workerRows(state, sortBy('cpu', false)).rows.map((r) => r.name)).toEqual(['w1', 'w3', 'w2', 'w4']);
	});

	it('puts missing figures last in both directions', () => {
		expect(workerRows(state, sortBy('cpu', true)).rows.at(-1)?.name).toBe('w4');
		expect(workerRows(state, sortBy('cpu', false)).rows.at(-1)?.name).toBe('w4');
	});

	it('returns the same rows for the same state and query (memoized)', () => {
		expect(workerRows(state, sortBy('cpu', true)).rows).toBe(workerRows(state, sortBy('cpu', true)).rows);
	});

	it('sorts by the worst alert on each worker', () => {
		const workers = [
			worker('tcp://a:1', {name: 'ok', memory_limit_bytes: 100, memory_process_bytes: 10}),
			worker('tcp://b:1', {name: 'warm', memory_limit_bytes: 100, memory_process_bytes: 72}),
			worker('tcp://c:1', {name: 'hot', memory_limit_bytes: 100, memory_process_bytes: 96}),
		];
		// hot has been over the critical threshold for critical_after_s (10 s)
		const later = T0 + 10_000;
		const hot = reduce(stateWith(workers), {type: 'snapshot', snapshot: snapshot(later / 1000, workers), nowMs: later});
		const rows = workerRows(hot, sortBy('severity', true)).rows;
		expect(rows.map((r) => [r.name, r.severity])).toEqual([
			['hot', 'critical'],
			['warm', 'warning'],
			['ok', undefined],
		]);
	});
});

describe('filtering', () => {
	const ws = Array.from({length: 30}, (_, i) =>
		worker(`tcp://10.0.${Math.floor(i / 10)}.${i}:8786`, {name: `worker-${i}`, host: i % 2 ? 'gpu-node' : 'cpu-node'}),
	);
	const state = stateWith(ws);

	it.each([
		['worker-1', 11], // worker-1, worker-10..19
		['WORKER-2', 11], // case-insensitive
		['10.0.2.', 10], // address
		['gpu', 15], // host
		['/^worker-(3|4)$/', 2], // regex
		['/GPU/', 15], // regex, case-insensitive by default
		['nothing', 0],
	])('%s matches %s workers', (filter, count) => {
		const view = workerRows(state, {...sortBy('name'), filter});
		expect(view.rows).toHaveLength(count);
		expect(view.total).toBe(30);
		expect(view.error).toBeUndefined();
	});

	it('narrows as the user types and gives the same rows as filtering from scratch', () => {
		const typed = ['w', 'wo', 'wor', 'worker-1', 'worker-12'].map(
			(filter) => workerRows(state, {...sortBy('name'), filter}).rows.length,
		);
		expect(typed).toEqual([30, 30, 30, 11, 1]);
		const fresh = stateWith(ws);
		expect(workerRows(fresh, {...sortBy('name'), filter: 'worker-12'}).rows.map((r) => r.name)).toEqual(['worker-12']);
		// widening again (backspace) starts from all rows
		expect(workerRows(state, {...sortBy('name'), filter: 'worker-'}).rows).toHaveLength(30);
	});

	it.each(['/[/', '/(unclosed/', '/a/q'])(
		'reports the bad pattern %s instead of throwing, rows unfiltered',
		(filter) => {
			const view = workerRows(state, {...sortBy('name'), filter});
			expect(view.error).toMatch(/^bad filter pattern/);
			expect(view.rows).toHaveLength(30);
		},
	);

	it('treats a lone slash as a substring', () => {
		expect(parseRowFilter('/')).not.toHaveProperty('error');
	});
});

describe('lost workers in the table', () => {
	it('stay listed as lost with their last figures, and can be hidden', () => {
		const a = worker('tcp://a:1', {name: 'a', memory_process_bytes: 500});
		const b = worker('tcp://b:1', {name: 'b', memory_process_bytes: 700, keys_in_memory: 3});
		let state = stateWith([a, b]);
		// b took its keys with it and the scheduler's log shows no retire: lost (departure.ts).
		const after = snapshot(T0 / 1000 + 2, [a], {}, schedulerLog(T0 / 1000 + 2, [['tcp://b:1', 'unexplained']]));
		state = reduce(state, {type: 'snapshot', snapshot: after, nowMs: T0 + 2000});
		const rows = workerRows(state, sortBy('name')).rows;
		expect(rows.find((r) => r.name === 'b')).toMatchObject({
			status: 'lost',
			present: false,
			memory_process_bytes: 700,
			lost_at: T0 / 1000 + 2,
			last_seen: T0 / 1000,
			severity: 'critical',
		});
		expect(workerRows(state, {...sortBy('name'), includeLost: false}).rows.map((r) => r.name)).toEqual(['a']);
	});

	it(
		"with includeLost 'held', list the gone only for worker_lost_hold_s after their loss (synthesized, " +
			'short hold)',
		() => {
			const [a, b, c] = ['a', 'b', 'c'].map((n) => worker(`tcp://${n}:1`, {name: n}));
			let state = reduce(initialState({thresholds: {worker_lost_hold_s: 10}}), {
				type: 'snapshot',
				snapshot: snapshot(T0 / 1000, [a!, b!, c!]),
				nowMs: T0,
			});
			// b, then c, gone: why waits for the scheduler's log (none here), so their rows say "gone".
			state = reduce(state, {type: 'snapshot', snapshot: snapshot(T0 / 1000 + 2, [a!, c!]), nowMs: T0 + 2000});
			state = reduce(state, {type: 'snapshot', snapshot: snapshot(T0 / 1000 + 6, [a!]), nowMs: T0 + 6000});
			const held = (nowMs: number) => {
				const at = reduce(state, {type: 'tick', nowMs});
				return workerRows(at, {...sortBy('name'), includeLost: 'held'});
			};
			expect(held(T0 + 11_999).rows.map((r) => `${r.name} ${r.status}`)).toEqual(['a running', 'b gone', 'c gone']);
			expect(held(T0 + 12_000).rows.map((r) => r.name)).toEqual(['a', 'c']);
			expect(held(T0 + 16_000)).toMatchObject({total: 1});
			const later = reduce(state, {type: 'tick', nowMs: T0 + 16_000});
			// the default still lists them
			expect(workerRows(later, sortBy('name')).rows.map((r) => r.name)).toEqual(['a', 'b', 'c']);
			expect(workerRows(later, {...sortBy('name'), includeLost: 'held'}).rows).toBe(
				workerRows(later, {...sortBy('name'), includeLost: 'held'}).rows,
			); // memoized
		},
	);
});
