/**
 * Ctrl-Z and `fg`. In raw mode the terminal sends Ctrl-Z as a byte instead of stopping the
 * process, so the key asks for SIGTSTP itself; a SIGTSTP from elsewhere (`kill -TSTP`) takes the
 * same way. Before stopping, the terminal is given back (mouse off, cursor, the user's screen,
 * cooked mode); the listener is removed for the moment so that the signal's default action (stop)
 * happens. The stop goes to the whole process group, as the terminal's own Ctrl-Z does: the shell
 * waits for its job (`npm start`'s npm and sh, the launcher that started dask-top under its V8
 * settings), and gets its prompt back only when every process of the job is stopped. When the
 * process continues (`fg`, a SIGCONT to the group) the screen is taken again: raw mode, alternate
 * screen, and the caller's onResume (mouse reporting back on, the whole picture redrawn). A SIGCONT
 * after a stop that did not come this way (SIGSTOP) takes the screen again too.
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
	/** Sends a signal to this process's group: this process and the job it belongs to. */
	raiseInGroup(signal: 'SIGTSTP'): void;
}

const PROCESS_SIGNALS: SignalPort = {
	on: (signal, listener) => void process.on(signal, listener),
	off: (signal, listener) => void process.off(signal, listener),
	raise: (signal) => void process.kill(process.pid, signal),
	// kill(0, …): the caller's process group (kill(2)).
	raiseInGroup: (signal) => void process.kill(0, signal),
};

export interface Suspender {
	/** What Ctrl-Z does: stop until `fg`. */
	suspend(): void;
	/** Removes the signal listeners (the screen is closing). */
	dispose(): void;
}

export function installSuspend({screen, stdin, onResume, signals = PROCESS_SIGNALS}: SuspendParts): Suspender {
	let disposed = false;
	/** A resume done right after the stop: the SIGCONT that follows it has nothing left to do. */
	let resumed = false;
	const resume = (raw: boolean) => {
		signals.off('SIGTSTP', onStop);
		signals.on('SIGTSTP', onStop);
		// Off then on: the shell may have reset the terminal while we were stopped, and libuv skips a mode it thinks is set.
		if (stdin.isTTY === true && raw) {
			stdin.setRawMode?.(false);
			stdin.setRawMode?.(true);
		}
		screen.resume();
		onResume();
	};
	function onStop() {
		if (disposed) return;
		signals.off('SIGTSTP', onStop);
		const raw = stdin.isRaw === true;
		if (stdin.isTTY === true) stdin.setRawMode?.(false);
		screen.suspend();
		// No listener now: the default action stops the process (and its job) inside this call, and
		// `fg` continues right here, before any timer can draw a frame on the shell's screen.
		signals.raiseInGroup('SIGTSTP');
		resumed = true;
		resume(raw);
	}
	const onContinue = () => {
		if (disposed) return;
		if (resumed) {
			resumed = false;
			return;
		}
		// Stopped by something else (SIGSTOP): take the screen again all the same.
		resume(stdin.isRaw === true);
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
