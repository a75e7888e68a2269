/**
 * flags → options → clusters → a sink. The launch code, the same for one cluster and several (a
 * list of one): --replay / --demo play a recording (replay.ts); otherwise every scheduler URL gets
 * its client, poller and pipeline (clusters.ts), optionally a recorder (record.ts), and then
 * either one headless poll and print (once.ts: --once, --json, or stdout not a terminal) or the
 * TUI (interactive.ts). Exit codes: types/exit-codes.ts.
 */
import {readFileSync, statSync} from 'node:fs';
import {homedir} from 'node:os';
import {configPath, readConfigFile} from '../options/config.js';
import {asksForCheck} from '../options/flag-table.js';
import {helpPage, parseArgv} from '../options/flags.js';
import {resolveOptions} from '../options/resolve.js';
import {versionLine} from '../single-executable.js';
import {tuneTierUp} from '../tiering.js';
import {EXIT_OK, EXIT_UNREADABLE} from '../types/exit-codes.js';
import {prose, say, usageLine, setPlainText} from './say.js';
import {asciiWanted} from '../units/ascii.js';

/** --check answers a usage error as the plugin convention asks: UNKNOWN, exit 3, one line on stdout. */
async function checkUsage(line: string): Promise<number> {
	const [{printCheck}, {unknownResult}] = await Promise.all([import('./check.js'), import('../output/check.js')]);
	return printCheck(unknownResult(line));
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
	setPlainText(asciiWanted(argv, process.env));
	const checking = asksForCheck(argv);
	// The check's modules load only with --check: usage errors without it stay small.
	const usage = (line: string): number | Promise<number> => (checking ? checkUsage(line) : usageLine(line));
	const parsed = parseArgv(argv, import.meta);
	if (!parsed.ok) return usage(parsed.error);
	const {flags} = parsed.argv;
	if (flags.help) {
		process.stdout.write(prose(helpPage(parsed.argv)));
		return EXIT_OK;
	}
	if (flags.version) {
		process.stdout.write(`${versionLine(parsed.argv.version)}\n`);
		return EXIT_OK;
	}

	const config = readConfigFile(configPath(process.env, homedir()));
	if (!config.ok) return usage(config.error);
	const resolved = resolveOptions({
		argv: parsed.argv,
		env: process.env,
		...(config.config ? {config: config.config} : {}),
		stdoutIsTTY: process.stdout.isTTY === true,
	});
	if (!resolved.ok) return usage(resolved.error);
	// Work ahead (polling, a screen, a replay): V8 tuned before the bulk of the bundle loads (tiering.ts).
	await tuneTierUp();
	const options = resolved.options;
	setPlainText(options.ascii);
	if (!options.check) for (const note of options.notes) say(note);

	// --replay FILE / --demo: a recording drives the same outputs and screen (replay.ts).
	const replayFile = options.recording.replay?.file;
	if (replayFile !== undefined && !options.recording.replay?.demo && isDirectory(replayFile))
		return usage(
			`--replay ${replayFile}: a directory, not a recording (give the .ndjson or .ndjson.gz file --record wrote)`,
		);
	if (options.recording.replay) return (await import('./replay.js')).runReplay(options.recording.replay, options);

	const ca = options.caFile === undefined ? undefined : readCa(options.caFile);
	if (typeof ca === 'object') return usage(ca.error);
	// The HTTP client (undici), the outputs and the screen load only when a scheduler is polled:
	// --version, --help and usage errors stay small (the bundle is split at these imports).
	const {createClusters, stopClusters} = await import('./clusters.js');
	const clusters = createClusters(options, {
		...(ca === undefined ? {} : {ca}),
		userAgent: `dask-top/${parsed.argv.version}`,
	});
	try {
		// --record FILE (one cluster): every round its pipeline ingests is also written to FILE.
		const first = clusters[0];
		const recorder =
			options.recording.record && first
				? (await import('./record.js')).startRecording(
						options.recording.record,
						first.pipeline,
						options.url.display,
						parsed.argv.version,
					)
				: undefined;
		if (typeof recorder === 'string') {
			say(recorder);
			return EXIT_UNREADABLE;
		}
		if (options.check) return await (await import('./check.js')).runCheck(clusters, options);
		return options.once
			? await (await import('./once.js')).runOnce(clusters, options)
			: await (await import('./interactive.js')).runInteractive(clusters, options, recorder);
	} finally {
		await stopClusters(clusters);
	}
}
