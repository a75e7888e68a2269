/** The words of the key table (bindings.ts): views and modes, actions, key names, a binding. */

export type View = 'workers' | 'progress' | 'events' | 'diagnosis' | 'time';

/**
 * Where a binding works: a view, the worker detail, the drill-down panel (stacks, errors, logs), the
 * help overlay, the filter prompt, the sort list (F6), the column setup (F2), the retire
 * confirmation, a replay, or while several clusters are followed.
 */
export type Mode =
	| View
	| 'detail'
	| 'drill'
	| 'help'
	| 'filter'
	| 'sort'
	| 'columns'
	| 'confirm'
	| 'replay'
	| 'clusters';

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
	| 'previous-view'
	| 'view-workers'
	| 'view-progress'
	| 'view-events'
	| 'view-diagnosis'
	| 'view-time'
	| 'time-window'
	| 'open-subject'
	| 'drill-open'
	| 'drill-enter'
	| 'cluster-next'
	| 'cluster-previous'
	| 'sort-next'
	| 'sort-previous'
	| 'sort-reverse'
	| 'sort-memory'
	| 'sort-cpu'
	| 'sort-time'
	| 'sort-name'
	| 'sort-menu'
	| 'sort-choose'
	| 'sort-close'
	| 'columns-open'
	| 'columns-toggle'
	| 'columns-earlier'
	| 'columns-later'
	| 'columns-close'
	| 'filter-start'
	| 'filter-accept'
	| 'filter-cancel'
	| 'filter-delete'
	| 'filter-type'
	| 'follow'
	| 'group-hosts'
	| 'fold-all'
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
	/** The same in plain ASCII, where the pair's glyphs would read as other keys (`←/→` as `</>`). */
	readonly footerKeysAscii?: string;
	/** The footer's label in plain ASCII, where a glyph's one-character stand-in loses its sense (`±`). */
	readonly footerAscii?: string;
	/** The footer's label while what the key pauses is paused (`resume`). */
	readonly footerPaused?: string;
	/** Which footer entries stay when the line is too narrow for all: lower first (default 5). */
	readonly footerRank?: number;
}
