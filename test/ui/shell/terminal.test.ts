import {EventEmitter} from 'node:events';
import {describe, expect, it} from 'vitest';
import {
	enterFullScreen,
	ENTER_ALT_SCREEN,
	HIDE_CURSOR,
	LEAVE_ALT_SCREEN,
	SHOW_CURSOR,
} from '../../../source/ui/shell/terminal.js';
import {MOUSE_OFF} from '../../../source/ui/input/mouse-modes.js';

/** A recording stream standing in for a terminal (the real one is exercised in test/e2e/tui.test.ts). */
class Recorder extends EventEmitter {
	readonly chunks: string[] = [];
	constructor(readonly isTTY: boolean) {
		super();
	}
	write(chunk: string): boolean {
		this.chunks.push(chunk);
		return true;
	}
}

const asStream = (r: Recorder) => r as unknown as NodeJS.WriteStream;

describe('the full screen around the TUI', () => {
	it('enters the alternate screen, holds stderr while it is up, and restores once', () => {
		const out = new Recorder(true);
		const err = new Recorder(true);
		const screen = enterFullScreen(asStream(out), asStream(err));
		expect(out.chunks).toEqual([ENTER_ALT_SCREEN + HIDE_CURSOR]);
		asStream(err).write('dask-top: recording stopped\n');
		expect(err.chunks).toEqual([]);
		screen.restore();
		screen.restore();
		expect(out.chunks).toEqual([ENTER_ALT_SCREEN + HIDE_CURSOR, MOUSE_OFF + SHOW_CURSOR + LEAVE_ALT_SCREEN]);
		expect(err.chunks).toEqual(['dask-top: recording stopped\n']);
		asStream(err).write('after\n');
		expect(err.chunks.at(-1)).toBe('after\n');
	});

	it('gives the terminal back on suspend (mouse off, cursor shown, main screen) and takes it again on resume', () => {
		const out = new Recorder(true);
		const screen = enterFullScreen(asStream(out), asStream(new Recorder(true)));
		screen.suspend();
		expect(out.chunks.at(-1)).toBe(MOUSE_OFF + SHOW_CURSOR + LEAVE_ALT_SCREEN);
		screen.resume();
		expect(out.chunks.at(-1)).toBe(ENTER_ALT_SCREEN + HIDE_CURSOR);
		screen.restore();
		screen.resume();
		expect(out.chunks.at(-1), 'nothing after the restore').toBe(MOUSE_OFF + SHOW_CURSOR + LEAVE_ALT_SCREEN);
	});

	it('leaves a stdout that is not a terminal alone', () => {
		const out = new Recorder(false);
		const err = new Recorder(true);
		const screen = enterFullScreen(asStream(out), asStream(err));
		asStream(err).write('note\n');
		screen.restore();
		expect(out.chunks).toEqual([]);
		expect(err.chunks).toEqual(['note\n']);
	});
});
