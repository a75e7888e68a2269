/** What the launch code tells the user: one line on stderr, prefixed `dask-top: `. */
export function say(line: string): void {
	process.stderr.write(`dask-top: ${line}\n`);
}
