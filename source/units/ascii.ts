/**
 * `--ascii` (or a non-UTF-8 locale): every character dask-top prints is plain ASCII. Text made
 * for the screen is laid out first (cut, padded, parts dropped) and then passed through
 * asciiCells(), which swaps each remaining glyph for ONE ASCII character, so the widths the
 * layout computed stay right. Glyphs whose one-character stand-in would mislead (`≤`, `Σ`, `→`
 * in a sentence) are not written by the model at all: its messages are plain ASCII.
 */
const CELLS: Readonly<Record<string, string>> = {
	'…': '~',
	'≈': '~',
	'·': '-',
	'•': '*',
	'●': '*',
	'○': 'o',
	'→': '>',
	'←': '<',
	'↑': '^',
	'↓': 'v',
	'▾': 'v',
	'▲': '!',
	'✗': 'X',
	'✓': '+',
	'‹': '<',
	'›': '>',
	'«': '<',
	'»': '>',
	'−': '-',
	'–': '-',
	'—': '-',
	'×': 'x',
	'÷': '/',
	'±': '+',
	'≤': '<',
	'≥': '>',
	Σ: 'S',
	'‖': '|',
	'▏': '|',
	'│': '|',
	'┤': '+',
	'├': '+',
	'┼': '+',
	'─': '-',
	'█': '#',
	'▓': '=',
	'▒': '-',
	'░': '.',
	'\u00a0': ' ',
};

const NON_ASCII = /[\u0080-\uffff]/;

/** One ASCII character per glyph (block and braille cells become `#`, anything unknown `?`). */
export function asciiCells(text: string): string {
	if (!NON_ASCII.test(text)) return text;
	let out = '';
	for (const ch of text) {
		const code = ch.codePointAt(0) ?? 0;
		if (code < 0x80) out += ch;
		else out += CELLS[ch] ?? (code >= 0x2800 && code <= 0x28ff ? '#' : code >= 0x2580 && code <= 0x259f ? '#' : '?');
	}
	return out;
}

/**
 * Whether the locale's character set is UTF-8 (braille graphs, block bars, arrows): the first set
 * of LC_ALL, LC_CTYPE, LANG names it (`C.UTF-8`, `en_US.utf8`). A locale that names another
 * charset (`C`, `POSIX`, `en_US.ISO-8859-1`) draws plain ASCII; none set at all is taken as UTF-8,
 * what terminals use today.
 */
export function localeIsUtf8(env: Readonly<Record<string, string | undefined>>): boolean {
	const locale = [env['LC_ALL'], env['LC_CTYPE'], env['LANG']].find((v) => v !== undefined && v !== '');
	return locale === undefined || /utf-?8/i.test(locale);
}

/** Whether plain ASCII is wanted before the flags are parsed: `--ascii` among the options, or the locale. */
export function asciiWanted(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): boolean {
	const end = argv.indexOf('--');
	return (end === -1 ? argv : argv.slice(0, end)).includes('--ascii') || !localeIsUtf8(env);
}

/** Prose (help, messages, the --diff report) has no layout to keep: a glyph may become several characters. */
const PROSE: ReadonlyArray<readonly [RegExp, string]> = [
	[/…/g, '...'],
	[/±/g, '+/-'],
	[/→/g, '->'],
	[/←/g, '<-'],
	[/≤/g, '<='],
	[/≥/g, '>='],
	[/[–—−]/g, '-'],
];

/** Plain ASCII for prose: the readable spellings first, then one character per remaining glyph. */
export function asciiProse(text: string): string {
	if (!NON_ASCII.test(text)) return text;
	let out = text;
	for (const [glyph, spelled] of PROSE) out = out.replace(glyph, spelled);
	return asciiCells(out);
}
