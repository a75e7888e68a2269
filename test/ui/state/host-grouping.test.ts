/**
 * Grouping the worker table by host, key by key, through the screen's view-model as the App runs it
 * (appView → syncRows → dispatchInput): which row is selected, which rows show, what the title says.
 * The cluster is synthesized (worker snapshots on two hosts): the recorded fixtures run every worker
 * on one loopback host.
 */
import {describe, expect, it} from 'vitest';
import {initialState, reduce} from '../../../source/model/index.js';
import type {ClusterState} from '../../../source/model/types.js';
import {appView, type AppView} from '../../../source/ui/frame/app-view.js';
import type {TuiData} from '../../../source/ui/frame/tui-data.js';
import {dispatchInput, inputContext} from '../../../source/ui/keys/app-keys.js';
import {syncRows} from '../../../source/ui/state/cursor.js';
import {initialUiState, type UiState} from '../../../source/ui/state/ui-state.js';
import type {WorkerSnapshot} from '../../../source/types/snapshot.js';
import {LIVE} from '../../helpers/fixture-data.js';
import {leftPress} from '../../helpers/mouse.js';
import {ASCII, PLAIN} from '../../helpers/render.js';
import {createBodyMemo} from '../../../source/ui/frame/body-lines.js';
import {frameLines} from '../../../source/ui/frame/frame-lines.js';
import type {Theme} from '../../../source/ui/draw/theme.js';
import {snapshot, worker} from '../../helpers/snapshots.js';

const T0 = 1_800_000_000_000;
const GiB = 1024 ** 3;

/** Three workers on 127.0.0.1 and two on 127.0.0.2, as `dask worker --nworkers` on two nodes. */
const WORKERS: readonly WorkerSnapshot[] = [
	['one-a', '127.0.0.1', 40, 1],
	['one-b', '127.0.0.1', 10, 2],
	['one-c', '127.0.0.1', 30, 1],
	['two-a', '127.0.0.2', 90, 3],
	['two-b', '127.0.0.2', 95, 1],
].map(([name, host, cpu, gib], i) =>
	worker(`tcp://${host}:${40001 + i}`, {
		name: name as string,
		host: host as string,
		nthreads: 2,
		cpu_percent: cpu as number,
		memory_process_bytes: (gib as number) * GiB,
		memory_limit_bytes: 4 * GiB,
		tasks_executing: 1,
	}),
);

const model: ClusterState = reduce(initialState(), {
	type: 'snapshot',
	snapshot: snapshot(T0 / 1000, WORKERS),
	nowMs: T0,
});
const data: TuiData = {model, status: LIVE, intervalMs: 2000, nowMs: T0};
const how = {source: {kind: 'live', clusters: false}, allowActions: false, terminal: false, canAct: false} as const;

function screen(ui: UiState, columns = 120, theme: Theme = PLAIN, rows = 30): AppView {
	return appView({
		ui,
		data,
		url: 'http://scheduler:8787/',
		size: {columns, rows},
		theme,
		source: how.source,
		clusterBar: false,
		allowActions: false,
	});
}

/** The App's way: the state synced to the screen's rows, then the keys (tmux-like names) one by one. */
function press(ui: UiState, ...keys: string[]): UiState {
	let state = ui;
	for (const key of keys) {
		const view = screen(state);
		const start = syncRows(state, view.ctx);
		state = dispatchInput(start, [{kind: 'key', key}], 0, undefined, inputContext(view, data, how)).state;
	}
	return state;
}

/** The table's rows (`- host` open, `+ host` folded, a worker indented under it), the selected one marked `>`. */
function rows(ui: UiState): string[] {
	const view = screen(ui);
	const body = view.screen.kind === 'screen' ? view.screen.body : undefined;
	if (body?.kind !== 'workers') throw new Error(`expected the worker table, got ${body?.kind}`);
	const {table} = body;
	const names = table.hosts
		? Array.from({length: table.hosts.length}, (_, i) => table.hosts!.entry(i)!).map((e) =>
				e.kind === 'host' ? `${e.open ? '-' : '+'} ${e.row.name}` : `  ${e.row.name}`,
			)
		: table.rows.map((r) => r.name);
	return names.map((name, i) => `${i === view.shown.cursor.workers ? '>' : ' '}${name}`);
}

