/**
 * The column setup (F2) as pure state: its keys through the bindings table, their rows' updates, and closing
 * it, which asks to save the columns only when they changed. The choice a saved list stands for.
 */
import {describe, expect, it} from 'vitest';
import {dispatchInput, inputContext} from '../../../source/ui/keys/app-keys.js';
import {appView} from '../../../source/ui/frame/app-view.js';
import {bindingFor, resolveKey} from '../../../source/ui/keys/key-lookup.js';
import {columnChoices, DEFAULT_COLUMNS, shownColumnIds} from '../../../source/ui/state/column-choice.js';
import {initialUiState, type UiState} from '../../../source/ui/state/ui-state.js';
import type {InputEvent} from '../../../source/ui/input/parse.js';
import {CHOOSABLE_COLUMNS} from '../../../source/types/worker-column-ids.js';
import {fixtureRun, tuiData} from '../../helpers/fixture-data.js';
import {ctx, pressOn} from '../../helpers/ui-context.js';
import {leftPress} from '../../helpers/mouse.js';
import {PLAIN} from '../../helpers/render.js';

const setup = {mode: 'columns', replay: false} as const;

/** The state after pressing `keys` from the workers view. */
function press(keys: readonly string[], state: UiState = initialUiState()): UiState {
	let next = state;
	for (const key of keys) {
		const mode = next.columnSetup !== undefined ? 'columns' : 'workers';
		const binding = bindingFor(key, {mode, replay: false});
		next = binding?.update?.(next, pressOn(ctx, key)) ?? next;
	}
	return next;
}

const ids = (state: UiState) => state.columns.map((c) => `${c.shown ? '' : '-'}${c.id}`);

describe('the column setup keys', () => {
	it('F2 opens it on the workers view, highlighting the first column; Esc, F2 and q close it', () => {
		const open = press(['f2']);
		expect(open.columnSetup).toEqual({cursor: 0, before: DEFAULT_COLUMNS});
		for (const key of ['escape', 'f2', 'q']) expect(press([key], open).columnSetup, key).toBeUndefined();
		expect(resolveKey('q', setup), 'q closes the setup, it does not quit').toBe('columns-close');
		expect(resolveKey('ctrl+c', setup)).toBe('quit');
	});

	it('↓/j and ↑/k move the highlight, held at the ends', () => {
		expect(press(['f2', 'down', 'j', 'j']).columnSetup?.cursor).toBe(3);
		expect(press(['f2', 'up', 'k']).columnSetup?.cursor).toBe(0);
		const many = press(['f2', ...Array.from({length: 40}, () => 'down')]);
		expect(many.columnSetup?.cursor).toBe(CHOOSABLE_COLUMNS.length - 1);
	});

	it('space hides and shows the highlighted column; NAME stays shown', () => {
		const hidden = press(['f2', 'j', 'space']);
		expect(ids(hidden).slice(0, 3)).toEqual(['name', '-address', 'status']);
		expect(ids(press(['space'], hidden)).slice(0, 3)).toEqual(['name', 'address', 'status']);
		expect(ids(press(['f2', 'space']))[0], 'name').toBe('name');
	});

	it('[ / Shift-↑ and ] / Shift-↓ move the highlighted column, the highlight with it, not past the ends', () => {
		const later = press(['f2', 'j', ']', 'shift+down']);
		expect(ids(later).slice(0, 4)).toEqual(['name', 'status', 'threads', 'address']);
		expect(later.columnSetup?.cursor).toBe(3);
		const earlier = press(['[', 'shift+up', '[', '['], later);
		expect(ids(earlier).slice(0, 4)).toEqual(['address', 'name', 'status', 'threads']);
		expect(earlier.columnSetup?.cursor).toBe(0);
		const last = press(['f2', 'G', 'end', ...Array.from({length: 20}, () => 'j'), ']']);
		expect(ids(last)).toEqual(ids(press(['f2', ...Array.from({length: 20}, () => 'j')])));
	});

	it('the replay keys that share [ ] and space do not apply in the setup', () => {
		const replaySetup = {mode: 'columns', replay: true} as const;
		expect(resolveKey('[', replaySetup)).toBe('columns-earlier');
		expect(resolveKey(']', replaySetup)).toBe('columns-later');
		expect(resolveKey('space', replaySetup)).toBe('columns-toggle');
	});
});

