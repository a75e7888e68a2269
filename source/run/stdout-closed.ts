/**
 * When stdout's reader goes away (`dask-top … | head -n 2` has what it wanted: EPIPE) a run that
 * writes stdout until stopped ends as if interrupted: cleanly, exit 0, no stack trace. The listener
 * stays on for the rest of the process, so that later writes' errors are never unhandled.
 */
export function whenStdoutCloses(onClosed: () => void, stdout: NodeJS.WriteStream = process.stdout): void {
	let closed = false;
	stdout.on('error', () => {
		// EPIPE, or any other error writing stdout: nothing more can be written, so stop.
		if (closed) return;
		closed = true;
		onClosed();
	});
}