describe('grouping by host, key by key', () => {
	const flat = initialUiState();

	it('t groups the table: a row per host (one worker or several), its workers under it, sorted by name', () => {
		// the selected worker (the first) stays selected
		expect(rows(press(flat, 't'))).toEqual([
			' - 127.0.0.1',
			'>  one-a',
			'   one-b',
			'   one-c',
			' - 127.0.0.2',
			'   two-a',
			'   two-b',
		]);
		expect(rows(press(flat, 't', 't'))).toEqual(['>one-a', ' one-b', ' one-c', ' two-a', ' two-b']);
	});

	it('keeps the selected worker selected into its host group and out of it', () => {
		const grouped = press(flat, 'j', 'j', 'j', 't'); // two-a selected in the flat table
		expect(rows(grouped)[5]).toBe('>  two-a');
		expect(rows(press(grouped, 'j', 't'))).toContain('>two-b');
		// from a host's row, its first worker
		expect(rows(press(grouped, 'k', 't'))).toContain('>two-a');
	});

	it('Enter on a host row folds and unfolds it; on a worker row it opens the detail', () => {
		const folded = press(flat, 't', 'k', 'enter');
		expect(rows(folded)).toEqual(['>+ 127.0.0.1', ' - 127.0.0.2', '   two-a', '   two-b']);
		expect(folded.detail).toBeUndefined();
		expect(rows(press(folded, 'enter'))).toHaveLength(7);
		expect(press(flat, 't', 'enter').detail).toBe(WORKERS[0]!.address);
	});

	it('* folds every host (the selection on its host row) and opens them again', () => {
		const all = press(flat, 't', 'j', '*');
		expect(rows(all)).toEqual(['>+ 127.0.0.1', ' + 127.0.0.2']);
		expect(rows(press(all, '*'))).toHaveLength(7);
		// a new poll does not reopen them
		expect(rows(press(all, 'R'))).toEqual(['>+ 127.0.0.1', ' + 127.0.0.2']);
	});

	it('sorts hosts by their sums and workers within each host (P: CPU, busiest first)', () => {
		expect(rows(press(flat, 't', 'g', 'P'))).toEqual([
			'>- 127.0.0.2', // 185 = 95 + 90
			'   two-b',
			'   two-a',
			' - 127.0.0.1', // 80
			'   one-a',
			'   one-c',
			'   one-b',
		]);
	});

	it('follows a worker into its folded host and back out (F)', () => {
		const followed = press(flat, 't', 'j', 'F'); // one-b
		expect(followed.follow).toBe(WORKERS[1]!.address);
		const sorted = press(followed, 'P'); // the sort moves one-b to the end of its host
		expect(rows(sorted)).toContain('>  one-b');
		const folded = press(sorted, 'k', 'k', 'k', 'enter'); // its host's row: now followed
		expect(folded.followHost).toBe('127.0.0.1');
		expect(rows(press(folded, 'M')).find((r) => r.startsWith('>'))).toBe('>+ 127.0.0.1');
	});

	it('a followed worker whose host is folded keeps its host row selected', () => {
		const followed = press(flat, 't', 'G', 'F'); // two-b
		const all = press(followed, '*');
		expect(rows(all).find((r) => r.startsWith('>'))).toBe('>+ 127.0.0.2');
		expect(all.follow).toBe(WORKERS[4]!.address);
	});

	it('filters: hosts with a matching worker, only those workers under them; a host whose name matches', () => {
		const typed = (filter: string) => press(flat, 't', '/', ...filter, 'enter', 'g');
		expect(rows(typed('two-b'))).toEqual(['>- 127.0.0.2', '   two-b']);
		expect(rows(typed('-a'))).toEqual(['>- 127.0.0.1', '   one-a', ' - 127.0.0.2', '   two-a']);
		expect(rows(typed('0.0.1'))).toEqual(['>- 127.0.0.1', '   one-a', '   one-b', '   one-c']);
	});

	it("j / k in a worker's detail go from worker to worker over the host rows", () => {
		const detail = press(flat, 't', 'j', 'j', 'enter'); // one-c
		expect(detail.detail).toBe(WORKERS[2]!.address);
		expect(press(detail, 'j').detail).toBe(WORKERS[3]!.address);
		expect(press(detail, 'j', 'k').detail).toBe(WORKERS[2]!.address);
	});

	it('a double-click on a host row folds it, as Enter does', () => {
		const grouped = press(flat, 't', 'g');
		const view = screen(grouped);
		const input = inputContext(view, data, how);
		if (input.pointer.kind !== 'workers') throw new Error('expected the worker table');
		const y = input.pointer.list.rowsTop + 4; // 127.0.0.2
		const start = syncRows(grouped, view.ctx);
		const once = dispatchInput(start, [leftPress(3, y)], 1000, undefined, input);
		const twice = dispatchInput(once.state, [leftPress(3, y)], 1100, once.lastPress, input);
		expect(rows(twice.state)).toEqual([' - 127.0.0.1', '   one-a', '   one-b', '   one-c', '>+ 127.0.0.2']);
	});

	it('F9 on a host row names no worker to retire', () => {
		const view = screen(press(flat, 't', 'g'));
		const allowed = {...how, allowActions: true, canAct: true};
		const result = dispatchInput(
			view.shown,
			[{kind: 'key', key: 'K'}],
			0,
			undefined,
			inputContext(view, data, allowed),
		);
		expect(result.state.confirm).toBeUndefined();
	});
});

