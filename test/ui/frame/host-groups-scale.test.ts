/**
 * The table grouped by host at size: a SYNTHESIZED cluster of 10,000 workers on 1,250 hosts (eight
 * each, as `dask worker --nworkers 8` on 1,250 nodes; no recording is that big), through the screen's
 * view-model and its lines as the App draws them. Only a screenful of rows is drawn; a key press
 * reuses the poll's grouping. Prints the measured times; the bounds are loose (a shared 2-core machine).
 */
import {describe, expect, it} from 'vitest';
import {initialState, reduce} from '../../../source/model/index.js';
import type {ClusterState} from '../../../source/model/types.js';
import {appView, type AppView} from '../../../source/ui/frame/app-view.js';
import {createBodyMemo} from '../../../source/ui/frame/body-lines.js';
import {frameLines} from '../../../source/ui/frame/frame-lines.js';
import type {TuiData} from '../../../source/ui/frame/tui-data.js';
import {dispatchInput, inputContext} from '../../../source/ui/keys/app-keys.js';
import {syncRows} from '../../../source/ui/state/cursor.js';
import {initialUiState, type UiState} from '../../../source/ui/state/ui-state.js';
import {synthSnapshot} from '../../../bench/synth.js';
import {LIVE} from '../../helpers/fixture-data.js';
import {PLAIN} from '../../helpers/render.js';

const N = 10_000;
const START_S = 1_790_000_000;

function modelOf(rounds: number): ClusterState {
	let state = initialState({intervalMs: 2000});
	for (let r = 0; r < rounds; r++) {
		const snap = synthSnapshot(N, r, START_S + 2 * r);
		const workers = snap.workers.map((w, i) => ({...w, host: `node-${String(i >> 3).padStart(4, '0')}`}));
		state = reduce(state, {type: 'snapshot', snapshot: {...snap, workers}, nowMs: (START_S + 2 * r) * 1000});
	}
	return state;
}

const how = {source: {kind: 'live', clusters: false}, allowActions: false, terminal: false, canAct: false} as const;

describe(`${N} workers on 1,250 hosts, grouped (synthesized)`, () => {
	const polls = [modelOf(2), modelOf(3), modelOf(4)];
	const dataOf = (model: ClusterState): TuiData => ({model, status: LIVE, intervalMs: 2000, nowMs: START_S * 1000});
	const view = (ui: UiState, data: TuiData, previous?: AppView): AppView =>
		appView(
			{
				ui,
				data,
				url: 'http://scheduler:8787/',
				size: {columns: 120, rows: 40},
				theme: PLAIN,
				source: how.source,
				clusterBar: false,
				allowActions: false,
			},
			previous?.frame,
		);

	it('groups each poll once, reuses it for a key press, and draws only a screenful of rows', () => {
		const memo = createBodyMemo();
		const data = dataOf(polls[0]!);
		const flat = view(initialUiState(), data);
		const press = (v: AppView, d: TuiData, key: string): UiState =>
			dispatchInput(syncRows(v.shown, v.ctx), [{kind: 'key', key}], 0, undefined, inputContext(v, d, how)).state;

		let start = performance.now();
		const grouped = view(press(flat, data, 't'), data, flat);
		const lines = frameLines(grouped, PLAIN, undefined, memo).lines;
		const groupMs = performance.now() - start;
		expect(grouped.frame.hosts?.hosts).toBe(1250);
		expect(grouped.ctx.counts.workers).toBe(N + 1250);
		expect(lines).toHaveLength(40);

		start = performance.now();
		const moved = view(press(grouped, data, 'j'), data, grouped);
		frameLines(moved, PLAIN, undefined, memo);
		const keyMs = performance.now() - start;
		expect(moved.frame.hosts).toBe(grouped.frame.hosts); // the same grouping: nothing regrouped for a key

		start = performance.now();
		const folded = view(press(moved, data, '*'), data, moved);
		frameLines(folded, PLAIN, undefined, memo);
		const foldMs = performance.now() - start;
		expect(folded.ctx.counts.workers).toBe(1250);

		const next = dataOf(polls[1]!);
		start = performance.now();
		const polled = view(folded.shown, next, folded);
		frameLines(polled, PLAIN, undefined, memo);
		const pollMs = performance.now() - start;
		expect(polled.frame.hosts).not.toBe(folded.frame.hosts);
		expect(polled.ctx.counts.workers).toBe(1250);

		// A new poll on the flat table, for comparison (a poll of its own: every derivation of it is new too).
		const flatMemo = createBodyMemo();
		frameLines(flat, PLAIN, undefined, flatMemo);
		start = performance.now();
		frameLines(view(flat.shown, dataOf(polls[2]!), flat), PLAIN, undefined, flatMemo);
		const flatPollMs = performance.now() - start;

		const last = view(press(polled, next, 'G'), next, polled);
		const bottom = frameLines(last, PLAIN, undefined, memo).lines;
		const text = bottom.map((l) => ('segments' in l ? l.segments.map((s) => s.text).join('') : l.plain));
		expect(text.some((l) => l.includes('+ node-1249 (8)'))).toBe(true);

		console.log(
			`${N} workers on 1,250 hosts at 120x40: group (t) ${groupMs.toFixed(1)} ms, key press ${keyMs.toFixed(1)} ms, ` +
				`fold all (*) ${foldMs.toFixed(1)} ms, new poll ${pollMs.toFixed(1)} ms (flat: ${flatPollMs.toFixed(1)} ms; ` +
				'each: the view-model and the lines)',
		);
		expect(keyMs).toBeLessThan(500); // loose; the printed times are the measurement
	});
});
