/**
 * Text from the cluster drives no terminal, whichever sink prints it: thousands of seeded random
 * names, prefixes, task keys, a status, a host and a scheduler id made of escape sequences (OSC
 * titles and hyperlinks, SGR, clear-screen), C1 controls, bidi overrides and isolates, zero-width
 * and format characters, separators and lone surrogates, mixed with wide and combining characters,
 * put into REAL recorded answers of Dask 2026.7.1 (idle, busy, then a worker died) and fed through
 * the pipeline as a live cluster's rounds. Every sink is read byte by byte: the --once text, the
 * --check line, the full screen's frames (workers, events, progress, a worker's detail, the retire
 * confirmation) as the cell diff writes them, --diff's text, and --json (exact, yet inert).
 */
import {describe, expect, it} from 'vitest';
import {triageView} from '../source/model/index.js';
import {formatJsonDocument, toJsonDocument, triageExtras, type JsonDocument} from '../source/output/json-document.js';
import {checkResult, judgeCluster} from '../source/output/check-verdict.js';
import {formatOnce} from '../source/output/once-format.js';
import {createPipeline, type Pipeline} from '../source/pipeline.js';
import {formatDiffText} from '../source/record/diff-text.js';
import {diffSnapshots} from '../source/record/diff.js';
import {createScreen} from '../source/terminal/screen-diff.js';
import type {Snapshot} from '../source/types/snapshot.js';
import {appView} from '../source/ui/frame/app-view.js';
import {createBodyMemo} from '../source/ui/frame/body-lines.js';
import {frameLines} from '../source/ui/frame/frame-lines.js';
import {createFrameText} from '../source/ui/draw/line-text.js';
import {workerPageState} from '../source/ui/shell/store.js';
import {makeTheme} from '../source/ui/draw/theme.js';
import type {TuiData} from '../source/ui/frame/tui-data.js';
import {initialUiState, type UiState} from '../source/ui/state/ui-state.js';
import {asciiProse} from '../source/units/ascii.js';
import {inertIn, type TextStyle} from '../source/units/inert.js';
import {fixtureRounds, LIVE} from './helpers/fixture-data.js';
import {activeLeft, hostileNames, hostileRound, recordedPrefixes, type HostileNames} from './helpers/hostile.js';

const ROUNDS = fixtureRounds('2026.7.1', ['idle', 'busy', 'worker-died']);
const SEEDS = Array.from({length: 60}, (_, i) => i + 1);
const SIZE = {columns: 120, rows: 40};

function fed(hostile: HostileNames, text: TextStyle): {pipeline: Pipeline; snapshots: Snapshot[]} {
	const pipeline = createPipeline({text, model: {intervalMs: 2000}});
	const snapshots = ROUNDS.map((raw) =>
		pipeline.ingest(hostileRound(raw, hostile), {source: {status: LIVE, intervalMs: 2000}}),
	);
	return {pipeline, snapshots};
}

/** The bytes the full screen writes for each view, one frame after the other, in colour. */
function screenBytes(pipeline: Pipeline, ascii: boolean): string {
	const theme = makeTheme({color: true, ascii});
	const model = pipeline.state();
	const first = model.snapshot!.workers[0]!;
	const ui = initialUiState();
	const views: UiState[] = [
		ui,
		{...ui, view: 'events'},
		{...ui, view: 'progress'},
		{...ui, detail: first.address},
		{...ui, confirm: {address: first.address, name: first.name}},
	];
	const screen = createScreen(() => SIZE);
	const frameText = createFrameText();
	const memo = createBodyMemo();
	let bytes = '';
	for (const state of views) {
		const page = state.detail === undefined ? undefined : workerPageState(pipeline.cache(), state.detail);
		const data: TuiData = {
			model,
			status: LIVE,
			intervalMs: 2000,
			nowMs: model.nowMs ?? 0,
			...(page ? {workerPage: page} : {}),
		};
		const view = appView({
			ui: state,
			data,
			url: 'http://scheduler:8787/',
			size: SIZE,
			theme,
			source: {kind: 'live', clusters: false},
			clusterBar: false,
			allowActions: true,
		});
		const {lines, width} = frameLines(view, theme, undefined, memo);
		bytes += screen.update(frameText(lines, theme, width));
	}
	return bytes;
}

describe.each([
	['unicode', false],
	['ascii', true],
] as const)('text from the cluster on every sink (%s)', (text, ascii) => {
	const shown = inertIn(text);
	const left = (output: string, more: {own?: boolean; oneLine?: boolean} = {}) => activeLeft(output, {...more, ascii});

	it('writes no control, C1, bidi or format character in --once, --check, --diff or the screen', () => {
		let names = 0;
		for (const seed of SEEDS) {
			const hostile = hostileNames(ROUNDS[1]!, seed);
			const {pipeline, snapshots} = fed(hostile, text);
			const lost = [...hostile.names].find(([address]) => !snapshots[2]!.workers.some((w) => w.address === address));

			const once = formatOnce(pipeline, false, ascii)!;
			const check = checkResult([judgeCluster('c', snapshots[2]!, pipeline.state())]).line;
			const diff = formatDiffText(diffSnapshots(snapshots[0]!, snapshots[2]!), {startMs: ROUNDS[0]!.atMs});
			const bytes = screenBytes(pipeline, ascii);
			expect(
				{
					once: left(once),
					check: left(check, {oneLine: true}),
					diff: left(ascii ? asciiProse(diff) : diff),
					screen: left(bytes, {own: true}),
				},
				`seed ${seed}`,
			).toEqual({once: [], check: [], diff: [], screen: []});

			// The names did reach the sinks: the lost worker's, in its alert and in the events.
			if (lost) {
				const name = shown(lost[1]);
				expect(triageView(pipeline.state()).events.some((e) => e.message.includes(name))).toBe(true);
				names += 1;
			}
			names += [...hostile.names.values()].filter((name) => once.includes(shown(name))).length;
		}
		expect(names).toBeGreaterThan(SEEDS.length * 2);
	}, 120_000);
});

describe('text from the cluster in --json', () => {
	it.each([false, true])('is exact and yet inert: every string reads back as given (ascii %s)', (ascii) => {
		for (const seed of SEEDS.slice(0, 20)) {
			const hostile = hostileNames(ROUNDS[1]!, seed);
			const {pipeline} = fed(hostile, 'exact');
			const snapshot = pipeline.snapshot()!;
			const json = formatJsonDocument(
				toJsonDocument(snapshot, triageExtras(triageView(pipeline.state()), pipeline.state())),
				ascii,
			);
			expect(activeLeft(json, {ascii}), `seed ${seed}`).toEqual([]);
			const document = JSON.parse(json) as JsonDocument;
			for (const w of document.workers) expect(w.name).toBe(hostile.names.get(w.address));
			for (const w of document.lost_workers ?? []) expect(w.name).toBe(hostile.names.get(w.address));
			const prefixes = recordedPrefixes(ROUNDS[2]!).map((prefix) => hostile.prefixes.get(prefix) ?? prefix);
			expect(Object.keys(document.scheduler.prefixes).sort()).toEqual([...new Set(prefixes)].sort());
		}
	});
});
