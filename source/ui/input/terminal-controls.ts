/**
 * What the screen may ask of the terminal beyond drawing: whether mouse reports are wanted, Ctrl-Z
 * (suspend until `fg`), and a notice when the screen comes back from a suspend. Built once per
 * TUI run (run.tsx) around the full screen; the App reaches it through useTerminalInput.
 */
import {createListeners} from '../../units/listeners.js';
import {installSuspend, type SignalPort, type SuspendParts} from './suspend.js';

export interface TerminalControls {
	/** Turn mouse reporting on (not with --no-mouse, nor when stdin is not a terminal). */
	readonly mouse: boolean;
	/** Ctrl-Z: give the terminal back and stop until `fg`. */
	suspend(): void;
	/** Called after every resume; returns the unsubscribe. */
	onResume(listener: () => void): () => void;
	/** Writes a control sequence (mouse on/off) to the terminal itself, not through the frame stream. */
	write(sequence: string): void;
	/** Paints the whole frame again (Ctrl-L, after `fg`); undefined when nothing but Ink draws. */
	readonly redraw?: () => void;
	/** Removes the signal listeners. */
	dispose(): void;
}

export interface TerminalParts extends Omit<SuspendParts, 'onResume'> {
	readonly mouse: boolean;
	readonly signals?: SignalPort;
	/** The terminal's own write (control sequences bypass the cell-diffing frame stream). */
	readonly write?: (sequence: string) => void;
	readonly redraw?: () => void;
}

export function createTerminalControls(parts: TerminalParts): TerminalControls {
	const listeners = createListeners();
	const suspender = installSuspend({
		...parts,
		onResume: () => listeners.notify(),
	});
	return {
		mouse: parts.mouse,
		write: (sequence) => (parts.write ?? ((text: string) => process.stdout.write(text)))(sequence),
		...(parts.redraw === undefined ? {} : {redraw: parts.redraw}),
		suspend: () => suspender.suspend(),
		onResume: listeners.subscribe,
		dispose: () => suspender.dispose(),
	};
}
