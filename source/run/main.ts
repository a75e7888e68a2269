/**
 * flags → options → a source and a sink. Headless (--once, --json, or stdout not a terminal):
 * one complete poll (plus a follow-up pass for counts.json and the workers' own /metrics when
 * identity.json failed), one table or JSON document, exit. Otherwise the TUI, loaded lazily so
 * that Ink starts after cli.tsx fixed the environment.
 *
 * Exit codes: 0 done, 1 the scheduler could not be read, 2 usage error.
 */
import {readFileSync, statSync} from 'node:fs';
import {homedir} from 'node:os';
import {contactRound, feedRound} from './first-contact.js';
import {resolveOptions, type Options} from '../options/resolve.js';
import {configPath, readConfigFile} from '../options/config.js';
import {parseArgv} from '../options/flags.js';
import {formatOnce} from '../output/once.js';
import {connect, createPipeline, type Pipeline} from '../pipeline.js';
import {planHints} from '../scrape/hints.js';
import {Poller} from '../scrape/poller.js';
import {recordUntilSignalled, runReplay, startRecording} from './record.js';
import {versionLine} from '../single-executable.js';
import type {Recorder} from '../record/writer.js';
import type {ScrapeSource} from '../types/scrape-source.js';

export const EXIT_OK = 0;
export const EXIT_UNREADABLE = 1;
export const EXIT_USAGE = 2;

function say(line: string): void {
	process.stderr.write(`dask-top: ${line}\n`);
}

function usage(line: string): number {
	say(line);
	process.stderr.write('Run dask-top --help for usage.\n');
	return EXIT_USAGE;
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
	const parsed = parseArgv(argv, import.meta);
	if (!parsed.ok) return usage(parsed.error);
	const {flags} = parsed.argv;
	if (flags.help) {
		process.stdout.write(`${parsed.argv.help.replace(/^\n+/, '')}\n`);
		return EXIT_OK;
	}
	if (flags.version) {
		process.stdout.write(`${versionLine(parsed.argv.version)}\n`);
		return EXIT_OK;
	}

	const config = readConfigFile(configPath(process.env, homedir()));
	if (!config.ok) return usage(config.error);
	const resolved = resolveOptions({argv: parsed.argv, env: process.env, ...(config.config ? {config: config.config} : {}), stdoutIsTTY: process.stdout.isTTY === true});
	if (!resolved.ok) return usage(resolved.error);
	const options = resolved.options;
	for (const note of options.notes) say(note);

	// --replay FILE / --demo: a recording drives the same outputs and screen (record.ts).
	const replayFile = options.recording.replay?.file;
	if (replayFile !== undefined && !options.recording.replay?.demo && isDirectory(replayFile)) return usage(`--replay ${replayFile}: a directory, not a recording (give the .ndjson or .ndjson.gz file --record wrote)`);
	if (options.recording.replay) return runReplay(options.recording.replay, options, (source, url) => runReplayTui(options, source, url), say);

	const ca = options.caFile === undefined ? undefined : readCa(options.caFile);
	if (typeof ca === 'object') return usage(ca.error);
	// Several clusters: one client, poller and pipeline each, side by side (once.ts).
	// The HTTP client (undici) and the several-cluster runner load only when a scheduler is polled: --version, --help and usage errors stay small.
	if (options.clusters.length > 1) return (await import('./once.js')).runClusters({options, ...(ca === undefined ? {} : {ca}), version: parsed.argv.version, say});

	const {HttpClient} = await import('../scrape/client.js');
	const client = new HttpClient({
		timeoutMs: options.timeoutMs,
		schedulerOrigin: new URL(options.url.base).origin,
		headers: options.headers,
		...(ca === undefined ? {} : {ca}),
		insecure: options.insecure,
		userAgent: `dask-top/${parsed.argv.version}`,
	});
	const pipeline = createPipeline({model: options.model});
	const poller = new Poller({url: options.url, client, intervalMs: options.intervalMs, timeoutMs: options.timeoutMs, hints: () => planHints(pipeline.snapshot())});
	// --record FILE: every round the pipeline ingests is also written to FILE (record.ts).
	const recorder = options.recording.record ? startRecording(options.recording.record, pipeline, options.url.display, parsed.argv.version, say) : undefined;
	if (typeof recorder === 'string') {
		say(recorder);
		return EXIT_UNREADABLE;
	}
	try {
		return options.once ? await runOnce(options, poller, pipeline) : await runInteractive(options, poller, pipeline, recorder);
	} finally {
		await poller.stop();
	}
}

/** First contact (first-contact.ts): the failure line to exit with, or undefined once the round is fed to the pipeline. */
async function firstContact(options: Options, poller: Poller, pipeline: Pipeline, exitOn: 'any' | 'permanent'): Promise<string | undefined> {
	const {round, verdict} = await contactRound(poller, {display: options.url.display, timeoutMs: options.timeoutMs, isDefaultUrl: options.urlFrom === 'default'});
	if (!verdict.ok && (exitOn === 'any' || verdict.permanent)) return verdict.message;
	feedRound(poller, pipeline, round);
	return undefined;
}

async function runOnce(options: Options, poller: Poller, pipeline: Pipeline): Promise<number> {
	const failure = await firstContact(options, poller, pipeline, 'any');
	if (failure !== undefined) {
		say(failure);
		return EXIT_UNREADABLE;
	}
	const followUp = await poller.round({followUp: true});
	if (followUp.responses.length > 0) feedRound(poller, pipeline, followUp);
	const text = formatOnce(pipeline, options.json, options.ascii);
	if (text === undefined) {
		say(`no answer from ${options.url.display}`);
		return EXIT_UNREADABLE;
	}
	process.stdout.write(text);
	return EXIT_OK;
}

/**
 * The TUI. main starts the source feeding the pipeline (connect) before the screen: the screen
 * shows the pipeline's model, so every round counts, whenever it came. runTui reads status and
 * controls from the source and resolves with the exit code; main stops the source afterwards.
 */
async function runInteractive(options: Options, poller: Poller, pipeline: Pipeline, recorder?: Recorder): Promise<number> {
	const tellProgress = process.stderr.isTTY === true;
	if (tellProgress) process.stderr.write(`Connecting to ${options.url.display} …\r`);
	const failure = await firstContact(options, poller, pipeline, 'permanent');
	if (tellProgress) process.stderr.write('\u001B[2K\r');
	if (failure !== undefined) {
		say(failure);
		return EXIT_UNREADABLE;
	}
	// Recording without a terminal (nohup, cron, systemd) polls until a signal, with no screen.
	if (recorder && process.stdout.isTTY !== true) return recordUntilSignalled(poller, () => connect(poller, pipeline), recorder, options.url.display, say);
	const {runTui} = await import('../ui/run.js');
	connect(poller, pipeline);
	return runTui({options, source: poller, pipeline});
}

/** The TUI driven by a replay: the recorded URL stands in for the scheduler's. */
async function runReplayTui(options: Options, source: ScrapeSource, url: string): Promise<number> {
	const pipeline = createPipeline({model: options.model});
	const {runTui} = await import('../ui/run.js');
	connect(source, pipeline);
	try {
		return await runTui({options: {...options, url: {base: url, query: '', display: url}}, source, pipeline});
	} finally {
		await source.stop();
	}
}
