/**
 * The App's keyboard and mouse: reads Ink's stdin itself (readInput) instead of useInput, turns
 * mouse reporting on once raw mode is on (and again after `fg`), and gives a redraw that repaints
 * the whole picture (Ctrl-L, and after `fg` on the alternate screen the shell has left empty).
 */
import {useStdin, useStdout} from 'ink';
import {useCallback, useEffect, useRef} from 'react';
import {MOUSE_OFF, MOUSE_ON} from './mouse-modes.js';
import type {InputEvent} from './parse.js';
import {readInput, type InputStream} from './input-reader.js';
import type {TerminalControls} from './terminal-controls.js';

/** Clear the screen and home the cursor: what Ink writes after it is the whole frame. */
const CLEAR_SCREEN = '\u001B[2J\u001B[H';

export function useTerminalInput(
	onEvents: (events: InputEvent[]) => void,
	options: {readonly active: boolean; readonly terminal?: TerminalControls},
): {readonly redraw: () => void} {
	const {stdin} = useStdin();
	const {stdout, write} = useStdout();
	const handler = useRef(onEvents);
	handler.current = onEvents;
	// Ink's write() erases its frame, writes the text, then draws the whole frame again below it.
	const {active, terminal} = options;
	// With the cell-diffing output (run.tsx) Ink's stdout is the frame stream: the terminal's own
	// redraw and write carry what is not a frame.
	const terminalRedraw = terminal?.redraw;
	const redraw = useCallback(() => (terminalRedraw ? terminalRedraw() : write(CLEAR_SCREEN)), [write, terminalRedraw]);
	const control = useCallback(
		(sequence: string) => (terminal ? terminal.write(sequence) : stdout.write(sequence)),
		[terminal, stdout],
	);
	const mouse = terminal?.mouse === true && stdout.isTTY === true;

	useEffect(() => {
		if (!active) return;
		const stop = readInput(stdin as unknown as InputStream, (events) => handler.current(events));
		if (mouse) control(MOUSE_ON);
		return () => {
			if (mouse) control(MOUSE_OFF);
			stop();
		};
	}, [stdin, control, active, mouse]);

	useEffect(() => {
		if (!terminal) return;
		return terminal.onResume(() => {
			if (mouse && active) control(MOUSE_ON);
			redraw();
		});
	}, [terminal, mouse, active, control, redraw]);

	return {redraw};
}
