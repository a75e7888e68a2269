/**
 * The words of the key table (bindings.ts): views and modes, key names, what a key's handler is
 * given, and a binding: one row holding its keys, where they work, its help text and its handler.
 */
import type {WorkerRow} from '../../model/types.js';
import type {UiContext, UiState} from '../state/ui-state.js';
import type {RetireGateInput} from '../views/confirm-lines.js';
import type {Effect} from './key-effects.js';
import type {PointerTarget} from './pointer.js';

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

export const VIEWS: readonly Mode[] = ['workers', 'progress', 'events', 'diagnosis', 'time'];
export const SCREENS: readonly Mode[] = [...VIEWS, 'detail'];

/**
 * A key: one printable character, or a named key (see KEY_LABELS); `text` stands for any printable
 * character. Mouse use has names too (`click`, `double-click`, `wheel-up`, `wheel-down`), so the
 * same table says what the mouse does where; what it points at is found from the screen's layout.
 */
export type KeyName = string;

/** What the keys know of the screen and the source, for a whole chunk of input. */
export interface KeyFacts {
	readonly ctx: UiContext;
	readonly source: {readonly kind: 'live' | 'replay'; readonly clusters: boolean};
	/** Ctrl-Z can stop the process (a real terminal). */
	readonly terminal: boolean;
	/** The live poll interval (0 when replaying), the step `+` / `-` start from. */
	readonly intervalMs: number;
	/** The rows on screen (the retire confirmation needs the selected one). */
	readonly rows: readonly WorkerRow[];
	/** Whether a retire may be asked, but for the row. */
	readonly retire: Omit<RetireGateInput, 'row'>;
}

/** What a row's handler is told of one press. */
export interface Press extends KeyFacts {
	/** The key pressed, one of the row's (S, E or L; the character typed for `text`). */
	readonly key: KeyName;
	/** What a mouse report points at (none for a key, or a click on a footer entry: that is its key). */
	readonly target?: PointerTarget;
}

/** The new UI state after a press: pure. */
export type Update = (state: UiState, press: Press) => UiState;
/** What the App is asked to do (the I/O), from the state the key found: pure, the App carries it out. */
export type EffectOf = (state: UiState, press: Press) => readonly Effect[];

/** A row's handler: a state transition, a declared effect, or both (the effect sees the state before). */
type Handler =
	| {readonly update: Update; readonly effect?: EffectOf}
	| {readonly update?: Update; readonly effect: EffectOf};

export type Binding = Handler & {
	readonly keys: readonly KeyName[];
	readonly label: string;
	/** The row's name: what tests and a reader call it (`move-down`, `interval-up`). */
	readonly action: string;
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
};
