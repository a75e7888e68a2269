/**
 * Keys are data: this one table drives input handling and the footer (key-lookup.ts), the help
 * overlay and the README's keys table (binding-text.ts). Order matters: the first binding that
 * matches the current mode wins, and replay controls win over the live ones while replaying.
 */

export type View = 'workers' | 'progress' | 'events';

/**
 * Where a binding works: a view, the worker detail, the help overlay, the filter prompt, the sort
 * list (F6), the retire confirmation, a replay, or while several clusters are followed.
 */
export type Mode = View | 'detail' | 'help' | 'filter' | 'sort' | 'confirm' | 'replay' | 'clusters';

export type Action =
	| 'move-down'
	| 'move-up'
	| 'page-down'
	| 'page-up'
	| 'first'
	| 'last'
	| 'open-detail'
	| 'back'
	| 'next-view'
	| 'view-workers'
	| 'view-progress'
	| 'view-events'
	| 'cluster-next'
	| 'cluster-previous'
	| 'sort-next'
	| 'sort-previous'
	| 'sort-reverse'
	| 'sort-menu'
	| 'sort-choose'
	| 'sort-close'
	| 'filter-start'
	| 'filter-accept'
	| 'filter-cancel'
	| 'filter-delete'
	| 'filter-type'
	| 'follow'
	| 'retire'
	| 'retire-confirm'
	| 'retire-cancel'
	| 'pause'
	| 'interval-up'
	| 'interval-down'
	| 'refresh'
	| 'help'
	| 'help-close'
	| 'redraw'
	| 'suspend'
	| 'point'
	| 'point-open'
	| 'scroll-down'
	| 'scroll-up'
	| 'quit'
	| 'replay-pause'
	| 'replay-step-back'
	| 'replay-step-forward'
	| 'replay-jump-back'
	| 'replay-jump-forward'
	| 'replay-start'
	| 'replay-end'
	| 'replay-speed';

/**
 * A key: one printable character, or a named key (see KEY_LABELS); `text` stands for any printable
 * character. Mouse use has names too (`click`, `double-click`, `wheel-up`, `wheel-down`), so the
 * same table says what the mouse does where; what it points at is found from the screen's layout.
 */
export type KeyName = string;

export interface Binding {
	readonly keys: readonly KeyName[];
	readonly label: string;
	readonly action: Action;
	readonly modes: readonly Mode[];
	/** Short label for the footer; bindings without one appear only in the help and README. */
	readonly footer?: string;
	/** How the footer writes the keys when one entry stands for a pair (`j/k`, `←/→`). */
	readonly footerKeys?: string;
	/** Which footer entries stay when the line is too narrow for all: lower first (default 5). */
	readonly footerRank?: number;
}

export const VIEWS: readonly Mode[] = ['workers', 'progress', 'events'];
export const SCREENS: readonly Mode[] = [...VIEWS, 'detail'];

