import {describe, expect, it} from 'vitest';
import {syncRows} from '../../../source/ui/state/cursor.js';
import {initialUiState, type UiState} from '../../../source/ui/state/ui-state.js';
import {act, addresses, ctx, run} from '../../helpers/ui-context.js';

describe('moving the selection', () => {
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
	});

	it('keeps a cursor per view', () => {
		const state = run(['move-down', 'view-progress', 'move-down', 'move-down', 'view-workers']);
		expect(state.cursor.workers).toBe(1);
		expect(state.cursor.progress).toBe(2);
	});

	it('follows the selected worker when the rows move', () => {
		const following = run(['move-down', 'move-down', 'follow']);
		expect(following.follow).toBe(addresses[2]);
		const reordered = [...addresses].reverse();
		const synced = syncRows(following, {...ctx, addresses: reordered});
		expect(synced.cursor.workers).toBe(47);
		expect(act(synced, 'follow', ctx).follow).toBeUndefined();
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

	it('moves through the events by whole entries of known heights, a page being the entries that fit', () => {
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
});
