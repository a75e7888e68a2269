/**
 * What a terminal shows after a program's bytes: a grid of characters kept from the stream, for
 * waiting on text that the program draws by changing only some cells (dask-top's output rewrites
 * the cells that changed, so "[900/900]" may never pass through the stream in one piece). It
 * follows what dask-top and Ink write: cursor position (CUP), erase in line (EL), erase display
 * (ED 2), carriage return and line feed; pens and modes are read and dropped. Two-column glyphs are
 * taken as one column: the checks look for plain text.
 */
export class ScreenModel {
	#cells: string[][];
	#row = 0;
	#column = 0;
	#tail = '';

	constructor(
		readonly columns: number,
		readonly rows: number,
	) {
		this.#cells = this.#blank();
	}

	#blank(): string[][] {
		return Array.from({length: this.rows}, () => Array.from({length: this.columns}, () => ' '));
	}

	write(chunk: string): void {
		const bytes = this.#tail + chunk;
		this.#tail = '';
		const csi = /\u001B\[([0-9;?<>=]*)([ -/]*)([@-~])/y;
		for (let i = 0; i < bytes.length; ) {
			const ch = bytes[i]!;
			if (ch === '\u001B') {
				csi.lastIndex = i;
				const m = csi.exec(bytes);
				if (m === null) {
					// an unfinished sequence waits for the next chunk; any other escape is skipped
					if (bytes.length - i < 32 && /^\u001B(\[[0-9;?<>=]*)?$/.test(bytes.slice(i))) {
						this.#tail = bytes.slice(i);
						return;
					}
					i += 2;
					continue;
				}
				i += m[0].length;
				this.#control(m[1] ?? '', m[3] ?? '');
				continue;
			}
			if (ch === '\r') this.#column = 0;
			else if (ch === '\n') this.#row = Math.min(this.rows - 1, this.#row + 1);
			else if (ch >= ' ') {
				const point = String.fromCodePoint(bytes.codePointAt(i)!);
				if (this.#column < this.columns) this.#cells[this.#row]![this.#column] = point;
				this.#column += 1;
				i += point.length;
				continue;
			}
			i += 1;
		}
	}

	#control(params: string, final: string): void {
		if (final === 'H' || final === 'f') {
			const [r = '1', c = '1'] = params.split(';');
			this.#row = Math.min(this.rows - 1, Math.max(0, Number(r || 1) - 1));
			this.#column = Math.min(this.columns, Math.max(0, Number(c || 1) - 1));
		} else if (final === 'K') {
			for (let c = this.#column; c < this.columns; c++) this.#cells[this.#row]![c] = ' ';
		} else if (final === 'J' && (params === '2' || params === '3')) this.#cells = this.#blank();
		else if (final === 'A') this.#row = Math.max(0, this.#row - Number(params || 1));
		else if (final === 'B') this.#row = Math.min(this.rows - 1, this.#row + Number(params || 1));
		else if (final === 'G') this.#column = Math.max(0, Number(params || 1) - 1);
	}

	/** The screen's rows, trailing blanks dropped, joined by newlines. */
	text(): string {
		return this.#cells.map((row) => row.join('').trimEnd()).join('\n');
	}
}