describe('the grouped table on screen', () => {
	const lines = (ui: UiState, columns: number) => {
		const view = screen(ui, columns);
		if (view.screen.kind !== 'screen' || view.screen.body.kind !== 'workers') throw new Error('expected the table');
		return view;
	};

	it.each([80, 120])('at %i columns: the title counts the hosts and the host rows carry the sums', (columns) => {
		const view = lines(press(initialUiState(), 't'), columns);
		expect(view.frame.hosts?.hosts).toBe(2);
		const row = view.frame.hosts!.entry(0)!.row;
		expect(row).toMatchObject({threads: 6, cpu_percent: 80, memory_process_bytes: 4 * GiB, tasks_executing: 3});
		expect(row.memory_limit_bytes).toBe(12 * GiB);
	});
});

describe('the grouped table drawn', () => {
	const drawn = (ui: UiState, columns: number, rows: number, theme: Theme) =>
		frameLines(screen(ui, columns, theme, rows), theme, undefined, createBodyMemo()).lines.map((l) =>
			'segments' in l ? l.segments.map((s) => s.text).join('') : l.plain,
		);

	it.each([
		[80, 24, PLAIN, ['- 127.0.0.1 (3)', '├ one-a', '└ one-c', '- 127.0.0.2 (2)', '└ two-b']],
		[120, 40, PLAIN, ['- 127.0.0.1 (3)  3 workers', '├ one-b          127.0.0.1:40002']],
		[80, 24, ASCII, ['- 127.0.0.1 (3)', '| one-a', '` one-c', '- 127.0.0.2 (2)', '` two-b']],
	] as const)('at %ix%i (%#): host rows with their counts, workers as branches', (columns, rows, theme, parts) => {
		const lines = drawn(press(initialUiState(), 't'), columns, rows, theme);
		expect(lines).toHaveLength(rows);
		for (const line of lines) expect(line.length).toBeLessThanOrEqual(columns);
		for (const part of parts) expect(lines.some((line) => line.includes(part))).toBe(true);
		expect(lines.some((l) => l.startsWith('Workers 5 on 2 hosts  sorted by name'))).toBe(true);
	});

	it('says at 120 columns that a host row adds up its workers, CPU% included', () => {
		const lines = drawn(press(initialUiState(), 't'), 120, 40, PLAIN);
		expect(lines.find((l) => l.startsWith('Workers 5 on'))).toContain('host rows add up their workers (CPU% too)');
		// the sums on 127.0.0.1's row: 6 threads, 80 CPU% (40 + 10 + 30), 4 GiB of 12 GiB = 33%
		expect(lines.find((l) => l.includes('- 127.0.0.1'))).toMatch(/running +6 +80 .* 33%/);
	});

	it('marks a folded host with + and a filtered one with its shown / all counts', () => {
		const folded = drawn(press(initialUiState(), 't', 'k', 'enter'), 120, 40, PLAIN);
		expect(folded.some((l) => l.includes('+ 127.0.0.1 (3)'))).toBe(true);
		expect(folded.some((l) => l.includes('one-a'))).toBe(false);
		const filtered = drawn(press(initialUiState(), 't', '/', ...'one-b', 'enter'), 120, 40, PLAIN);
		expect(filtered.find((l) => l.includes('- 127.0.0.1'))).toMatch(/- 127\.0\.0\.1 +1 of 3 workers/);
	});
});
