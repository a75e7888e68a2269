import {describe, expect, it} from 'vitest';
import {
	ALL_OPEN,
	hostTable,
	locateFlat,
	toggleAllFolds,
	toggleHostFold,
	type HostFolds,
	type HostTable,
	type TableEntry,
} from '../../../source/model/rows/host-groups.js';
import {hostOf, hostRow} from '../../../source/model/rows/host-row.js';
import {workerRows} from '../../../source/model/rows/rows.js';
import {initialState, reduce} from '../../../source/model/state.js';
import type {ClusterState, SortColumn, WorkerRow} from '../../../source/model/types.js';
import type {WorkerSnapshot} from '../../../source/types/snapshot.js';
import {fixtureSnapshot, snapshot, worker} from '../../helpers/snapshots.js';

const T0 = 1_800_000_000_000;
const GiB = 1024 ** 3;

function stateWith(workers: readonly WorkerSnapshot[]): ClusterState {
	return reduce(initialState(), {type: 'snapshot', snapshot: snapshot(T0 / 1000, workers), nowMs: T0});
}

const sortBy = (column: SortColumn, descending = false) => ({column, descending});

/** Every row of a table, as the screen would ask for them. */
const entries = (table: HostTable): TableEntry[] => Array.from({length: table.length}, (_, i) => table.entry(i)!);

/** The table as text: `host (shown/all)` for a host's row, `  name` for a worker under it. */
function outline(entries: readonly TableEntry[]): string[] {
	return entries.map((e) =>
		e.kind === 'host' ? `${e.row.name} ${e.open ? '-' : '+'} (${e.shown}/${e.row.workers})` : `  ${e.row.name}`,
	);
}

/** Four workers on two hosts and one on a third, figures chosen so each sum is easy to check. */
const CLUSTER: readonly WorkerSnapshot[] = [
	worker('tcp://10.0.0.1:4001', {
		name: 'a1',
		host: 'node-a',
		nthreads: 2,
		cpu_percent: 90,
		memory_process_bytes: 1 * GiB,
		memory_managed_bytes: 0.5 * GiB,
		memory_limit_bytes: 4 * GiB,
		tasks_executing: 2,
		tasks_ready: 3,
		tasks_in_memory: 10,
		transfer_incoming_count: 1,
		transfer_outgoing_count: 0,
		event_loop_interval_seconds: 0.02,
		heartbeat_age_seconds: 0.5,
	}),
	worker('tcp://10.0.0.1:4002', {
		name: 'a2',
		host: 'node-a',
		nthreads: 2,
		cpu_percent: 80,
		memory_process_bytes: 3 * GiB,
		memory_managed_bytes: 1 * GiB,
		memory_limit_bytes: 4 * GiB,
		tasks_executing: 2,
		tasks_ready: 0,
		tasks_in_memory: 5,
		transfer_incoming_count: 0,
		transfer_outgoing_count: 2,
		event_loop_interval_seconds: 0.3,
		heartbeat_age_seconds: 1.5,
	}),
	worker('tcp://10.0.0.2:4001', {
		name: 'b1',
		host: 'node-b',
		nthreads: 4,
		cpu_percent: 10,
		memory_process_bytes: 1 * GiB,
		memory_limit_bytes: 8 * GiB,
		tasks_executing: 0,
	}),
	worker('tcp://10.0.0.2:4002', {
		name: 'b2',
		host: 'node-b',
		nthreads: 4,
		cpu_percent: 20,
		memory_process_bytes: 1 * GiB,
		memory_limit_bytes: 8 * GiB,
		tasks_executing: 1,
	}),
	worker('tcp://10.0.0.3:4001', {
		name: 'c1',
		host: 'node-c',
		nthreads: 8,
		cpu_percent: 100,
		memory_process_bytes: 2 * GiB,
		memory_limit_bytes: 16 * GiB,
		tasks_executing: 8,
	}),
];

