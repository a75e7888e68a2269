/**
 * Keys and mouse reports → the new UI state and the effects for the source and the terminal, as a
 * table, over the screen of REAL fixture data (Dask 2022.12.1, idle → … → worker-died: alpha and
 * beta present, gamma lost) laid out by appView at 120x30.
 */
import {describe, expect, it} from 'vitest';
import type {RetireTrack} from '../../../source/model/departures/retire-types.js';
import type {ClusterState} from '../../../source/model/types.js';
import {detailWorker, dispatchInput, inputContext, type InputContext} from '../../../source/ui/keys/app-keys.js';
import {
	intervalMessage,
	messageDelay,
	REPLAY_INTERVAL_TEXT,
	REPLAY_REFRESH_TEXT,
	replaySpeedMessage,
	type Effect,
} from '../../../source/ui/keys/key-effects.js';
import {appView} from '../../../source/ui/frame/app-view.js';
import {READ_ONLY_TEXT, REPLAY_TEXT} from '../../../source/ui/views/confirm-lines.js';
import {parseInput, type InputEvent} from '../../../source/ui/input/parse.js';
import {leftPress} from '../../helpers/mouse.js';
import {initialUiState, type UiState} from '../../../source/ui/state/ui-state.js';
import {fixtureRun, tuiData} from '../../helpers/fixture-data.js';
import {PLAIN} from '../../helpers/render.js';

const run = fixtureRun('2022.12.1', ['idle', 'busy', 'memory-heavy', 'errors', 'worker-died']);
const data = tuiData(run);
const screen = (ui: UiState = initialUiState(), kind: 'live' | 'replay' = 'live', clusters = false) =>
	appView({
		ui,
		data,
		url: 'http://scheduler:8787/',
		size: {columns: 120, rows: 30},
		theme: PLAIN,
		source: {kind, clusters},
		clusterBar: clusters,
		allowActions: false,
	});
const shown = screen();
const [, beta, gamma] = shown.frame.rows.rows;

const context = (over: Partial<InputContext> = {}, ui?: UiState): InputContext => {
	const source = over.source ?? {kind: 'live', clusters: false};
	const v = screen(ui, source.kind, source.clusters);
	return {...inputContext(v, data, {source, allowActions: false, terminal: false, canAct: true}), ...over};
};
const keys = (...names: string[]): InputEvent[] => names.map((key) => ({kind: 'key', key}));
const click = (x: number, y: number): InputEvent => leftPress(x, y);
const press = (events: InputEvent[], over: Partial<InputContext> = {}, start = shown.shown) =>
	dispatchInput(start, events, 1_000_000, undefined, context(over, start));
const say = (text: string, ms = 3000): Effect => ({kind: 'say', text, ms});
const ALLOWED = {retire: {allowActions: true, kind: 'live' as const, canAct: true}};

