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
