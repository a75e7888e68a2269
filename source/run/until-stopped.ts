/**
 * How a headless run that goes on until stopped (a recording without a terminal, `--json --watch`)
 * ends: on SIGINT, SIGTERM or SIGHUP, or, when it writes stdout, when stdout's reader goes away
 * (`dask-top … | head -n 2` has what it wanted: EPIPE). Either is a clean end, exit 0.
 */

/**
 * Calls `onClosed` once when writing stdout fails (EPIPE, or any other error: nothing more can be
 * written). The listener stays on for the rest of the process, so later writes' errors are never unhandled.
 */
function whenStdoutCloses(onClosed: () => void, stdout: NodeJS.WriteStream = process.stdout): void {
	let closed = false;
	stdout.on('error', () => {
		if (closed) return;
		closed = true;
		onClosed();
	});
}

/**
 * Runs `start`, then resolves with what stopped it: the signal's name, or `stdout closed` (only
 * when `writesStdout`). The signal handlers are removed before it resolves.
 */
export function untilStopped(start: () => void, writesStdout: boolean): Promise<string> {
	return new Promise<string>((resolve) => {
		const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
		let done = false;
		const onStop = (name: string): void => {
			for (const other of signals) process.off(other, onStop);
			if (done) return;
			done = true;
			resolve(name);
		};
		for (const name of signals) process.on(name, onStop);
		if (writesStdout) whenStdoutCloses(() => onStop('stdout closed'));
		start();
	});
}
