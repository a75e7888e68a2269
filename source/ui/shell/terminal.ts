/**
 * The terminal around the TUI: the alternate screen (entered by hand: Ink 6.8 has no option for
 * it), the hidden cursor, mouse reporting, stderr held back while the screen is up, and one
 * idempotent restore that every way out calls — q, Ctrl-C, SIGTERM, SIGHUP, SIGINT, an error, and
 * plain process exit. Ctrl-Z leaves the screen for a while (suspend) and `fg` comes back (resume).
 */
import {MOUSE_OFF} from '../input/mouse-modes.js';

export const ENTER_ALT_SCREEN = '\u001B[?1049h\u001B[H';
export const LEAVE_ALT_SCREEN = '\u001B[?1049l';
export const HIDE_CURSOR = '\u001B[?25l';
export const SHOW_CURSOR = '\u001B[?25h';
export interface FullScreen {
	/** Leaves the alternate screen, turns mouse reporting off and shows the cursor; safe to call any number of times. */
	restore(): void;
	/** Gives the terminal back for a while (Ctrl-Z): mouse off, cursor shown, the user's screen back. */
	suspend(): void;
	/**
	 * Takes the screen again after a suspend (the picture is redrawn by the caller; mouse reporting
	 * by the input reader).
	 */
	resume(): void;
}

/**
 * Holds what is written to a terminal stderr while the full screen is up (it would land on the
 * alternate screen and vanish with it, or tear the frame); release() writes it out afterwards.
 */
function holdStderr(stderr: NodeJS.WriteStream): () => void {
	if (stderr.isTTY !== true) return () => {};
	const original = stderr.write;
	const held: Array<string | Uint8Array> = [];
	stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
		held.push(chunk);
		const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
		callback?.();
		return true;
	}) as typeof stderr.write;
	return () => {
		stderr.write = original;
		for (const chunk of held) original.call(stderr, chunk);
	};
}

export function enterFullScreen(stream: NodeJS.WriteStream, stderr: NodeJS.WriteStream = process.stderr): FullScreen {
	let active = stream.isTTY === true;
	const release = active ? holdStderr(stderr) : () => {};
	if (active) stream.write(ENTER_ALT_SCREEN + HIDE_CURSOR);
	const restore = () => {
		if (!active) return;
		active = false;
		try {
			stream.write(MOUSE_OFF + SHOW_CURSOR + LEAVE_ALT_SCREEN);
		} catch {
			// the terminal is gone (SIGHUP): nothing left to restore
		}
		release();
	};
	process.once('exit', restore);
	return {
		restore() {
			process.removeListener('exit', restore);
			restore();
		},
		suspend() {
			if (active) stream.write(MOUSE_OFF + SHOW_CURSOR + LEAVE_ALT_SCREEN);
		},
		resume() {
			if (active) stream.write(ENTER_ALT_SCREEN + HIDE_CURSOR);
		},
	};
}
