/**
 * Worker names in wide characters (Japanese, an emoji: two columns each), with combining marks
 * (no column), and with controls made visible keep every column in place: on the screen's worker
 * table, in the --once table and its alerts, and in --diff's worker table. REAL recorded answers of
 * Dask 2026.7.1 (busy, then a worker died) with the names replaced.
 */
import stringWidth from 'string-width';
import {describe, expect, it} from 'vitest';
import {formatOnce} from '../source/output/once-format.js';
import {createPipeline, type Pipeline} from '../source/pipeline.js';
import {formatDiffText} from '../source/record/diff-text.js';
import {diffSnapshots} from '../source/record/diff.js';
import type {Snapshot} from '../source/types/snapshot.js';
import {appView} from '../source/ui/frame/app-view.js';
import {createBodyMemo} from '../source/ui/frame/body-lines.js';
import {frameLines} from '../source/ui/frame/frame-lines.js';
import {createFrameText} from '../source/ui/draw/line-text.js';
import {fixtureRounds, LIVE} from './helpers/fixture-data.js';
import {hostileNames, hostileRound} from './helpers/hostile.js';
import {PLAIN} from './helpers/render.js';
import {initialUiState} from '../source/ui/state/ui-state.js';

const ROUNDS = fixtureRounds('2026.7.1', ['busy', 'worker-died']);

/** Three workers each, the first with a plain name to line the others up against. */
const NAME_SETS: ReadonlyArray<readonly [string, string, string]> = [
	['plain-01', '計算ノード東京-gpu', '😀-emoji-worker'],
	['plain-01', 'e\u0301\u0301-combining', '\u0301-leading-mark'],
	['plain-01', 'Ωμέγα-ßé', 'red\u001b[31m\u202eevil'],
];

function fed(names: readonly string[]): {pipeline: Pipeline; snapshots: Snapshot[]} {
	const hostile = hostileNames(ROUNDS[0]!, 1);
	const addresses = [...hostile.names.keys()];
	const named = {...hostile, names: new Map(addresses.map((address, i) => [address, names[i]!]))};
	const pipeline = createPipeline({model: {intervalMs: 2000}});
	const snapshots = ROUNDS.map((raw) =>
		pipeline.ingest(
			hostileRound(raw, {...named, prefixes: new Map(), keys: [], status: 'running', host: '127.0.0.1'}),
			{
				source: {status: LIVE, intervalMs: 2000},
			},
		),
	);
	return {pipeline, snapshots};
}

/** The terminal column at which the first match of `part` ends, on each line holding it. */
function columnsAfter(lines: readonly string[], part: RegExp): number[] {
	return lines.flatMap((line) => {
		const match = part.exec(line);
		return match ? [stringWidth(line.slice(0, match.index + match[0].length))] : [];
	});
}

/** The lines of a text table: from its heading (`head` starts it) to the first blank line. */
function tableOf(lines: readonly string[], head: RegExp): string[] {
	const start = lines.findIndex((line) => head.test(line));
	const end = lines.findIndex((line, i) => i > start && line.trim() === '');
	return lines.slice(start + 1, end < 0 ? undefined : end);
}

function screenLines(pipeline: Pipeline): string[] {
	const model = pipeline.state();
	const size = {columns: 120, rows: 30};
	const view = appView({
		ui: {
			view: 'workers',
			help: false,
			helpTop: 0,
			filterText: '',
			filterEditing: false,
			sort: {column: 'name', descending: false},
			cursor: {workers: 0, progress: 0, events: 0, diagnosis: 0, time: 0},
			timeWindow: 'minute',
			top: {workers: 0, progress: 0, events: 0, diagnosis: 0, time: 0},
			paused: false,
			columns: initialUiState().columns,
		},
		data: {model, status: LIVE, intervalMs: 2000, nowMs: model.nowMs},
		url: 'http://scheduler:8787/',
		size,
		theme: PLAIN,
		source: {kind: 'live', clusters: false},
		clusterBar: false,
		allowActions: false,
	});
	const {lines, width} = frameLines(view, PLAIN, undefined, createBodyMemo());
	return createFrameText()(lines, PLAIN, width).split('\n');
}

describe.each(NAME_SETS)('workers named %j, %j and %j', (...names) => {
	const {pipeline, snapshots} = fed(names);

	it("keep the screen table's columns in place, every line within the screen", () => {
		const lines = screenLines(pipeline);
		for (const line of lines) expect(stringWidth(line), line).toBeLessThanOrEqual(120);
		// The address column starts at one column on every row, whatever the name before it.
		const starts = columnsAfter(lines, /^.*? (?=127\.0\.0\.1:4100\d )/);
		expect(starts).toHaveLength(3);
		expect(new Set(starts).size, lines.join('\n')).toBe(1);
	});

	it('keep the --once table and its alerts in columns', () => {
		const lines = formatOnce(pipeline, false)!.split('\n');
		const rows = tableOf(lines, /^NAME /);
		expect(rows).toHaveLength(2);
		// The address and the status columns start at one column on every row.
		expect(new Set(columnsAfter(rows, /^.*? (?=tcp:\/\/)/)).size, rows.join('\n')).toBe(1);
		expect(new Set(columnsAfter(rows, /^.*?tcp:\/\/\S+ +/)).size, rows.join('\n')).toBe(1);
		// Alerts: the message starts at one column whatever the worker's name (two spaces after it).
		const alerts = lines.filter((line) => /^ {10}(CRITICAL|WARNING|INFO) /.test(line));
		expect(alerts.length).toBeGreaterThanOrEqual(2);
		expect(new Set(columnsAfter(alerts, /^ {10}\S+ +.*? {2}(?! )/)).size, alerts.join('\n')).toBe(1);
	});

	it("keep --diff's worker table in columns", () => {
		const rows = tableOf(formatDiffText(diffSnapshots(snapshots[0]!, snapshots[1]!)).split('\n'), /^worker /);
		expect(rows.length).toBeGreaterThanOrEqual(2);
		// The memory column (the first figure after the name) starts at one column on every row.
		expect(new Set(columnsAfter(rows, /^.*? {2,}(?=[\d?])/)).size, rows.join('\n')).toBe(1);
	});
});
