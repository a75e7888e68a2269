import {describe, expect, it} from 'vitest';
import {
	effectOf,
	initialUiState,
	reduceUi,
	scrollTop,
	scrollTopLines,
	stepInterval,
	syncRows,
	type UiContext,
	type UiState,
} from '../../source/ui/ui-state.js';
import type {Action} from '../../source/ui/bindings.js';

const addresses = Array.from({length: 50}, (_, i) => `tcp://10.0.0.${i}:4000`);
const ctx: UiContext = {
	counts: {workers: 50, progress: 7, events: 3},
	pageRows: {workers: 10, progress: 5, events: 5},
	addresses,
};
const run = (actions: readonly Action[], state: UiState = initialUiState(), context = ctx) =>
	actions.reduce((s, a) => reduceUi(s, a, context), state);

describe('the view and selection reducer', () => {
	it('moves the cursor and keeps it inside the rows', () => {
		expect(run(['move-down', 'move-down', 'move-down']).cursor.workers).toBe(3);
		expect(run(['move-up']).cursor.workers).toBe(0);
		expect(run(['last']).cursor.workers).toBe(49);
		expect(run(['last', 'move-down']).cursor.workers).toBe(49);
		expect(run(['page-down', 'page-down']).cursor.workers).toBe(20);
		expect(run(['last', 'first']).cursor.workers).toBe(0);
	});

	it('scrolls the window only as far as needed to keep the cursor visible', () => {
		const down = run(Array.from({length: 12}, () => 'move-down' as const));
		expect(down.cursor.workers).toBe(12);
		expect(down.top.workers).toBe(3);
		expect(run(['last']).top.workers).toBe(40);
		expect(scrollTop(0, 5, 10, 3)).toBe(0);
		expect(scrollTop(30, 31, 10, 35)).toBe(25);
	});

	it('opens the selected worker in the detail, follows j/k there, and Esc closes it', () => {
		const open = run(['move-down', 'open-detail']);
		expect(open.detail).toBe(addresses[1]);
		const next = reduceUi(open, 'move-down', ctx);
		expect(next.detail).toBe(addresses[2]);
		expect(reduceUi(next, 'back', ctx).detail).toBeUndefined();
	});

	it('cycles views with Tab and jumps with 1/2/3, closing a detail', () => {
		expect(run(['next-view']).view).toBe('progress');
		expect(run(['next-view', 'next-view', 'next-view']).view).toBe('workers');
		const detail = run(['open-detail', 'view-events']);
		expect(detail.view).toBe('events');
		expect(detail.detail).toBeUndefined();
		expect(run(['view-events', 'back']).view).toBe('workers');
	});

	it('keeps a cursor per view', () => {
		const state = run(['move-down', 'view-progress', 'move-down', 'move-down', 'view-workers']);
		expect(state.cursor.workers).toBe(1);
		expect(state.cursor.progress).toBe(2);
	});

	it('walks the sort columns forward and back, and reverses', () => {
		const next = run(['sort-next']);
		expect(next.sort).toEqual({column: 'address', descending: false});
		expect(run(['sort-previous']).sort.column).toBe('severity');
		expect(run(['sort-next', 'sort-next', 'sort-next', 'sort-next', 'sort-next']).sort).toEqual({
			column: 'memory',
			descending: true,
		});
		expect(run(['sort-reverse']).sort.descending).toBe(true);
	});

	it('edits the filter incrementally, keeps it on Enter and clears it on Esc', () => {
		let state = reduceUi(initialUiState(), 'filter-start', ctx);
		for (const ch of ['w', 'k', 'space', 'x']) state = reduceUi(state, 'filter-type', ctx, ch);
		expect(state.filterText).toBe('wk x');
		state = reduceUi(state, 'filter-delete', ctx);
		expect(state.filterText).toBe('wk ');
		const kept = reduceUi(state, 'filter-accept', ctx);
		expect(kept).toMatchObject({filterText: 'wk ', filterEditing: false});
		expect(reduceUi(kept, 'back', ctx).filterText).toBe('');
		expect(reduceUi(state, 'filter-cancel', ctx)).toMatchObject({filterText: '', filterEditing: false});
	});

	it('follows the selected worker when the rows move', () => {
		const following = run(['move-down', 'move-down', 'follow']);
		expect(following.follow).toBe(addresses[2]);
		const reordered = [...addresses].reverse();
		const synced = syncRows(following, {...ctx, addresses: reordered});
		expect(synced.cursor.workers).toBe(47);
		expect(reduceUi(synced, 'follow', ctx).follow).toBeUndefined();
	});

	it('keeps the cursor index when not following, clamped to fewer rows', () => {
		const state = run(['last']);
		const fewer = syncRows(state, {...ctx, counts: {...ctx.counts, workers: 5}, addresses: addresses.slice(0, 5)});
		expect(fewer.cursor.workers).toBe(4);
		expect(fewer.top.workers).toBe(0);
		expect(syncRows(fewer, {...ctx, counts: {...ctx.counts, workers: 5}, addresses: addresses.slice(0, 5)})).toBe(
			fewer,
		);
	});

	it('toggles the pause and the help', () => {
		expect(run(['pause']).paused).toBe(true);
		expect(run(['pause', 'pause']).paused).toBe(false);
		expect(run(['help']).help).toBe(true);
		expect(run(['help', 'help-close']).help).toBe(false);
	});

	it('scrolls the help overlay with j/k within its lines', () => {
		const help = {...ctx, helpLines: 30, helpHeight: 20};
		expect(run(['help', 'move-down', 'move-down'], initialUiState(), help).helpTop).toBe(2);
		expect(run(['help', 'move-up'], initialUiState(), help).helpTop).toBe(0);
		expect(run(['help', ...Array.from({length: 15}, () => 'move-down' as const)], initialUiState(), help).helpTop).toBe(
			10,
		);
		expect(run(['help', 'move-down'], initialUiState(), help).cursor.workers).toBe(0);
	});

	it(
		'scrolls rows of different heights so the selected one is whole on screen, ' +
			'leaving no room unused below the last',
		() => {
			const heights = [1, 3, 1, 4, 2, 1];
			expect(scrollTopLines(0, 2, 6, heights)).toBe(0);
			expect(scrollTopLines(0, 3, 6, heights)).toBe(2);
			expect(scrollTopLines(2, 1, 6, heights)).toBe(1);
			// The last rows fill the screen: the window stops at the top that shows them all.
			expect(scrollTopLines(5, 5, 6, heights)).toBe(4);
			// A row taller than the screen is shown from its start.
			expect(scrollTopLines(0, 3, 3, heights)).toBe(3);
			expect(scrollTopLines(3, 0, 6, [])).toBe(0);
		},
	);

	it('moves through the events by whole entries when their heights are known, a page being the entries that fit', () => {
		const events = {
			...ctx,
			counts: {...ctx.counts, events: 6},
			pageRows: {...ctx.pageRows, events: 6},
			rowLines: {events: [1, 3, 1, 4, 2, 1]},
		};
		const start: UiState = {...initialUiState(), view: 'events'};
		const down = run(['move-down', 'move-down', 'move-down'], start, events);
		expect(down.cursor.events).toBe(3);
		expect(down.top.events).toBe(2);
		const paged = run(['page-down'], start, events);
		expect(paged.cursor.events).toBe(3);
		expect(run(['last'], start, events).top.events).toBe(4);
	});

	it('leaves side effects to the App', () => {
		expect(effectOf('quit')).toEqual({kind: 'quit'});
		expect(effectOf('interval-down')).toEqual({kind: 'interval', step: -1});
		expect(effectOf('replay-jump-back')).toEqual({kind: 'replay', op: 'jump', amount: -60_000});
		expect(effectOf('move-down')).toBeUndefined();
		expect(run(['quit', 'refresh'])).toEqual(initialUiState());
	});

	it('steps the poll interval through sane values, never below one second nor above one hour', () => {
		expect(stepInterval(2000, 1)).toBe(3000);
		expect(stepInterval(2000, -1)).toBe(1000);
		expect(stepInterval(1000, -1)).toBe(1000);
		expect(stepInterval(2500, -1)).toBe(2000);
		expect(stepInterval(60_000, 1)).toBe(120_000);
		expect(stepInterval(3_600_000, 1)).toBe(3_600_000); // --interval's maximum
	});
});