describe('closing the setup', () => {
	const data = tuiData(fixtureRun('2022.12.1', ['idle', 'busy']));
	const close = (start: UiState, keys: string[]) => {
		const view = appView({
			ui: start,
			data,
			url: 'http://scheduler:8787/',
			size: {columns: 120, rows: 30},
			theme: PLAIN,
			source: {kind: 'live', clusters: false},
			clusterBar: false,
			allowActions: false,
		});
		const context = inputContext(view, data, {
			source: {kind: 'live', clusters: false},
			allowActions: false,
			terminal: false,
			canAct: false,
		});
		const events: InputEvent[] = keys.map((key) => ({kind: 'key', key}));
		return dispatchInput(view.shown, events, 0, undefined, context);
	};

	it('asks to save the shown columns in order when they changed', () => {
		const result = close(initialUiState(), ['f2', 'j', 'space', 'j', ']', 'escape']);
		expect(result.state.columnSetup).toBeUndefined();
		const expected = CHOOSABLE_COLUMNS.filter((id) => id !== 'address');
		[expected[1], expected[2]] = [expected[2]!, expected[1]!];
		expect(result.effects).toEqual([{kind: 'save-columns', columns: expected}]);
	});

	it('a click on an entry highlights it; a click below the list or on the title does nothing', () => {
		const open = close(initialUiState(), ['f2']).state;
		const view = appView({
			ui: open,
			data,
			url: 'http://scheduler:8787/',
			size: {columns: 120, rows: 30},
			theme: PLAIN,
			source: {kind: 'live', clusters: false},
			clusterBar: false,
			allowActions: false,
		});
		if (view.pointer.kind !== 'columns') throw new Error(view.pointer.kind);
		const context = inputContext(view, data, {
			source: {kind: 'live', clusters: false},
			allowActions: false,
			terminal: false,
			canAct: false,
		});
		const at = (y: number) => dispatchInput(open, [leftPress(3, y)], 0, undefined, context).state;
		expect(view.pointer.itemsTop).toBe(view.layout.bodyTop + 1);
		expect(at(view.pointer.itemsTop + 3).columnSetup?.cursor).toBe(3);
		expect(at(view.layout.bodyTop)).toBe(open);
		expect(at(view.pointer.itemsTop + CHOOSABLE_COLUMNS.length)).toBe(open);
	});

	it('asks nothing when they did not change (changed and changed back included)', () => {
		expect(close(initialUiState(), ['f2', 'j', 'j', 'escape']).effects).toEqual([]);
		expect(close(initialUiState(), ['f2', 'j', 'space', 'space', ']', '[', 'f2']).effects).toEqual([]);
	});
});

describe('the choice a saved list stands for', () => {
	it('is every column shown, in the table order, without one', () => {
		expect(columnChoices(undefined)).toBe(DEFAULT_COLUMNS);
		expect(shownColumnIds(DEFAULT_COLUMNS)).toEqual(CHOOSABLE_COLUMNS);
	});

	it('shows those listed in their order, then the others hidden; NAME first when missing', () => {
		const choice = columnChoices(['cpu', 'status']);
		expect(choice.slice(0, 4)).toEqual([
			{id: 'name', shown: true},
			{id: 'cpu', shown: true},
			{id: 'status', shown: true},
			{id: 'address', shown: false},
		]);
		expect(choice).toHaveLength(CHOOSABLE_COLUMNS.length);
		expect(shownColumnIds(columnChoices(['heartbeat', 'name', 'cpu']))).toEqual(['heartbeat', 'name', 'cpu']);
	});
});
