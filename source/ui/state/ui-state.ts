/**
 * What the screen shows (view, detail, help, filter, sort, selection, pause, open lists) and what the
 * changes of it need to know of the screen. The changes are the bindings' updates (keys/bindings.ts),
 * made of this folder's moves: motion.ts (j/k, pages), view-switch.ts (views, detail, Esc), cursor.ts
 * (the selection), sort-order.ts (sorting), filter-prompt.ts, column-choice.ts (F2), drill-panel.ts
 * (S, E, L), host-grouping.ts; clicks: keys/pointer.ts; side effects: keys/key-effects.ts.
 */
import type {Subject} from '../../model/diagnosis/index.js';
import type {HostFolds, RowAnchor} from '../../model/rows/host-groups.js';
import type {SortColumn, TimeWindowKind} from '../../model/types.js';
import type {View} from '../keys/binding-types.js';
import {DEFAULT_COLUMNS, type ColumnChoice} from './column-choice.js';
import type {DrillPanel} from './drill-panel.js';

export interface UiState {
	readonly view: View;
	/** Address of the worker whose detail is open. */
	readonly detail?: string;
	readonly help: boolean;
	/** First visible line of the help overlay. */
	readonly helpTop: number;
	readonly filterText: string;
	readonly filterEditing: boolean;
	readonly sort: {readonly column: SortColumn; readonly descending: boolean};
	/** Selected row per view. */
	readonly cursor: Readonly<Record<View, number>>;
	/** First visible row per view. */
	readonly top: Readonly<Record<View, number>>;
	/** Address of the worker the selection follows (F). */
	readonly follow?: string;
	/** The host whose row the selection follows (F on a host's row, while grouped by host). */
	readonly followHost?: string;
	/** The worker table is grouped by host (t / F5): a row per host, its workers under it (host-grouping.ts). */
	readonly byHost?: boolean;
	/** Which hosts show their workers while grouped (all, until Enter or `*` folds them). */
	readonly folds?: HostFolds;
	/** The row the selection stays on after the table changed shape (grouping, folding), until the cursor moves. */
	readonly anchor?: RowAnchor;
	/** The display is frozen (polling goes on). */
	readonly paused: boolean;
	/** The sort list (F6) is open, this entry of SORT_ORDER highlighted. */
	readonly sortMenu?: number;
	/** The retire confirmation is open for this worker (F9 / K with --allow-actions). */
	readonly confirm?: {readonly address: string; readonly name: string};
	/** The worker table's columns in the user's order, each shown or hidden (F2; kept in the config file). */
	readonly columns: readonly ColumnChoice[];
	/** The column setup (F2) is open: its highlighted entry, and the columns as they were when it opened. */
	readonly columnSetup?: {readonly cursor: number; readonly before: readonly ColumnChoice[]};
	/** The time view's window (w). */
	readonly timeWindow: TimeWindowKind;
	/** The drill-down panel (S call stacks, E erred tasks, L a log) is open over the screen. */
	readonly drill?: DrillPanel;
}

/** What the reducer needs to know of the screen: rows and page heights per view, the workers in display order. */
export interface UiContext {
	readonly counts: Readonly<Record<View, number>>;
	readonly pageRows: Readonly<Record<View, number>>;
	/** The worker of each row; undefined on a host's row (grouped by host). */
	readonly addresses: readonly (string | undefined)[];
	/** The row an anchor is on in this frame's table, -1 when none (without it, workers are found in `addresses`). */
	readonly locate?: (anchor: RowAnchor) => number;
	/** Grouped by host: the host of row `index` (a host row's own, a worker row's host). */
	readonly hostAt?: (index: number) => string | undefined;
	/** Lines of the help overlay and the rows it has on screen. */
	readonly helpLines?: number;
	readonly helpHeight?: number;
	/**
	 * Lines each row of a view takes when they differ (the events view wraps long messages); `pageRows` is
	 * then its height in lines.
	 */
	readonly rowLines?: Partial<Readonly<Record<View, readonly number[]>>>;
	/** The diagnosis view's entries' subjects, in its order (Enter goes to the selected one's). */
	readonly subjects?: readonly Subject[];
	/** The progress view's prefixes, in its order (a prefix subject selects its row). */
	readonly prefixes?: readonly string[];
	/** The drill-down panel's lines, the rows it has for them, and where each erred task's line is. */
	readonly drillLines?: number;
	readonly drillHeight?: number;
	readonly drillTaskLines?: readonly number[];
}

/** `columns`: the config file's choice (all shown, in the table's order, without one). */
export function initialUiState(columns: readonly ColumnChoice[] = DEFAULT_COLUMNS): UiState {
	return {
		view: 'workers',
		help: false,
		helpTop: 0,
		filterText: '',
		filterEditing: false,
		sort: {column: 'name', descending: false},
		cursor: {workers: 0, progress: 0, events: 0, diagnosis: 0, time: 0},
		top: {workers: 0, progress: 0, events: 0, diagnosis: 0, time: 0},
		timeWindow: 'minute',
		paused: false,
		columns,
	};
}
