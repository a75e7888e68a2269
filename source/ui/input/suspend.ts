/**
 * Ctrl-Z and `fg`. In raw mode the terminal sends Ctrl-Z as a byte instead of stopping the
 * process, so the key asks for SIGTSTP itself; a SIGTSTP from elsewhere (`kill -TSTP`) takes the
 * same way. Before stopping, the terminal is given back (mouse off, cursor, the user's screen,
 * cooked mode); the listener is removed for the moment so that the signal's default action (stop)
 * happens. On SIGCONT (`fg`, `bg`, `kill -CONT`) the screen is taken again: raw mode, alternate
 * screen, and the caller's onResume (mouse reporting back on, the whole picture redrawn).
 */

/** The terminal parts a suspend touches. */
export interface SuspendParts {
	/** Leaves and re-enters the full screen (terminal.ts). */
	readonly screen: {suspend(): void; resume(): void};
	/** The keyboard: raw mode off while stopped. */
	readonly stdin: {readonly isTTY?: boolean; readonly isRaw?: boolean; setRawMode?(raw: boolean): unknown};
	/** After the screen is back: mouse reporting on again, the picture redrawn. */
	readonly onResume: () => void;
	/** Signals (tests pass a recorder): default process.on/off/kill. */
	readonly signals?: SignalPort;
}

export interface SignalPort {
	on(signal: 'SIGTSTP' | 'SIGCONT', listener: () => void): void;
	off(signal: 'SIGTSTP' | 'SIGCONT', listener: () => void): void;
	/** Sends a signal to this process. */
	raise(signal: 'SIGTSTP'): void;
}

const PROCESS_SIGNALS: SignalPort = {
	on: (signal, listener) => void process.on(signal, listener),
	off: (signal, listener) => void process.off(signal, listener),
	raise: (signal) => void process.kill(process.pid, signal),
};

export interface Suspender {
	/** What Ctrl-Z does: stop until `fg`. */
	suspend(): void;
	/** Removes the signal listeners (the screen is closing). */
	dispose(): void;
}

export function installSuspend({screen, stdin, onResume, signals = PROCESS_SIGNALS}: SuspendParts): Suspender {
	let wasRaw = false;
	let disposed = false;
	const onStop = () => {
		signals.off('SIGTSTP', onStop);
		wasRaw = stdin.isRaw === true;
		if (stdin.isTTY === true) stdin.setRawMode?.(false);
		screen.suspend();
		signals.raise('SIGTSTP'); // no listener now: the default action stops the process here
	};
	const onContinue = () => {
		if (disposed) return;
		signals.off('SIGTSTP', onStop);
		signals.on('SIGTSTP', onStop);
		// Off then on: the shell may have reset the terminal while we were stopped, and libuv skips a mode it thinks is set.
		if (stdin.isTTY === true && (wasRaw || stdin.isRaw === true)) {
			stdin.setRawMode?.(false);
			stdin.setRawMode?.(true);
		}
		wasRaw = false;
		screen.resume();
		onResume();
	};
	signals.on('SIGTSTP', onStop);
	signals.on('SIGCONT', onContinue);
	return {
		suspend: () => signals.raise('SIGTSTP'),
		dispose() {
			disposed = true;
			signals.off('SIGTSTP', onStop);
			signals.off('SIGCONT', onContinue);
		},
	};
}