describe("a host's row adds up its workers", () => {
	const state = stateWith(CLUSTER);
	const rows = workerRows(state, {sort: sortBy('name')}).rows;
	const table = hostTable(rows, rows, sortBy('name'));
	const host = (name: string) =>
		entries(table).find((e): e is Extract<TableEntry, {kind: 'host'}> => e.kind === 'host' && e.row.name === name)!.row;

	it.each([
		['threads', 'threads', 4],
		['CPU (a sum of per-worker CPU %)', 'cpu_percent', 170],
		['process memory', 'memory_process_bytes', 4 * GiB],
		['memory limit (the sum of limits)', 'memory_limit_bytes', 8 * GiB],
		['memory against the sum of limits', 'memory_fraction', 0.5],
		['managed memory', 'memory_managed_bytes', 1.5 * GiB],
		['executing', 'tasks_executing', 4],
		['ready', 'tasks_ready', 3],
		['in memory', 'tasks_in_memory', 15],
		['transfers', 'transfers', 3],
		['incoming transfers', 'transfer_incoming_count', 1],
		['outgoing transfers', 'transfer_outgoing_count', 2],
		['event loop (the slowest worker)', 'event_loop_interval_seconds', 0.3],
		['heartbeat (the longest unheard)', 'heartbeat_age_seconds', 1.5],
	] as const)('%s', (_what, field, value) => {
		expect(host('node-a')[field]).toBeCloseTo(value, 9);
	});

	it('counts its workers, is named for its host and is running when they all are', () => {
		expect(host('node-a')).toMatchObject({
			name: 'node-a',
			host: 'node-a',
			status: 'running',
			present: true,
			workers: 2,
		});
		expect(host('node-c').workers).toBe(1); // a host with one worker still gets a row
		expect(table.hosts).toBe(3);
	});

	it('leaves a figure no worker gives unknown, never 0', () => {
		expect(host('node-b').memory_managed_bytes).toBeUndefined();
		expect(host('node-b').tasks_ready).toBeUndefined();
	});
});

describe('the limit, status and severity of a host', () => {
	const row = (figures: Partial<WorkerRow>): WorkerRow => ({
		address: `tcp://h:${Math.random()}`,
		name: 'w',
		host: 'h',
		status: 'running',
		present: true,
		...figures,
	});

	it.each([
		['all limits known: their sum', [4, 4], 8],
		['a worker without a limit (0): no limit', [4, 0], 0],
		['a limit unknown: unknown', [4, undefined], undefined],
	] as const)('%s', (_what, limits, expected) => {
		const members = limits.map((limit) =>
			row({memory_process_bytes: GiB, ...(limit === undefined ? {} : {memory_limit_bytes: limit * GiB})}),
		);
		const sums = hostRow('h', members);
		expect(sums.memory_limit_bytes).toBe(expected === undefined || expected === 0 ? expected : expected * GiB);
		expect(sums.memory_fraction).toBe(expected ? 2 / expected : undefined);
	});

	it('adds up a figure only when every live worker gives it: a part would look like the whole', () => {
		const sums = hostRow('h', [row({cpu_percent: 90, threads: 2}), row({threads: 2})]);
		expect(sums.cpu_percent).toBeUndefined();
		expect(sums.threads).toBe(4);
	});

	it.each([
		[['unknown', 'running'], 'running'],
		[['unknown', 'unknown'], 'unknown'],
		[['running', 'running'], 'running'],
		[['running', 'paused'], 'paused'],
		[['closing_gracefully', 'running'], 'closing_gracefully'],
		[['running', 'init'], 'init'],
	])('workers %j make a host %s', (statuses, status) => {
		expect(
			hostRow(
				'h',
				statuses.map((s) => row({status: s})),
			).status,
		).toBe(status);
	});

	it("leaves out a gone worker's last figures, keeps its alert mark, and is gone when all its workers are", () => {
		const gone = row({present: false, status: 'lost', threads: 4, severity: 'critical'});
		const sums = hostRow('h', [row({threads: 2, severity: 'warning'}), gone]);
		expect(sums).toMatchObject({threads: 2, present: true, status: 'running', severity: 'critical', workers: 2});
		expect(hostRow('h', [gone])).toMatchObject({present: false, status: 'lost', threads: undefined});
	});
});

describe('the host of a worker', () => {
	it.each([
		[{host: 'node-7', address: 'tcp://10.0.0.7:4001'}, 'node-7'],
		[{address: 'tcp://10.0.0.7:4001'}, '10.0.0.7'],
		[{host: '', address: 'tls://node-8.example:4001'}, 'node-8.example'],
		[{address: 'tcp://[::1]:4001'}, '::1'],
		[{address: 'inproc://10.0.0.9/123/1'}, '10.0.0.9'],
		[{address: 'odd'}, 'odd'],
	])('%j is on %s', (row, host) => {
		expect(hostOf(row)).toBe(host);
	});
});

