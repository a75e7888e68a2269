import {EXIT_USAGE} from '../types/exit-codes.js';
import {asciiProse} from '../units/ascii.js';

let plain = false;

/**
 * Plain ASCII from here on: set from the raw arguments and the locale before anything is parsed
 * (so usage errors obey `--ascii`), and again once the options are resolved (`ascii` in the config file).
 */
export function setPlainText(on: boolean): void {
	plain = on;
}

/** What the launch code prints as prose (help, lines, reports): plain ASCII when asked for. */
export function prose(text: string): string {
	return plain ? asciiProse(text) : text;
}

/** What the launch code tells the user: one line on stderr, prefixed `dask-top: `. */
export function say(line: string): void {
	process.stderr.write(prose(`dask-top: ${line}\n`));
}

/** The second line of every usage error (after say's). */
const USAGE_HINT = 'Run dask-top --help for usage.';

/**
 * A usage error without --check: its line, the hint (left out when the line already says what to
 * type: "did you mean --once?"), exit 2.
 */
export function usageLine(line: string, hint = true): number {
	say(line);
	if (hint) process.stderr.write(`${USAGE_HINT}\n`);
	return EXIT_USAGE;
}
