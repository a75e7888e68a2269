import {describe, expect, it} from 'vitest';
import {initialUiState, type UiContext} from '../../../source/ui/state/ui-state.js';
import {act, addresses, ctx, run} from '../../helpers/ui-context.js';

describe('the view and selection reducer', () => {
	it('opens the selected worker in the detail, follows j/k there, and Esc closes it', () => {
		const open = run(['move-down', 'open-detail']);
		expect(open.detail).toBe(addresses[1]);
		const next = act(open, 'move-down', ctx);
		expect(next.detail).toBe(addresses[2]);
		expect(act(next, 'back', ctx).detail).toBeUndefined();
	});

	it('cycles views with Tab and back with Shift-Tab, jumps with 1/2/3/4/5, closing a detail', () => {
		expect(run(['next-view']).view).toBe('progress');
		expect(run(['next-view', 'next-view', 'next-view']).view).toBe('diagnosis');
		expect(run(['next-view', 'next-view', 'next-view', 'next-view']).view).toBe('time');
		expect(run(['next-view', 'next-view', 'next-view', 'next-view', 'next-view']).view).toBe('workers');
		expect(run(['previous-view']).view).toBe('time');
		expect(run(['open-detail', 'view-time']).view).toBe('time');
		expect(run(['open-detail', 'view-time']).detail).toBeUndefined();
		expect(run(['next-view', 'previous-view']).view).toBe('workers');
		const diagnosis = run(['open-detail', 'view-diagnosis']);
		expect([diagnosis.view, diagnosis.detail]).toEqual(['diagnosis', undefined]);
		const detail = run(['open-detail', 'view-events']);
		expect(detail.view).toBe('events');
		expect(detail.detail).toBeUndefined();
		expect(run(['view-events', 'back']).view).toBe('workers');
	});

	it('walks the time window with w: last minute, since the last idle moment, since the scheduler started', () => {
		expect(initialUiState().timeWindow).toBe('minute');
		expect(run(['view-time', 'time-window']).timeWindow).toBe('run');
		expect(run(['view-time', 'time-window', 'time-window']).timeWindow).toBe('start');
		expect(run(['view-time', 'time-window', 'time-window', 'time-window']).timeWindow).toBe('minute');
	});

	it('edits the filter incrementally, keeps it on Enter and clears it on Esc', () => {
		let state = act(initialUiState(), 'filter-start', ctx);
		for (const ch of ['w', 'k', 'space', 'x']) state = act(state, 'filter-type', ctx, ch);
		expect(state.filterText).toBe('wk x');
		state = act(state, 'filter-delete', ctx);
		expect(state.filterText).toBe('wk ');
		const kept = act(state, 'filter-accept', ctx);
		expect(kept).toMatchObject({filterText: 'wk ', filterEditing: false});
		expect(act(kept, 'back', ctx).filterText).toBe('');
		expect(act(state, 'filter-cancel', ctx)).toMatchObject({filterText: '', filterEditing: false});
	});

	it('puts the cursor back on the first row when the filter changes', () => {
		const ten: UiContext = {
			counts: {workers: 10, progress: 0, events: 0, diagnosis: 0, time: 0},
			pageRows: {workers: 5, progress: 5, events: 5, diagnosis: 5, time: 0},
			addresses: [],
		};
		let state = act(act(initialUiState(), 'last', ten), 'filter-start', ten);
		state = act(state, 'filter-type', ten, 'a');
		expect(state.cursor.workers).toBe(0);
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

	it('leaves the actions with side effects to the App', () => {
		expect(run(['quit', 'refresh'])).toEqual(initialUiState());
	});
});
