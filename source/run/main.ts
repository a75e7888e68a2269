/**
 * flags → options, then launch.ts: the command line, the config file and the environment become
 * the options, or a usage error (exit 2; with --check the plugin's UNKNOWN line). --help and
 * --version as meow reads them (the entry answers them alone first: quick.ts). Exit codes:
 * types/exit-codes.ts.
 */
import {readFileSync, statSync} from 'node:fs';
import {homedir} from 'node:os';
import {configPath, readConfigFile} from '../options/config.js';
import {asksForCheck} from '../options/flag-table.js';
import {completionScript} from '../options/completion.js';
import {SHELLS} from '../options/settings.js';
import {HELP_OPTIONS, helpPage, parseArgv} from '../options/flags.js';
import {resolveOptions, type OptionsInput} from '../options/resolve.js';
import {readSchedulerFiles} from './scheduler-files.js';
import {versionLine} from '../units/single-executable.js';
import {tuneTierUp} from './tiering.js';
import {EXIT_OK} from '../types/exit-codes.js';
import {prose, say, usageLine, setPlainText} from './say.js';
import {asciiWanted} from '../units/ascii.js';
import {writePaged} from './pager.js';

/** --check answers a usage error as the plugin convention asks: UNKNOWN, exit 3, one line on stdout. */
async function checkUsage(line: string, ascii: boolean): Promise<number> {
	return (await import('./launch.js')).checkUsage(line, ascii);
}

function isDirectory(path: string): boolean {
	try {
		return statSync(path).isDirectory();
	} catch {
		return false; // a missing file is the reader's to report
	}
}

function readCa(path: string): string | {error: string} {
	try {
		return readFileSync(path, 'utf8');
	} catch (error) {
		return {error: `--ca-file ${path}: cannot read it (${(error as NodeJS.ErrnoException).code ?? 'error'})`};
	}
}

export async function main(argv: readonly string[]): Promise<number> {
	// What usage errors obey: the raw arguments and the locale, then the resolved options.
	let ascii = asciiWanted(argv, process.env);
	setPlainText(ascii);
	const checking = asksForCheck(argv);
	// The check's modules load only with --check: usage errors without it stay small.
	const usage = (line: string, hint = true): number | Promise<number> =>
		checking ? checkUsage(line, ascii) : usageLine(line, hint);
	const parsed = parseArgv(argv, import.meta);
	if (!parsed.ok) return usage(parsed.error, parsed.suggestion === undefined);
	const {flags} = parsed.argv;
	if (flags.help) {
		writePaged(prose(helpPage(parsed.argv)));
		return EXIT_OK;
	}
	if (flags.completion !== undefined) {
		const shell = SHELLS.find((s) => s === flags.completion);
		if (shell === undefined)
			return usage(`--completion ${flags.completion}: give one of ${SHELLS.join(', ')} (e.g. --completion bash)`);
		process.stdout.write(completionScript(shell, HELP_OPTIONS));
		return EXIT_OK;
	}
	if (flags.version) {
		process.stdout.write(`${versionLine(parsed.argv.version)}\n`);
		return EXIT_OK;
	}

	if (flags.config?.trim() === '') return usage('--config needs a file name');
	// The one place the config file's path is chosen: read from it, and F2 saves the columns to it.
	const configFile = flags.config ?? configPath(process.env, homedir());
	const config = readConfigFile(configFile, flags.config !== undefined);
	if (!config.ok) return usage(config.error);
	const input: OptionsInput = {
		argv: parsed.argv,
		env: process.env,
		...(config.config ? {config: config.config} : {}),
		configFile,
		stdoutIsTTY: process.stdout.isTTY === true,
	};
	const schedulerFiles = flags.schedulerFile ?? [];
	if (schedulerFiles.length > 0) {
		// The other options are checked before any wait for a file (a placeholder URL stands for each).
		const early = resolveOptions({
			...input,
			schedulerFiles: schedulerFiles.map((file, i) => ({file, url: `http://127.0.0.1:${i + 1}/`})),
		});
		if (!early.ok) return usage(early.error);
	}
	const files = await readSchedulerFiles(schedulerFiles, {wait: !checking, say});
	if (!files.ok) return usage(files.error, false);
	const resolved = resolveOptions({...input, schedulerFiles: files.files});
	if (!resolved.ok) return usage(resolved.error);
	const options = resolved.options;
	// Work ahead (polling, a screen, a replay): V8 tuned before the bulk of the bundle loads (tiering.ts).
	await tuneTierUp();
	ascii = options.ascii;
	setPlainText(ascii);
	if (!options.check) for (const note of options.notes) say(note);

	// --replay FILE / --demo: a recording drives the same outputs and screen (replay.ts).
	const replayFile = options.recording.replay?.file;
	if (replayFile !== undefined && !options.recording.replay?.demo && isDirectory(replayFile))
		return usage(
			`--replay ${replayFile}: a directory, not a recording (give the .ndjson or .ndjson.gz file --record wrote)`,
		);
	const ca = options.caFile === undefined || options.recording.replay ? undefined : readCa(options.caFile);
	if (typeof ca === 'object') return usage(ca.error);
	// Everything past the options loads from here (launch.ts): --version, --help and usage errors
	// stay small, and the installed entry stays CommonJS up to this import (scripts/build.mjs).
	return (await import('./launch.js')).launch(options, {
		version: parsed.argv.version,
		...(ca === undefined ? {} : {ca}),
	});
}
