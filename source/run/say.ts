import {EXIT_USAGE} from '../types/exit-codes.js';

/** What the launch code tells the user: one line on stderr, prefixed `dask-top: `. */
export function say(line: string): void {
	process.stderr.write(`dask-top: ${line}\n`);
}

/** The second line of every usage error (after say's). */
const USAGE_HINT = 'Run dask-top --help for usage.';

/** A usage error without --check: its line, the hint, exit 2. */
export function usageLine(line: string): number {
	say(line);
	process.stderr.write(`${USAGE_HINT}\n`);
	return EXIT_USAGE;
}
