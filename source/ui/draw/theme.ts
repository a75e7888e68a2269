/**
 * The one theme: meaning (tones) → colours and glyphs. Components ask for a tone or a glyph and
 * never pick a colour or a block character themselves, so `NO_COLOR`/`--no-color`, `--ascii` and
 * `--theme light` change only this file's output.
 */

export type Tone =
	| 'normal'
	| 'muted'
	| 'accent'
	| 'title'
	| 'ok'
	| 'info'
	| 'warning'
	| 'critical'
	| 'managed'
	| 'unmanaged'
	| 'free'
	| 'mark';

export interface Glyphs {
	readonly managed: string;
	readonly unmanaged: string;
	readonly free: string;
	/** A threshold mark drawn in the free part of a bar. */
	readonly mark: string;
	/** A threshold mark in a heading, pointing down at the bars' cell. */
	readonly threshold: string;
	readonly filled: string;
	readonly empty: string;
	/** Sparkline levels, lowest first. */
	readonly spark: readonly string[];
	readonly up: string;
	readonly down: string;
	readonly right: string;
	readonly separator: string;
	readonly bullet: string;
	readonly paused: string;
	/** Marks a worker's worst ongoing alert (colour is never the only carrier). */
	readonly warningMark: string;
	readonly criticalMark: string;
	/** A host's row grouped by host: its workers folded away or shown (htop's tree: + and -). */
	readonly folded: string;
	readonly unfolded: string;
	/** A worker under its host: one of several, and the last. */
	readonly branch: string;
	readonly lastBranch: string;
}

export interface Theme {
	readonly color: boolean;
	readonly ascii: boolean;
	readonly tones: Readonly<Record<Tone, string | undefined>>;
	readonly glyphs: Glyphs;
}

const COLORS: Readonly<Record<Tone, string | undefined>> = {
	normal: undefined,
	muted: 'gray',
	accent: 'cyan',
	title: 'cyanBright',
	ok: 'green',
	info: 'blue',
	warning: 'yellow',
	critical: 'red',
	managed: 'blue',
	unmanaged: 'cyan',
	free: 'gray',
	mark: 'white',
};

/**
 * `--theme light`: for a white or pale background, where yellow, cyan and white text fade out.
 * Dark-on-light colours only (no bright or white foreground); warnings are magenta, their marks
 * (▲ ✗) still carry the meaning.
 */
const LIGHT_COLORS: Readonly<Record<Tone, string | undefined>> = {
	normal: undefined,
	muted: 'gray',
	accent: 'blue',
	title: 'blue',
	ok: 'green',
	info: 'blue',
	warning: 'magenta',
	critical: 'red',
	managed: 'blue',
	unmanaged: 'magenta',
	free: 'gray',
	mark: 'black',
};

const NO_COLORS: Readonly<Record<Tone, string | undefined>> = {
	normal: undefined,
	muted: undefined,
	accent: undefined,
	title: undefined,
	ok: undefined,
	info: undefined,
	warning: undefined,
	critical: undefined,
	managed: undefined,
	unmanaged: undefined,
	free: undefined,
	mark: undefined,
};

const UNICODE: Glyphs = {
	managed: '█',
	unmanaged: '▓',
	free: '░',
	mark: '│',
	threshold: '▾',
	filled: '█',
	empty: '░',
	spark: ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'],
	up: '↑',
	down: '↓',
	right: '→',
	separator: '│',
	bullet: '●',
	paused: '‖',
	warningMark: '▲',
	criticalMark: '✗',
	folded: '+',
	unfolded: '-',
	branch: '├',
	lastBranch: '└',
};

const ASCII: Glyphs = {
	managed: '#',
	unmanaged: '=',
	free: '.',
	mark: '|',
	threshold: 'v',
	filled: '#',
	empty: '.',
	spark: ['_', '.', '-', '~', '=', '+', '*', '#'],
	up: '^',
	down: 'v',
	right: '>',
	separator: '|',
	bullet: '*',
	paused: '||',
	warningMark: '!',
	criticalMark: 'X',
	folded: '+',
	unfolded: '-',
	branch: '|',
	lastBranch: '`',
};

export interface ThemeOptions {
	readonly color: boolean;
	readonly ascii: boolean;
	/** Colours for a light background (`--theme light`); no colour still wins. */
	readonly light?: boolean;
}

export function makeTheme(options: ThemeOptions): Theme {
	return {
		color: options.color,
		ascii: options.ascii,
		tones: options.color ? (options.light === true ? LIGHT_COLORS : COLORS) : NO_COLORS,
		glyphs: options.ascii ? ASCII : UNICODE,
	};
}

/** Ink colour of a tone (undefined = terminal default). */
export function toneColor(theme: Theme, tone: Tone): string | undefined {
	return theme.tones[tone];
}