describe('sorting: hosts by their sums, workers within a host', () => {
	const state = stateWith(CLUSTER);

	it.each([
		[sortBy('name'), ['node-a', '  a1', '  a2', 'node-b', '  b1', '  b2', 'node-c', '  c1']],
		[sortBy('name', true), ['node-c', '  c1', 'node-b', '  b2', '  b1', 'node-a', '  a2', '  a1']],
		// node-a 170, node-c 100, node-b 30; within node-a: a1 90, a2 80
		[sortBy('cpu', true), ['node-a', '  a1', '  a2', 'node-c', '  c1', 'node-b', '  b2', '  b1']],
		// threads: node-c 8, node-b 8 (tie: by host name), node-a 4
		[sortBy('threads', true), ['node-b', '  b1', '  b2', 'node-c', '  c1', 'node-a', '  a1', '  a2']],
		// memory against the sum of limits: node-a 0.5, node-c 0.125, node-b 0.125 (tie: by name)
		[sortBy('memory', true), ['node-a', '  a2', '  a1', 'node-b', '  b1', '  b2', 'node-c', '  c1']],
	])('%j', (sort, expected) => {
		const rows = workerRows(state, {sort}).rows;
		expect(outline(entries(hostTable(rows, rows, sort))).map((line) => line.replace(/ [-+] \(.*\)$/, ''))).toEqual(
			expected,
		);
	});
});

describe('filtering: hosts with a matching worker, and hosts whose name matches', () => {
	const state = stateWith(CLUSTER);
	const all = workerRows(state, {sort: sortBy('name')}).rows;

	it.each([
		['a2', ['node-a - (1/2)', '  a2']],
		['node-b', ['node-b - (2/2)', '  b1', '  b2']],
		['/^(a1|c1)$/', ['node-a - (1/2)', '  a1', 'node-c - (1/1)', '  c1']],
		['10.0.0.2:4002', ['node-b - (1/2)', '  b2']],
		['nothing', []],
	])('%s', (filter, expected) => {
		const shown = workerRows(state, {sort: sortBy('name'), filter}).rows;
		const table = hostTable(all, shown, sortBy('name'));
		expect(outline(entries(table))).toEqual(expected);
	});

	it("keeps a host's sums those of all its workers", () => {
		const shown = workerRows(state, {sort: sortBy('name'), filter: 'a2'}).rows;
		const entry = hostTable(all, shown, sortBy('name')).entry(0);
		expect(entry?.kind === 'host' && entry.row.threads).toBe(4);
	});
});

describe('folding', () => {
	const state = stateWith(CLUSTER);
	const rows = workerRows(state, {sort: sortBy('name')}).rows;
	const folded: HostFolds = toggleAllFolds(ALL_OPEN);

	it.each([
		['all open (how grouping starts)', ALL_OPEN, 8],
		['all folded (*)', folded, 3],
		['one folded (Enter on its row)', toggleHostFold(ALL_OPEN, 'node-b'), 6],
		['all folded, one opened', toggleHostFold(folded, 'node-a'), 5],
		['all open again (* twice)', toggleAllFolds(folded), 8],
		['a fold undone', toggleHostFold(toggleHostFold(ALL_OPEN, 'node-b'), 'node-b'), 8],
	] as const)('%s', (_what, folds, count) => {
		const table = hostTable(rows, rows, sortBy('name'), folds);
		expect(table.length).toBe(count);
		expect(table.addresses).toHaveLength(count);
		expect(table.hosts).toBe(3);
	});

	it('finds a worker at its row, or at its host row while its host is folded; a host at its row', () => {
		const open = hostTable(rows, rows, sortBy('name'), ALL_OPEN);
		const shut = hostTable(rows, rows, sortBy('name'), toggleHostFold(ALL_OPEN, 'node-a'));
		expect(open.locate({address: 'tcp://10.0.0.1:4002'})).toBe(2);
		expect(shut.locate({address: 'tcp://10.0.0.1:4002'})).toBe(0);
		expect(shut.locate({address: 'tcp://10.0.0.2:4002'})).toBe(3);
		expect(shut.locate({host: 'node-c'})).toBe(4);
		expect(shut.locate({address: 'tcp://nowhere:1'})).toBe(-1);
		expect([0, 1, 2, 3].map((i) => open.hostAt(i))).toEqual(['node-a', 'node-a', 'node-a', 'node-b']);
		expect(open.addresses.slice(0, 3)).toEqual([undefined, 'tcp://10.0.0.1:4001', 'tcp://10.0.0.1:4002']);
	});

	it('finds in the flat table a worker, or the first worker of a host', () => {
		expect(locateFlat(rows, {host: 'node-b'})).toBe(2);
		expect(locateFlat(rows, {address: 'tcp://10.0.0.3:4001'})).toBe(4);
		expect(locateFlat(rows, {host: 'node-z'})).toBe(-1);
	});

	it('returns the same table for the same rows, sort and folds (one build per poll)', () => {
		expect(hostTable(rows, rows, sortBy('name'), folded)).toBe(hostTable(rows, rows, sortBy('name'), folded));
		expect(hostTable(rows, rows, sortBy('name'), folded)).not.toBe(hostTable(rows, rows, sortBy('cpu'), folded));
	});
});

