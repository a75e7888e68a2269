import {describe, expect, it} from 'vitest';
import {createScreen, parseRow, SYNC_BEGIN, SYNC_END, type Row} from '../../source/terminal/screen-diff.js';
import {DEFAULT_PEN, nextPen, sgrEnd} from '../../source/terminal/sgr-pen.js';
import {narrowWidth} from '../../source/units/narrow.js';
import {seeded} from '../helpers/seeded.js';

/**
 * A minimal terminal that applies what the screen writes: cursor moves (CUP), SGR pens, erase to
 * end of line (EL) and erase display (ED 2). Written for these tests (the sequences the diff emits,
 * nothing more): it shows what a terminal shows after the bytes, cell by cell with its pen, so a
 * test compares that with the frame the screen was given. The full-screen tmux tests cover a real
 * terminal end to end.
 */
class Terminal {
	cells: Array<Array<{ch: string; pen: string}>>;
	row = 0;
	column = 0;
	pen = '';
	constructor(
		readonly columns: number,
		readonly rows: number,
	) {
		this.cells = this.blank();
	}
	blank() {
		return Array.from({length: this.rows}, () => Array.from({length: this.columns}, () => ({ch: ' ', pen: ''})));
	}
	write(bytes: string): void {
		const re = /\u001B\[([0-9;?]*)([A-Za-z])/y;
		for (let i = 0; i < bytes.length; ) {
			if (bytes[i] === '\u001B') {
				re.lastIndex = i;
				const m = re.exec(bytes);
				if (!m) throw new Error(`unexpected escape at ${i}: ${JSON.stringify(bytes.slice(i, i + 10))}`);
				const [all, params, final] = m as unknown as [string, string, string];
				i += all.length;
				if (final === 'H') {
					const [r = '1', c = '1'] = params.split(';');
					this.row = Number(r) - 1;
					this.column = Number(c) - 1;
				} else if (final === 'm') this.pen = params === '0' || params === '' ? '' : params.replace(/^0;/, '');
				else if (final === 'K')
					for (let c = this.column; c < this.columns; c++) this.cells[this.row]![c] = {ch: ' ', pen: ''};
				else if (final === 'J' && params === '2') this.cells = this.blank();
				else if (final === 'h' || final === 'l') {
					// synchronized update marks
				} else throw new Error(`unexpected sequence ${JSON.stringify(all)}`);
				continue;
			}
			const ch = String.fromCodePoint(bytes.codePointAt(i)!);
			if (this.column >= this.columns) throw new Error(`wrote past the right edge on row ${this.row}`);
			this.cells[this.row]![this.column] = {ch, pen: this.pen};
			this.column++;
			i += ch.length;
		}
	}
	/** Each row as text with its pens written out where they change, trailing blanks dropped. */
	lines(): string[] {
		return this.cells.map((row) => {
			let out = '';
			let pen = '';
			for (const cell of row) {
				if (cell.pen !== pen) {
					out += `<${cell.pen}>`;
					pen = cell.pen;
				}
				out += cell.ch;
			}
			return out.replace(/ +$/, '');
		});
	}
}

/** What a frame should look like on a terminal of that size, through the same notation. */
function expected(frame: string, columns: number, rows: number): string[] {
	const terminal = new Terminal(columns, rows);
	const lines = frame.split('\n');
	for (let r = 0; r < rows; r++) {
		// (the last row stops a cell short: the terminal's last cell is never written)
		const row = parseRow(lines[r] ?? '', r === rows - 1 && rows > 1 ? columns - 1 : columns);
		[...row.text].forEach((ch, c) => {
			terminal.cells[r]![c] = {ch, pen: row.pens[c]!.replace(/^\u001B\[0;?/, '').replace(/m$/, '')};
		});
	}
	return terminal.lines();
}

const red = (text: string) => `\u001B[31m${text}\u001B[39m`;
const bold = (text: string) => `\u001B[1m${text}\u001B[22m`;
const inverse = (text: string) => `\u001B[7m${text}\u001B[27m`;

function frame(values: readonly number[], selected = 0): string {
	return [
		`${bold('dask-top')} │ http://127.0.0.1:8787/ │ live`,
		'  NAME   CPU%  MEMORY',
		...values.map((v, i) => {
			const line = `  w${i}   ${String(v).padStart(5)}  ${'▓'.repeat(v % 10)}${'░'.repeat(10 - (v % 10))}`;
			return i === selected ? inverse(line) : v > 50 ? red(line) : line;
		}),
	].join('\n');
}

/** parseRow as it read a row before it took runs at once: one character at a time (the oracle). */
function parseRowByCharacter(line: string, columns = Number.POSITIVE_INFINITY): Row {
	let text = '';
	const pens: string[] = [];
	let key = DEFAULT_PEN;
	for (let i = 0; i < line.length && pens.length < columns; i++) {
		if (line.charCodeAt(i) === 0x1b) {
			const end = sgrEnd(line, i);
			if (end < 0) return {text: '', pens: [], raw: line};
			key = nextPen(key, line.slice(i + 2, end));
			i = end;
			continue;
		}
		if (narrowWidth(line[i]!) !== 1) return {text: '', pens: [], raw: line};
		text += line[i];
		pens.push(key);
	}
	while (pens.length > 0 && text.endsWith(' ') && pens.at(-1) === DEFAULT_PEN) {
		text = text.slice(0, -1);
		pens.pop();
	}
	return {text, pens};
}

describe('the cell-diffing screen', () => {
	it('reads a row as one character at a time would (random text, pens, wide characters, other escapes)', () => {
		const next = seeded(2612);
		const pieces = [
			'a',
			'worker-1 ',
			'  ',
			'█▓░',
			'⣿⡇',
			'│',
			'…',
			'é',
			'中',
			'e\u0301',
			'\u001B[31m',
			'\u001B[1;7m',
			'\u001B[0m',
			'\u001B[38;2;1;2;3m',
			'\u001B[39m',
			'\u001B]8;;x\u0007',
			'\u001B[2K',
			' ',
			'Ω',
		];
		for (let n = 0; n < 3000; n++) {
			let line = '';
			const count = next(14);
			for (let k = 0; k < count; k++) line += pieces[next(pieces.length)];
			const columns = next(4) === 0 ? Number.POSITIVE_INFINITY : 1 + next(20);
			expect(parseRow(line, columns), JSON.stringify([line, columns])).toEqual(parseRowByCharacter(line, columns));
		}
	});

	it('draws the first frame whole, then only the cells that changed, and the terminal shows each frame', () => {
		const terminal = new Terminal(60, 10);
		const screen = createScreen(() => ({columns: 60, rows: 10}));
		const first = frame([10, 20, 30, 40]);
		const drawn = screen.update(first);
		expect(drawn.startsWith(SYNC_BEGIN) && drawn.endsWith(SYNC_END)).toBe(true);
		expect(drawn).toContain('\u001B[2J');
		terminal.write(drawn);
		expect(terminal.lines()).toEqual(expected(first, 60, 10));

		const second = frame([10, 21, 30, 40]);
		const diff = screen.update(second);
		terminal.write(diff);
		expect(terminal.lines()).toEqual(expected(second, 60, 10));
		expect(diff).not.toContain('\u001B[2J');
		// One figure and its bar moved: a few cells, far less than the frame.
		expect(diff.length).toBeLessThan(first.length / 4);

		// Colours switch on a row (the selection moves, a figure crosses a threshold).
		for (const next of [
			frame([10, 21, 30, 40], 2),
			frame([10, 71, 30, 40], 2),
			frame([9, 71, 3, 40], 3),
			frame([9, 1, 3], 0),
		]) {
			terminal.write(screen.update(next));
			expect(terminal.lines()).toEqual(expected(next, 60, 10));
		}
	});

	it('writes nothing when nothing visible changed (the same frame, or trailing blanks only)', () => {
		const screen = createScreen(() => ({columns: 60, rows: 10}));
		const same = frame([1, 2, 3]);
		screen.update(same);
		expect(screen.update(same)).toBe('');
		expect(
			screen.update(
				same
					.split('\n')
					.map((line) => `${line}   `)
					.join('\n'),
			),
		).toBe('');
	});

	it('parses only the lines that differ from the last frame, and still shows every frame', () => {
		const terminal = new Terminal(60, 10);
		const screen = createScreen(() => ({columns: 60, rows: 10}));
		const frames = [frame([10, 20, 30, 40]), frame([10, 21, 30, 40], 2), frame([10, 21, 30, 41], 2), frame([5])];
		terminal.write(screen.update(frames[0]!));
		for (let f = 1; f < frames.length; f++) {
			const before = screen.rows();
			terminal.write(screen.update(frames[f]!));
			expect(terminal.lines()).toEqual(expected(frames[f]!, 60, 10));
			const [was, now] = [frames[f - 1]!.split('\n'), frames[f]!.split('\n')];
			screen.rows().forEach((row, i) => {
				// A line given again keeps its parsed row; a changed one is parsed anew, as a fresh parse would be.
				if ((was[i] ?? '') === (now[i] ?? '')) expect(row).toBe(before[i]);
				else expect(row).toEqual(parseRow(now[i] ?? '', 60));
			});
		}
	});

	it('clears and draws every row again after invalidate() (Ctrl-L, a resize)', () => {
		const terminal = new Terminal(60, 10);
		const screen = createScreen(() => ({columns: 60, rows: 10}));
		const one = frame([1, 2, 3]);
		terminal.write(screen.update(one));
		// Something else wrote over the terminal: the screen no longer knows what is there.
		terminal.write('\u001B[3;1Hgarbage everywhere');
		screen.invalidate();
		const again = screen.update(one);
		expect(again).toContain('\u001B[2J');
		terminal.write(again);
		expect(terminal.lines()).toEqual(expected(one, 60, 10));
	});

	it("never writes the terminal's last cell (it can scroll the screen): the last row stops a cell short", () => {
		const terminal = new Terminal(20, 3);
		const screen = createScreen(() => ({columns: 20, rows: 3}));
		const full = ['a'.repeat(20), 'b'.repeat(20), 'c'.repeat(20)].join('\n');
		terminal.write(screen.update(full));
		expect(terminal.lines()).toEqual(['a'.repeat(20), 'b'.repeat(20), 'c'.repeat(19)]);
		const changed = ['a'.repeat(20), 'b'.repeat(20), `${'c'.repeat(18)}dd`].join('\n');
		const bytes = screen.update(changed);
		terminal.write(bytes);
		expect(terminal.lines()[2]).toBe(`${'c'.repeat(18)}d`);
		expect(bytes).not.toMatch(/dd/);
	});

	it('follows a resize: a new size redraws whole, rows and cells beyond the terminal are cut, never wrapped', () => {
		let size = {columns: 60, rows: 10};
		let terminal = new Terminal(60, 10);
		const screen = createScreen(() => size);
		const wide = frame([5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
		terminal.write(screen.update(wide));
		expect(terminal.lines()).toEqual(expected(wide, 60, 10));
		size = {columns: 20, rows: 5};
		terminal = new Terminal(20, 5); // a terminal keeps nothing reliable across a resize
		const bytes = screen.update(wide);
		expect(bytes).toContain('\u001B[2J');
		terminal.write(bytes); // throws if anything is written past the right edge
		expect(terminal.lines()).toEqual(expected(wide, 20, 5));
		expect(terminal.lines()[0]).toBe('<1>dask-top<> │ http://12'); // 20 columns
	});

	it('without colours (NO_COLOR) writes plain text and no pens', () => {
		const terminal = new Terminal(40, 5);
		const screen = createScreen(() => ({columns: 40, rows: 5}));
		const plain = 'dask-top │ live\n  w0  12%\n  w1  13%';
		terminal.write(screen.update(plain));
		const next = 'dask-top │ live\n  w0  12%\n  w1  14%';
		const diff = screen.update(next);
		expect(diff.replace(SYNC_BEGIN, '').replace(SYNC_END, '')).toBe('\u001B[3;8H4');
		terminal.write(diff);
		expect(terminal.lines()).toEqual(expected(next, 40, 5));
	});

	it('rewrites a row whole when it holds a character that may be two columns wide', () => {
		const terminal = new Terminal(40, 4);
		const screen = createScreen(() => ({columns: 40, rows: 4}));
		terminal.write(screen.update('a\nworker 日本 1\nb'));
		const diff = screen.update('a\nworker 日本 2\nb');
		expect(diff).toContain('\u001B[2;1H\u001B[0mworker 日本 2\u001B[0m\u001B[K');
		expect(parseRow('worker 日本').raw).toBe('worker 日本');
	});

	it('reads pens right after its table of SGR steps was started afresh (over 4,096 distinct ones)', () => {
		const line = '\u001B[1m\u001B[38;5;208mA\u001B[22mB';
		const before = parseRow(line);
		for (let i = 0; i < 5000; i++) parseRow(`\u001B[1m\u001B[48;2;${i % 256};${i >> 8};7mx\u001B[0m`);
		expect(parseRow(line)).toEqual(before);
		expect(before.pens).toEqual(['\u001B[0;1;38;5;208m', '\u001B[0;38;5;208m']);
	});

	it('keeps 256-colour and true-colour pens whole', () => {
		const row = parseRow('\u001B[38;5;208mA\u001B[48;2;1;2;3mB\u001B[0mC');
		expect(row.text).toBe('ABC');
		expect(row.pens).toEqual(['\u001B[0;38;5;208m', '\u001B[0;38;5;208;48;2;1;2;3m', '\u001B[0m']);
	});
});
