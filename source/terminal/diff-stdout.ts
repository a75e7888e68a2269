/**
 * The stream Ink draws into instead of the terminal: Ink runs in its debug mode (every render
 * writes one whole frame, no erase codes of its own), and this stream sends the terminal only
 * the cells that changed (screen-diff.ts). Frames that arrive together are coalesced into one
 * write; a resize or redraw() clears the terminal and draws every row once. Ink's other reads
 * (columns, rows, isTTY, 'resize') go to the real terminal.
 */
import {EventEmitter} from 'node:events';
import {createScreen, type Screen} from './screen-diff.js';

export interface DiffStdout {
	/** Pass as Ink's `stdout` (with `debug: true`). */
	readonly stream: NodeJS.WriteStream;
	/** Clear the terminal and draw the whole frame again (Ctrl-L). */
	redraw(): void;
	/** Bytes sent to the terminal so far. */
	bytesWritten(): number;
	/** Write any frame still pending now (before leaving the screen). */
	flush(): void;
	dispose(): void;
}

export function createDiffStdout(terminal: NodeJS.WriteStream): DiffStdout {
	const screen: Screen = createScreen(() => ({columns: terminal.columns || 80, rows: terminal.rows || 24}));
	const emitter = new EventEmitter();
	let pending: string | undefined;
	let last = '';
	let scheduled = false;
	let written = 0;
	let disposed = false;

	const flush = () => {
		scheduled = false;
		if (pending === undefined || disposed) return;
		last = pending;
		pending = undefined;
		const bytes = screen.update(last);
		if (bytes === '') return;
		written += Buffer.byteLength(bytes);
		terminal.write(bytes);
	};
	const schedule = () => {
		if (scheduled) return;
		scheduled = true;
		setImmediate(flush);
	};
	const onResize = () => {
		screen.invalidate();
		emitter.emit('resize');
	};
	terminal.on('resize', onResize);

	const write = (chunk: string | Uint8Array, ...rest: unknown[]) => {
		pending = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
		schedule();
		const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
		callback?.();
		return true;
	};
	// Getters (not Object.assign, which would copy today's size): the size always is the terminal's.
	const stream = Object.defineProperties(emitter, {
		isTTY: {value: true},
		writable: {value: true},
		columns: {get: () => terminal.columns},
		rows: {get: () => terminal.rows},
		write: {value: write},
	});

	return {
		stream: stream as unknown as NodeJS.WriteStream,
		redraw() {
			screen.invalidate();
			pending ??= last;
			schedule();
		},
		bytesWritten: () => written,
		flush,
		dispose() {
			flush();
			disposed = true;
			terminal.off('resize', onResize);
		},
	};
}