describe('what keys do', () => {
	it.each<[string, string[], Partial<InputContext>, Effect[]]>([
		['R refreshes now and says so', ['R'], {}, [{kind: 'refresh'}, say('refreshing now')]],
		['+ asks for the next longer interval', ['+'], {}, [{kind: 'interval', ms: 3000}]],
		['- asks for the next shorter one', ['-'], {intervalMs: 5000}, [{kind: 'interval', ms: 3000}]],
		['- never goes under 1 s', ['-'], {intervalMs: 1000}, [{kind: 'interval', ms: 1000}]],
		[
			'two quick + step twice: the second from what the first asked',
			['+', '+'],
			{},
			[
				{kind: 'interval', ms: 3000},
				{kind: 'interval', ms: 5000},
			],
		],
		[
			'+ in a replay says a recording is not polled',
			['+'],
			{source: {kind: 'replay', clusters: false}},
			[say(REPLAY_INTERVAL_TEXT)],
		],
		['- in a replay says so too', ['-'], {source: {kind: 'replay', clusters: false}}, [say(REPLAY_INTERVAL_TEXT)]],
		[
			'R in a replay has nothing to refresh',
			['R'],
			{source: {kind: 'replay', clusters: false}},
			[say(REPLAY_REFRESH_TEXT)],
		],
		['Ctrl-L redraws', ['ctrl+l'], {}, [{kind: 'redraw'}]],
		['Ctrl-Z stops the process in a terminal', ['ctrl+z'], {terminal: true}, [{kind: 'suspend'}]],
		['Ctrl-Z says why not without one', ['ctrl+z'], {}, [say('Ctrl-Z needs a terminal')]],
		['F9 says a read-only monitor cannot retire', ['f9'], {}, [say(READ_ONLY_TEXT, 8000)]],
		[
			'K says a recording cannot act',
			['K'],
			{retire: {allowActions: true, kind: 'replay', canAct: false}, source: {kind: 'replay', clusters: false}},
			[say(REPLAY_TEXT, 8000)],
		],
		['space pauses a replay', ['space'], {source: {kind: 'replay', clusters: false}}, [{kind: 'replay', op: 'pause'}]],
		[
			'] jumps a minute into a replay',
			[']'],
			{source: {kind: 'replay', clusters: false}},
			[{kind: 'replay', op: 'jump', amount: 60_000}],
		],
		['c does nothing with one cluster', ['c'], {}, []],
		['j moves without an effect', ['j', 'j'], {}, []],
	])('%s', (_, names, over, effects) => {
		expect(press(keys(...names), over).effects).toEqual(effects);
	});

	it('moves the selection and opens a detail, without effects', () => {
		const result = press(keys('j', 'enter'));
		expect(result.state.cursor.workers).toBe(1);
		expect(result.state.detail).toBe(beta!.address);
		expect(result).toMatchObject({effects: [], stopped: false});
	});

	it('pauses a live screen with space', () => {
		expect(press(keys('space')).state.paused).toBe(true);
	});

	it('quits at q, the effects before it kept and the keys after it unread', () => {
		const result = press(keys('R', 'q', 'j'));
		expect(result.effects).toEqual([{kind: 'refresh'}, say('refreshing now'), {kind: 'quit'}]);
		expect(result.stopped).toBe(true);
		expect(result.state.cursor.workers).toBe(0);
	});

	it('takes Esc and a key in one read (a laggy link: Alt+key, unbound) as the two presses', () => {
		const detail = press(keys('j', 'enter')).state;
		expect(detail.detail).toBe(beta!.address);
		const closedThenDown = press(parseInput('\u001Bj').events, {}, detail);
		expect(closedThenDown.state.detail).toBeUndefined();
		expect(closedThenDown.state.cursor.workers).toBe(2);
		const quit = press(parseInput('\u001Bq').events, {}, detail);
		expect(quit).toMatchObject({effects: [{kind: 'quit'}], stopped: true});
		expect(quit.state.detail).toBeUndefined();
	});

	it('switches clusters with the state to keep for the cluster left behind', () => {
		const result = press(keys('j', 'c', 'j'), {source: {kind: 'live', clusters: true}});
		expect(result.stopped).toBe(true);
		expect(result.effects).toEqual([{kind: 'cluster', step: 1, state: result.state}]);
		expect(result.state.cursor.workers).toBe(1);
	});

	it('opens the retire confirmation for the selected worker with --allow-actions, and sends it on y', () => {
		const asked = press(keys('j', 'K'), ALLOWED);
		expect(asked.state.confirm).toEqual({address: beta!.address, name: 'beta'});
		expect(asked.effects).toEqual([]);
		const sent = press(keys('y'), ALLOWED, asked.state);
		expect(sent.state.confirm).toBeUndefined();
		expect(sent.effects).toEqual([
			{kind: 'retire', address: beta!.address},
			say('retire of beta sent: the next polls tell what became of it (events view, 3)', 8000),
		]);
	});

	it('says a lost worker has already left instead of asking to retire it', () => {
		const result = press(keys('G', 'f9'), ALLOWED);
		expect(result.state.confirm).toBeUndefined();
		expect(result.effects).toEqual([say(`gamma has already left (${gamma!.status})`, 8000)]);
	});

	it('closes the confirmation on n without an effect', () => {
		const asked = press(keys('K'), ALLOWED).state;
		expect(asked.confirm?.name).toBe('alpha');
		const closed = press(keys('n'), ALLOWED, asked);
		expect(closed.state.confirm).toBeUndefined();
		expect(closed.effects).toEqual([]);
	});

	it('selects the clicked row, opens it on a double-click and remembers the press between chunks', () => {
		if (shown.pointer.kind !== 'workers') throw new Error(shown.pointer.kind);
		const row = shown.pointer.list.rowsTop + 1; // beta
		const first = press([click(3, row)]);
		expect(first.state.cursor.workers).toBe(1);
		expect(first.lastPress).toEqual({x: 3, y: row, atMs: 1_000_000});
		const second = dispatchInput(first.state, [click(3, row)], 1_000_200, first.lastPress, context({}, first.state));
		expect(second.state.detail).toBe(beta!.address);
		const late = dispatchInput(first.state, [click(3, row)], 1_000_900, first.lastPress, context({}, first.state));
		expect(late.state.detail).toBeUndefined();
	});

	it('sorts by a clicked column heading', () => {
		if (shown.pointer.kind !== 'workers') throw new Error(shown.pointer.kind);
		const cpu = shown.pointer.columns.findIndex((c) => c.spec.id === 'cpu');
		const x = shown.pointer.columns.slice(0, cpu).reduce((n, c) => n + c.width + 1, 0);
		expect(press([click(x, shown.pointer.headingRow)]).state.sort).toEqual({column: 'cpu', descending: true});
	});
});