export const BINDINGS: readonly Binding[] = [
	{
		keys: ['down', 'j'],
		label: 'move down (in the detail: next worker; in the help: scroll)',
		action: 'move-down',
		modes: [...SCREENS, 'help', 'sort'],
		footer: 'move',
		footerKeys: 'j/k',
		footerRank: 3,
	},
	{
		keys: ['up', 'k'],
		label: 'move up (in the detail: previous worker; in the help: scroll)',
		action: 'move-up',
		modes: [...SCREENS, 'help', 'sort'],
	},
	{keys: ['pagedown'], label: 'page down', action: 'page-down', modes: VIEWS, footer: 'page'},
	{keys: ['pageup'], label: 'page up', action: 'page-up', modes: VIEWS},
	{keys: ['g', 'home'], label: 'first row', action: 'first', modes: VIEWS},
	{keys: ['G', 'end'], label: 'last row', action: 'last', modes: VIEWS},
	{
		keys: ['enter'],
		label: "open the selected worker's detail",
		action: 'open-detail',
		modes: ['workers'],
		footer: 'detail',
		footerRank: 2,
	},
	{
		keys: ['escape'],
		label: 'go back (detail → table, other views → workers; clears an applied filter)',
		action: 'back',
		modes: SCREENS,
		footer: 'back',
		footerRank: 4,
	},
	{
		keys: ['tab'],
		label: 'next view: workers → progress → events',
		action: 'next-view',
		modes: SCREENS,
		footer: 'view',
		footerRank: 3,
	},
	{keys: ['1'], label: 'workers view', action: 'view-workers', modes: SCREENS},
	{keys: ['2'], label: 'task progress view', action: 'view-progress', modes: SCREENS},
	{keys: ['3'], label: 'events view (alerts, event log, adaptive target)', action: 'view-events', modes: SCREENS},
	{
		keys: ['c'],
		label: 'next cluster (each keeps its view, selection, sort and filter)',
		action: 'cluster-next',
		modes: ['clusters'],
		footer: 'cluster',
		footerKeys: 'c/C',
		footerRank: 2,
	},
	{keys: ['C'], label: 'previous cluster', action: 'cluster-previous', modes: ['clusters']},
	{
		keys: ['s', '>'],
		label: 'sort by the next column',
		action: 'sort-next',
		modes: ['workers'],
		footer: 'sort',
		footerRank: 3,
	},
	{keys: ['<'], label: 'sort by the previous column', action: 'sort-previous', modes: ['workers']},
	{keys: ['f6'], label: 'choose the sort column from a list', action: 'sort-menu', modes: ['workers']},
	{keys: ['r'], label: 'reverse the sort order', action: 'sort-reverse', modes: ['workers'], footer: 'reverse'},
	{
		keys: ['/', 'f3', 'f4'],
		label: 'filter workers by name, address or host (incremental)',
		action: 'filter-start',
		modes: ['workers'],
		footer: 'filter',
		footerKeys: '/',
		footerRank: 1,
	},
	{
		keys: ['F'],
		label: 'follow the selected worker wherever the sort moves it',
		action: 'follow',
		modes: ['workers'],
		footer: 'follow',
	},
	{
		keys: ['f9', 'K'],
		label: "retire the selected worker: asks first (needs --allow-actions and the scheduler's api module)",
		action: 'retire',
		modes: ['workers', 'detail'],
	},
	{
		keys: ['space'],
		label: 'pause / resume the display (polling goes on)',
		action: 'pause',
		modes: SCREENS,
		footer: 'pause',
		footerRank: 1,
	},
	{keys: ['+'], label: 'poll less often (longer interval)', action: 'interval-up', modes: SCREENS, footer: 'interval'},
	{keys: ['-'], label: 'poll more often (never below 1 s)', action: 'interval-down', modes: SCREENS},
	{keys: ['R'], label: 'refresh now', action: 'refresh', modes: SCREENS, footer: 'refresh'},
	{keys: ['?', 'f1'], label: 'show this help', action: 'help', modes: SCREENS, footer: 'help', footerKeys: '?'},
	{keys: ['ctrl+l'], label: 'redraw the screen', action: 'redraw', modes: [...SCREENS, 'help', 'filter', 'sort']},
	{
		keys: ['ctrl+z'],
		label: 'suspend to the shell (fg comes back)',
		action: 'suspend',
		modes: [...SCREENS, 'help', 'sort'],
	},
	{
		keys: ['q', 'f10'],
		label: 'quit',
		action: 'quit',
		modes: [...SCREENS, 'help', 'sort'],
		footer: 'quit',
		footerKeys: 'q',
	},
	{keys: ['ctrl+c'], label: 'quit', action: 'quit', modes: [...SCREENS, 'help', 'filter', 'sort', 'confirm']},
	{
		keys: ['click'],
		label: 'select the row under the pointer; a column heading sorts by that column (again: reverses)',
		action: 'point',
		modes: VIEWS,
	},
	{keys: ['double-click'], label: "open the clicked worker's detail", action: 'point-open', modes: ['workers']},
	{keys: ['wheel-down'], label: 'scroll down (3 rows)', action: 'scroll-down', modes: [...VIEWS, 'help', 'sort']},
	{keys: ['wheel-up'], label: 'scroll up (3 rows)', action: 'scroll-up', modes: [...VIEWS, 'help', 'sort']},
	{
		keys: ['text'],
		label: 'type the filter: part of a name, address or host, or /regex/ (a bad pattern is shown, not used)',
		action: 'filter-type',
		modes: ['filter'],
	},
	{
		keys: ['enter'],
		label: 'keep the filter and return to the table',
		action: 'filter-accept',
		modes: ['filter'],
		footer: 'keep',
	},
	{keys: ['escape'], label: 'clear the filter', action: 'filter-cancel', modes: ['filter'], footer: 'clear'},
	{
		keys: ['backspace'],
		label: 'delete the last character',
		action: 'filter-delete',
		modes: ['filter'],
		footer: 'delete',
	},
	{
		keys: ['enter', 'click'],
		label: 'sort by the highlighted (or clicked) column',
		action: 'sort-choose',
		modes: ['sort'],
		footer: 'choose',
	},
	{
		keys: ['escape', 'f6'],
		label: 'close the list, keeping the sort',
		action: 'sort-close',
		modes: ['sort'],
		footer: 'close',
	},
	{
		keys: ['y'],
		label: 'retire the worker the confirmation names',
		action: 'retire-confirm',
		modes: ['confirm'],
		footer: 'retire',
	},
	{
		keys: ['n', 'escape'],
		label: 'cancel the retire',
		action: 'retire-cancel',
		modes: ['confirm'],
		footer: 'cancel',
		footerKeys: 'n/Esc',
	},
	{
		keys: ['escape', '?', 'f1'],
		label: 'close the help',
		action: 'help-close',
		modes: ['help'],
		footer: 'close',
		footerKeys: 'Esc/?',
	},
	{
		keys: ['space'],
		label: 'pause / resume the replay',
		action: 'replay-pause',
		modes: ['replay'],
		footer: 'pause replay',
		footerRank: 1,
	},
	{
		keys: ['left'],
		label: 'step one poll back',
		action: 'replay-step-back',
		modes: ['replay'],
		footer: 'step',
		footerKeys: '←/→',
		footerRank: 2,
	},
	{keys: ['right'], label: 'step one poll forward', action: 'replay-step-forward', modes: ['replay']},
	{
		keys: ['['],
		label: 'jump one minute back',
		action: 'replay-jump-back',
		modes: ['replay'],
		footer: '±1 min',
		footerKeys: '[/]',
		footerRank: 2,
	},
	{keys: [']'], label: 'jump one minute forward', action: 'replay-jump-forward', modes: ['replay']},
	{
		keys: ['{'],
		label: 'go to the start of the recording',
		action: 'replay-start',
		modes: ['replay'],
		footer: 'start/end',
		footerKeys: '{/}',
	},
	{keys: ['}'], label: 'go to the end of the recording', action: 'replay-end', modes: ['replay']},
	{
		keys: ['x'],
		label: 'cycle the replay speed ×1 / ×4 / ×16',
		action: 'replay-speed',
		modes: ['replay'],
		footer: 'speed',
	},
];
