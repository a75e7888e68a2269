import {describe, expect, it} from 'vitest';
import {SORT_COLUMNS} from '../../../source/model/rows/row-sort.js';
import {SORT_ORDER, sortByHeading} from '../../../source/ui/state/sort-order.js';
import {initialUiState} from '../../../source/ui/state/ui-state.js';
import {WORKER_COLUMNS} from '../../../source/ui/views/worker-columns.js';
import {run} from '../../helpers/ui-context.js';

describe('the sort order', () => {
	it('walks only sort columns the model knows, and every table column sorts by one of them', () => {
		for (const s of SORT_ORDER) expect(SORT_COLUMNS).toContain(s.column);
		for (const c of WORKER_COLUMNS) if (c.sort) expect(SORT_COLUMNS).toContain(c.sort);
		expect(new Set(SORT_ORDER.map((s) => s.column)).size).toBe(SORT_ORDER.length);
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

	it("sorts by htop's direct keys in each column's natural direction, the same however often pressed", () => {
		expect(run(['sort-memory']).sort).toEqual({column: 'memory', descending: true});
		expect(run(['sort-memory', 'sort-memory']).sort).toEqual({column: 'memory', descending: true});
		expect(run(['sort-cpu']).sort).toEqual({column: 'cpu', descending: true});
		expect(run(['sort-time']).sort).toEqual({column: 'heartbeat', descending: true});
		expect(run(['sort-memory', 'sort-name']).sort).toEqual({column: 'name', descending: false});
		expect(run(['sort-memory', 'sort-reverse']).sort).toEqual({column: 'memory', descending: false});
	});

	it('opens the sort list on the current column, moves within it, and sorts by the entry chosen', () => {
		const open = run(['sort-next', 'sort-next', 'sort-menu']);
		expect(open.sortMenu).toBe(2);
		expect(run(['move-up', 'move-up', 'move-up'], open).sortMenu).toBe(0);
		const last = run(
			Array.from({length: SORT_ORDER.length + 2}, () => 'move-down' as const),
			open,
		);
		expect(last.sortMenu).toBe(SORT_ORDER.length - 1);
		expect(last.cursor.workers, 'j/k move the list, not the rows').toBe(0);
		const chosen = run(['sort-choose'], last);
		expect(chosen.sort).toEqual({column: 'severity', descending: true});
		expect(chosen.sortMenu).toBeUndefined();
		const closed = run(['move-down', 'sort-close'], open);
		expect(closed.sort).toEqual(open.sort);
		expect(closed.sortMenu).toBeUndefined();
	});

	it('sorts a clicked heading in its natural direction, and reverses it when it already sorts', () => {
		const state = initialUiState();
		expect(sortByHeading(state, 'memory').sort).toEqual({column: 'memory', descending: true});
		expect(sortByHeading(state, 'name').sort).toEqual({column: 'name', descending: true});
	});
});
