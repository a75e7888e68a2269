/**
 * The answers the entry gives before loading main() and meow, each the same as main()'s:
 * `--version` and `--help` (or `-h`) alone print the texts baked into the bundle (options/baked.ts),
 * and an unknown option is a usage error found by the flag table alone (checkArgv). Anything else,
 * and everything with --check (whose usage errors are a plugin line), is left to main().
 */
import type {BakedTexts} from '../options/baked.js';
import {asksForCheck, checkArgv} from '../options/flag-table.js';
import {versionLine} from '../units/single-executable.js';
import {EXIT_OK} from '../types/exit-codes.js';
import {prose, usageLine} from './say.js';
import {writePaged} from './pager.js';

/** The exit code when answered here (after writing the answer); undefined: main() answers. */
export function quickAnswer(argv: readonly string[], baked: BakedTexts | undefined): number | undefined {
	if (asksForCheck(argv)) return undefined;
	const checked = checkArgv(argv);
	if (!checked.ok) return usageLine(checked.error, checked.suggestion === undefined);
	if (baked === undefined || argv.length !== 1) return undefined;
	if (argv[0] === '--version') {
		process.stdout.write(`${versionLine(baked.version)}\n`);
		return EXIT_OK;
	}
	if (argv[0] === '--help' || argv[0] === '-h') {
		writePaged(prose(baked.helpPage));
		return EXIT_OK;
	}
	return undefined;
}