describe('what the keys know of the screen and the live data', () => {
	it('steps the interval from the live one, and from none while replaying', () => {
		const how = {allowActions: true, terminal: true, canAct: true};
		const live = inputContext(shown, {...data, intervalMs: 5000}, {...how, source: {kind: 'live', clusters: false}});
		expect(live.intervalMs).toBe(5000);
		const replay = inputContext(shown, data, {...how, source: {kind: 'replay', clusters: false}});
		expect(replay.intervalMs).toBe(0);
		// A step just asked of the source counts before a round shows it (the next + steps from it).
		const asked = {...how, source: {kind: 'live' as const, clusters: false}, intervalMs: 10_000};
		expect(inputContext(shown, {...data, intervalMs: 5000}, asked).intervalMs).toBe(10_000);
		expect(replay.retire.kind).toBe('replay');
	});

	it("takes the retire facts from the live model: the scheduler's api module and the retires under way", () => {
		const how = {source: {kind: 'live' as const, clusters: false}, allowActions: true, terminal: false, canAct: true};
		const snapshot = run.model.snapshot!;
		const apiOff = {...snapshot, scheduler: {...snapshot.scheduler, api_enabled: false}};
		const retires: RetireTrack[] = [{address: beta!.address, name: 'beta', sent: run.nowMs / 1000, nanny: true}];
		const model: ClusterState = {...run.model, snapshot: apiOff, retires};
		const known = inputContext(shown, {...data, model}, how);
		expect(known.retire).toEqual({allowActions: true, kind: 'live', canAct: true, apiEnabled: false, retires});
		expect(known.rows).toBe(shown.frame.rows.rows);
		expect(known.ctx).toBe(shown.ctx);
	});
});

describe('what the App is told after the keys', () => {
	const open = (address: string | undefined): UiState =>
		address === undefined ? initialUiState() : {...initialUiState(), detail: address};
	it.each([
		['nothing when the detail did not change', undefined, undefined, undefined],
		['the worker whose detail opened', undefined, 'alpha', 'alpha'],
		['the next worker when j moved the detail', 'alpha', 'beta', 'beta'],
		['none when it closed', 'alpha', undefined, null],
		['none for a lost worker (its page is gone)', 'alpha', 'gamma', null],
	] as const)('fetches %s', (_, before, after, told) => {
		const address = (name: string | undefined) => shown.frame.rows.rows.find((r) => r.name === name)?.address;
		const expected = typeof told === 'string' ? address(told) : told;
		expect(detailWorker(open(address(before)), open(address(after)), shown.frame.rows.rows)).toBe(expected);
	});

	it.each([
		[3000, 1000, 2000],
		[3000, 3000, 0],
		[3000, 9000, 0],
	])('a message until %i, at %i, leaves in %i ms', (untilMs, nowMs, delay) => {
		expect(messageDelay({text: 'x', untilMs}, nowMs)).toBe(delay);
	});

	it('words the answers the source gives', () => {
		expect(intervalMessage(5000)).toBe('polling every 5s');
		expect(intervalMessage(120_000)).toBe('polling every 2m00s');
		expect(replaySpeedMessage(4)).toBe('replay speed ×4');
	});
});
