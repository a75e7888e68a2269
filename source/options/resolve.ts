/**
 * Flags + environment + config file → Options, or a one-line usage error (exit 2). Pure: the
 * caller runs meow (options/flags.ts), reads the config file (options/config.ts) and passes
 * whether stdout is a terminal.
 */
import type {ConfigFile} from './config.js';
import {formatDurationMs} from '../units/duration.js';
import {pickDurationMs} from './duration.js';
import type {ParsedArgv} from './flags.js';
import {resolveModelFlags} from './model.js';
import type {ModelOptions} from '../model/types.js';
import {clusterTargets, resolveUrls, type ClusterTarget, type HttpHeader, type UrlOrigin} from './urls.js';
import type {SchedulerUrl} from '../scrape/url.js';
import {demoRecordingPath} from './demo-file.js';
import {resolveRecordOptions, runsOnce, type RecordOptions} from './recording.js';

export const DEFAULT_INTERVAL_MS = 2000;
export const MIN_INTERVAL_MS = 1000;
export const DEFAULT_TIMEOUT_MS = 5000;

export type {ClusterTarget, HttpHeader, UrlOrigin} from './urls.js';

export interface Options {
	/** The first cluster's URL (the only one, unless several were given). */
	readonly url: SchedulerUrl;
	/** Every cluster to follow, in the order given, duplicates dropped; clusters[0] is `url` with `headers`. */
	readonly clusters: readonly ClusterTarget[];
	/** Where the URL came from; `default` means nobody asked for 127.0.0.1:8787 (a refusal gets a hint). */
	readonly urlFrom: UrlOrigin;
	/** One snapshot and exit: --once, --json, or stdout is not a terminal. */
	readonly once: boolean;
	readonly json: boolean;
	/** --check: one monitoring-plugin line and the plugin's exit code (run/check.ts). */
	readonly check: boolean;
	readonly intervalMs: number;
	readonly timeoutMs: number;
	/** The first cluster's headers, sent to its scheduler's origin only. Values are secrets: never display them. */
	readonly headers: readonly HttpHeader[];
	readonly caFile?: string;
	readonly insecure: boolean;
	readonly color: boolean;
	readonly ascii: boolean;
	/** The model's options: thresholds, --stall-after, --target-duration, --minimum/--maximum, the poll interval. */
	readonly model: ModelOptions;
	/** --record / --replay / --demo and their moments (recording.ts). */
	readonly recording: RecordOptions;
	/** One-liners for stderr (a comm address was read as a dashboard, an interval was raised…). */
	readonly notes: readonly string[];
}

export type OptionsResult = {readonly ok: true; readonly options: Options} | {readonly ok: false; readonly error: string};

export interface OptionsInput {
	readonly argv: Pick<ParsedArgv, 'input' | 'flags'>;
	readonly env: Readonly<Record<string, string | undefined>>;
	readonly config?: ConfigFile;
	readonly stdoutIsTTY: boolean;
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export function parseHeader(text: string): HttpHeader | string {
	const colon = text.indexOf(':');
	const name = colon < 0 ? '' : text.slice(0, colon).trim();
	const value = colon < 0 ? '' : text.slice(colon + 1).trim();
	if (colon < 0 || !HEADER_NAME.test(name)) return `a header must look like 'Name: value' (got '${text.slice(0, 40)}${colon < 0 ? '' : ': …'}')`;
	if (/[\r\n\0]/.test(value)) return `the value of header ${name} contains a line break`;
	return {name, value};
}

export function resolveOptions({argv, env, config, stdoutIsTTY}: OptionsInput): OptionsResult {
	const {flags, input} = argv;
	const notes: string[] = [];
	const inConfig = (key: string) => `${key} in config file ${config?.path ?? ''}`;

	const urls = resolveUrls({input, env, ...(config ? {config} : {})});
	if (!urls.ok) return {ok: false, error: urls.error};
	notes.push(...urls.notes);
	const urlFrom = urls.urlFrom;

	const interval = pickDurationMs(flags.interval, '--interval', config?.interval, inConfig('interval'), DEFAULT_INTERVAL_MS);
	if (typeof interval === 'string') return {ok: false, error: interval};
	let intervalMs = interval;
	if (intervalMs < MIN_INTERVAL_MS) {
		notes.push(`interval ${formatDurationMs(intervalMs)} raised to ${formatDurationMs(MIN_INTERVAL_MS)}, the minimum that keeps the scheduler unbothered`);
		intervalMs = MIN_INTERVAL_MS;
	}
	const timeoutMs = pickDurationMs(flags.timeout, '--timeout', config?.timeout, inConfig('timeout'), DEFAULT_TIMEOUT_MS);
	if (typeof timeoutMs === 'string') return {ok: false, error: timeoutMs};

	const headers = new Map<string, HttpHeader>();
	for (const [texts, where] of [
		[config?.header ?? [], inConfig('header')],
		[flags.header, '--header'],
	] as const) {
		for (const text of texts) {
			const header = parseHeader(text);
			if (typeof header === 'string') return {ok: false, error: `${where}: ${header}`};
			headers.set(header.name.toLowerCase(), header);
		}
	}
	const clusters = clusterTargets(urls.urls, headers);
	const first = clusters[0];
	if (first === undefined) return {ok: false, error: 'no scheduler URL'};

	const caFile = flags.caFile ?? config?.caFile;
	if (caFile === '') return {ok: false, error: '--ca-file needs a file name'};
	const noColorEnv = env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '';
	const recording = resolveRecordOptions(flags.recording ?? {}, {hasUrlArgument: input.length > 0, demoFile: demoRecordingPath()});
	if (!recording.ok) return {ok: false, error: recording.error};
	if (recording.options.record !== undefined && clusters.length > 1) {
		return {ok: false, error: `--record records one cluster for now, got ${clusters.length} scheduler URLs: run one dask-top --record per cluster`};
	}
	if (flags.check) {
		const recordingFlag = recording.options.replay !== undefined ? (recording.options.replay.demo ? '--demo' : '--replay') : recording.options.record !== undefined ? '--record' : undefined;
		if (recordingFlag !== undefined) return {ok: false, error: `--check polls a live scheduler and cannot be combined with ${recordingFlag}`};
		if (flags.json || flags.once) return {ok: false, error: `--check prints its own line and cannot be combined with ${flags.json ? '--json' : '--once'}`};
	}
	const model = resolveModelFlags(flags, config, intervalMs);
	if (!model.ok) return {ok: false, error: model.error};

	return {
		ok: true,
		options: {
			url: first.url,
			clusters,
			urlFrom,
			once: runsOnce({once: flags.once, json: flags.json, stdoutIsTTY}, recording.options),
			json: flags.json,
			check: flags.check,
			intervalMs,
			timeoutMs,
			headers: first.headers,
			...(caFile === undefined ? {} : {caFile}),
			insecure: flags.insecure || config?.insecure === true,
			color: flags.color && config?.color !== false && !noColorEnv,
			ascii: flags.ascii || config?.ascii === true,
			model: model.model,
			recording: recording.options,
			notes,
		},
	};
}

