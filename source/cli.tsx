/**
 * The entry point (bundled to dist/dask-top.cjs, the installed command, and dist/dask-top.mjs: see
 * scripts/build.mjs). Tiny on purpose: it fixes the environment BEFORE Ink is loaded, answers
 * --version, --help and unknown options itself (run/quick.ts), then loads everything else lazily
 * (esbuild keeps a dynamically imported module and its imports lazy, so Ink's import-time checks
 * run after this).
 *
 * A user's shell with CI set (or Ink's other CI signals) would make Ink draw nothing until exit:
 * on a terminal those variables are removed from this process. Any error that escapes becomes
 * one line on stderr and exit 1, never a stack trace (DASK_TOP_DEBUG=1 shows it).
 */
import {bakedTexts} from './options/baked.js';
import {asksForCheck} from './options/flag-table.js';
import {quickAnswer} from './run/quick.js';
import {prose, setPlainText} from './run/say.js';
import {CHECK_EXIT_CODES, EXIT_UNREADABLE} from './types/exit-codes.js';
import {asciiWanted} from './units/ascii.js';

// Through an alias: the bundle's `define` replaces process.env.NODE_ENV reads, and would warn here.
const env = process.env;
env['NODE_ENV'] ??= 'production';

/** is-in-ci (Ink 6.8) reads CI and CONTINUOUS_INTEGRATION; ci-info style checks read the others. */
const CI_SIGNALS = [
	'CI',
	'CONTINUOUS_INTEGRATION',
	'BUILD_NUMBER',
	'BUILD_ID',
	'RUN_ID',
	'CI_NAME',
	'CI_BUILD_ID',
	'CI_BUILD_NUMBER',
	'CI_APP_ID',
];
if (process.stdout.isTTY) {
	for (const name of CI_SIGNALS) delete env[name];
}

function fail(error: unknown): never {
	const message = error instanceof Error ? error.message : String(error);
	const line = (message.split('\n')[0] ?? '').slice(0, 300) || 'unknown error';
	// A monitoring check (--check) answers UNKNOWN, exit 3, as the plugin convention asks.
	if (asksForCheck(process.argv.slice(2))) {
		process.stdout.write(prose(`DASK UNKNOWN - internal error: ${line.replaceAll('|', '/')}\n`));
		process.exit(CHECK_EXIT_CODES.UNKNOWN);
	}
	process.stderr.write(prose(`dask-top: internal error: ${line}\n`));
	if (process.env['DASK_TOP_DEBUG'] && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
	process.exit(EXIT_UNREADABLE);
}

process.on('uncaughtException', fail);
process.on('unhandledRejection', fail);

setPlainText(asciiWanted(process.argv.slice(2), env));

/** Runs the command line; no top-level await, so that the installed entry can be CommonJS (build.mjs). */
async function run(argv: readonly string[]): Promise<void> {
	// --version, --help and unknown options are answered here, without loading meow (run/quick.ts).
	const quick = quickAnswer(argv, bakedTexts());
	if (quick !== undefined) {
		process.exitCode = quick;
		return;
	}
	const {main} = await import('./run/main.js');
	const code = await main(argv);
	process.exitCode = code;
	// Whatever still holds the event loop open (a stray socket, a terminal handle) must not keep us.
	setTimeout(() => process.exit(code), 1500).unref();
}

run(process.argv.slice(2)).catch(fail);
