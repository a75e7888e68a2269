/**
 * SGR pens for the cell diff (screen-diff.ts): what a sequence of SGR parameters does to a pen, the
 * key (the SGR that sets a pen from scratch) each pen is known by, and the bounded table of steps
 * from one pen to the next. Pure.
 */
const ESC = '\u001B';

/** The parts of an SGR pen: colours as their parameter strings ('' = default), the rest as flags. */
interface Pen {
	fg: string;
	bg: string;
	/** bold 1, dim 2, italic 4, underline 8, blink 16, inverse 32, hidden 64, strike 128 */
	flags: number;
}

const FLAG_ON: Record<number, number> = {1: 1, 2: 2, 3: 4, 4: 8, 5: 16, 7: 32, 8: 64, 9: 128};
const FLAG_CODES: ReadonlyArray<readonly [number, number]> = [
	[1, 1],
	[2, 2],
	[4, 3],
	[8, 4],
	[16, 5],
	[32, 7],
	[64, 8],
	[128, 9],
];

function applySgr(pen: Pen, params: string): void {
	const codes = params === '' ? ['0'] : params.split(';');
	for (let i = 0; i < codes.length; i++) {
		const code = Number(codes[i] || '0');
		if (code === 0) {
			pen.fg = '';
			pen.bg = '';
			pen.flags = 0;
		} else if (FLAG_ON[code] !== undefined) pen.flags |= FLAG_ON[code]!;
		else if (code === 22) pen.flags &= ~3;
		else if (code === 23) pen.flags &= ~4;
		else if (code === 24) pen.flags &= ~8;
		else if (code === 25) pen.flags &= ~16;
		else if (code === 27) pen.flags &= ~32;
		else if (code === 28) pen.flags &= ~64;
		else if (code === 29) pen.flags &= ~128;
		else if ((code >= 30 && code <= 37) || (code >= 90 && code <= 97)) pen.fg = String(code);
		else if (code === 39) pen.fg = '';
		else if ((code >= 40 && code <= 47) || (code >= 100 && code <= 107)) pen.bg = String(code);
		else if (code === 49) pen.bg = '';
		else if (code === 38 || code === 48) {
			const span = codes[i + 1] === '5' ? 2 : codes[i + 1] === '2' ? 4 : 0;
			const value = codes.slice(i, i + 1 + span).join(';');
			if (code === 38) pen.fg = value;
			else pen.bg = value;
			i += span;
		}
	}
}

/** The SGR sequence that sets a pen from scratch ('' for the default pen is a plain reset). */
function penKey(pen: Pen): string {
	let params = '0';
	for (const [flag, code] of FLAG_CODES) if (pen.flags & flag) params += `;${code}`;
	if (pen.fg !== '') params += `;${pen.fg}`;
	if (pen.bg !== '') params += `;${pen.bg}`;
	return `${ESC}[${params}m`;
}

export const DEFAULT_PEN = penKey({fg: '', bg: '', flags: 0});

/**
 * What an SGR sequence turns each pen into, by the pen's key: a frame's lines repeat a handful of
 * pens, so a sequence is looked up, not parsed, once seen (bounded, in case pens churn). A key is
 * itself the SGR that sets its pen from scratch, so a pen is never kept beside it.
 */
const TRANSITIONS = new Map<string, Map<string, string>>();
const TRANSITION_LIMIT = 4096;
let transitionCount = 0;

export function nextPen(key: string, params: string): string {
	let from = TRANSITIONS.get(key);
	const known = from?.get(params);
	if (known !== undefined) return known;
	const pen: Pen = {fg: '', bg: '', flags: 0};
	applySgr(pen, key.slice(2, -1));
	applySgr(pen, params);
	const next = penKey(pen);
	if (++transitionCount > TRANSITION_LIMIT) {
		TRANSITIONS.clear();
		transitionCount = 1;
		from = undefined;
	}
	if (!from) {
		from = new Map();
		TRANSITIONS.set(key, from);
	}
	from.set(params, next);
	return next;
}

/** Where the parameters of an SGR sequence at `at` (ESC) end (at its 'm'), or -1 when it is none. */
export function sgrEnd(line: string, at: number): number {
	if (line.charCodeAt(at + 1) !== 0x5b) return -1; // [
	for (let i = at + 2; i < line.length; i++) {
		const c = line.charCodeAt(i);
		if (c === 0x6d) return i; // m
		if (!((c >= 0x30 && c <= 0x39) || c === 0x3b)) return -1; // digits and ;
	}
	return -1;
}