describe('the recorded fixtures', () => {
	it.each(['2022.12.1', '2026.7.1'] as const)(
		"%s: three workers on one loopback host make one host's row of their sums",
		(version) => {
			const snap = fixtureSnapshot(version, 'busy');
			const state = reduce(initialState(), {type: 'snapshot', snapshot: snap, nowMs: snap.time * 1000});
			const rows = workerRows(state, {sort: sortBy('name')}).rows;
			const table = hostTable(rows, rows, sortBy('name'));
			expect(outline(entries(table))).toEqual(['127.0.0.1 - (3/3)', '  alpha', '  beta', '  gamma']);
			const sums = table.entry(0)!.row;
			const add = (field: 'threads' | 'memory_limit_bytes' | 'tasks_executing') =>
				rows.reduce((total, r) => total + (r[field] ?? 0), 0);
			expect(sums.threads).toBe(add('threads'));
			expect(sums.memory_limit_bytes).toBe(add('memory_limit_bytes'));
			expect(sums.tasks_executing).toBe(add('tasks_executing'));
		},
	);
});

describe('10,000 workers on 1,250 hosts (SYNTHESIZED: no recording is that big)', () => {
	const N = 10_000;
	const workers: WorkerSnapshot[] = Array.from({length: N}, (_, i) => ({
		address: `tcp://10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}:8786`,
		name: `worker-${i}`,
		host: `node-${String(i >> 3).padStart(4, '0')}`,
		status: 'running',
		nthreads: 4,
		cpu_percent: (i * 7) % 100,
		memory_process_bytes: ((i % 5) + 1) * GiB,
		memory_limit_bytes: 8 * GiB,
		tasks_executing: i % 4,
		sources: {},
	}));
	const state = stateWith(workers);

	it('groups, sorts, folds and filters in a few ms, and the same query is answered from the cache', () => {
		const sort = sortBy('cpu', true);
		const rows = workerRows(state, {sort}).rows;
		let start = performance.now();
		const open = hostTable(rows, rows, sort);
		const buildMs = performance.now() - start;
		start = performance.now();
		const folded = hostTable(rows, rows, sort, toggleAllFolds(ALL_OPEN));
		const foldedMs = performance.now() - start;
		const shown = workerRows(state, {sort, filter: 'node-000'}).rows;
		start = performance.now();
		const filtered = hostTable(rows, shown, sort);
		const filterMs = performance.now() - start;
		start = performance.now();
		hostTable(rows, rows, sort);
		const cachedMs = performance.now() - start;
		console.log(
			`${N} workers on 1,250 hosts: group+sort ${buildMs.toFixed(1)} ms, all folded ${foldedMs.toFixed(1)} ms, ` +
				`filtered ${filterMs.toFixed(1)} ms, same query again ${cachedMs.toFixed(3)} ms`,
		);
		expect(open.hosts).toBe(1250);
		expect(open.length).toBe(N + 1250);
		expect(folded.length).toBe(1250);
		expect(filtered.hosts).toBe(10); // node-0000 … node-0009
		expect(filtered.length).toBe(10 * 9);
		// Hosts in descending CPU sum; workers within each host in descending CPU.
		const sums = entries(open)
			.filter((e) => e.kind === 'host')
			.map((e) => e.row.cpu_percent ?? 0);
		expect(sums).toEqual([...sums].sort((a, b) => b - a));
		expect(hostTable(rows, rows, sort)).toBe(open);
		expect(buildMs).toBeLessThan(3000); // a guard against a blow-up only: the printed time is the measurement
	});
});
