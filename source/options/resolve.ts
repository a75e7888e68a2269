/**
 * Flags + environment + config file → Options, or a one-line usage error (exit 2). Pure: the
 * caller runs meow (options/flags.ts), reads the config file (options/config.ts) and passes
 * whether stdout is a terminal.
 */
import {TIME_WINDOWS} from '../model/time/time-split.js';
import type {TimeWindowKind} from '../model/types.js';
import type {ConfigFile} from './config.js';
import type {WorkerColumnId} from '../types/worker-column-ids.js';
import {pickSettingMs} from './duration-setting.js';
import type {ParsedArgv} from './flags.js';
import {resolveModelFlags} from './model.js';
import type {ModelOptions} from '../model/types.js';
import {
	clusterTargets,
	resolveUrls,
	type ClusterTarget,
	type HttpHeader,
	type SchedulerFileUrl,
	type UrlOrigin,
} from './urls.js';
import type {SchedulerUrl} from '../scrape/url.js';
import {demoRecordingPath} from './demo-file.js';
import {localeIsUtf8} from '../units/ascii.js';
import {resolveRecordOptions, runsOnce, stdoutRecordingError, type RecordOptions} from './recording.js';
import {resolveDrill, type DrillRequest} from './drill-flags.js';
import {THEMES} from './settings.js';

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
	/** --json --watch: one JSON document per poll, one per line, until stopped (run/watch.ts). */
	readonly watch: boolean;
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
	/** --theme (or "theme"): the colours for a dark (default) or light background. */
	readonly theme: ThemeName;
	/** --time-window: the window of --once/--json's `time_spent` (default: since the scheduler started). */
	readonly timeWindow: TimeWindowKind;
	/** Mouse reporting in the full screen (--no-mouse or "mouse": false turn it off). */
	readonly mouse: boolean;
	/**
	 * --bell (or "bell": true), and only where it can ring: the live full screen (never a replay, the
	 * demo, --once, --json or --check): output/bell.ts.
	 */
	readonly bell: boolean;
	/** --allow-actions (or "allow-actions": true): F9 / K may retire a worker; read-only otherwise. */
	readonly allowActions: boolean;
	/** The worker table's columns shown, in order ("columns" in the config file; F2 saves them there). */
	readonly columns?: readonly WorkerColumnId[];
	/** The config file the options were read from, whether or not it exists: where F2 saves the columns. */
	readonly configFile?: string;
	/** The model's options: thresholds, --stall-after, --target-duration, --minimum/--maximum, the poll interval. */
	readonly model: ModelOptions;
	/** --record / --replay / --demo and their moments (recording.ts). */
	readonly recording: RecordOptions;
	/** --stacks / --errors / --logs: print that page of the cluster and exit (drill-flags.ts, run/drill.ts). */
	readonly drill?: DrillRequest;
	/** One-liners for stderr (a comm address was read as a dashboard, an interval was raised…). */
	readonly notes: readonly string[];
}

type ThemeName = (typeof THEMES)[number];

/** --time-window (start when not given) or a one-line usage error. */
function pickTimeWindow(flag: string | undefined): TimeWindowKind | {error: string} {
	if (flag === undefined) return 'start';
	const window = TIME_WINDOWS.find((name) => name === flag.trim().toLowerCase());
	return window ?? {error: `--time-window: "${flag}" is not a window: use start, minute or run`};
}

/** --theme (over "theme" in the config file, over dark) or a one-line usage error. */
function pickTheme(flag: string | undefined, config: ConfigFile | undefined): ThemeName | {error: string} {
	const [text, where] =
		flag !== undefined ? [flag, '--theme'] : [config?.theme, `theme in config file ${config?.path}`];
	if (text === undefined) return 'dark';
	const theme = THEMES.find((name) => name === text.trim().toLowerCase());
	return theme ?? {error: `${where}: "${text}" is not a theme: use dark or light`};
}

export type OptionsResult =
	| {readonly ok: true; readonly options: Options}
	| {readonly ok: false; readonly error: string};

export interface OptionsInput {
	readonly argv: Pick<ParsedArgv, 'input' | 'flags'>;
	readonly env: Readonly<Record<string, string | undefined>>;
	readonly config?: ConfigFile;
	/** The config file's path (read or not): where the screen saves what the user chose. */
	readonly configFile?: string;
	readonly stdoutIsTTY: boolean;
	/** The --scheduler-file files, read by the caller (run/scheduler-files.ts). */
	readonly schedulerFiles?: readonly SchedulerFileUrl[];
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export function parseHeader(text: string): HttpHeader | string {
	const colon = text.indexOf(':');
	const name = colon < 0 ? '' : text.slice(0, colon).trim();
	const value = colon < 0 ? '' : text.slice(colon + 1).trim();
	if (colon < 0 || !HEADER_NAME.test(name))
		return `a header must look like 'Name: value' (got '${text.slice(0, 40)}${colon < 0 ? '' : ': …'}')`;
	if (/[\r\n\0]/.test(value)) return `the value of header ${name} contains a line break`;
	return {name, value};
}

/** What is wrong with --watch among the other flags, if anything (--check says so itself). */
function watchError(
	flags: Pick<ParsedArgv['flags'], 'json' | 'once'>,
	recording: RecordOptions,
	clusterCount: number,
): string | undefined {
	if (!flags.json) return '--watch prints one --json document per poll: add --json';
	if (flags.once) return '--watch prints a document per poll until stopped, --once one: choose one';
	if (recording.replay !== undefined)
		return `--watch polls a live scheduler; it cannot be combined with ${recording.replay.demo ? '--demo' : '--replay'}`;
	if (clusterCount > 1)
		return `--json --watch follows one cluster for now, got ${clusterCount} scheduler URLs: run one per cluster`;
	return undefined;
}

export function resolveOptions({
	argv,
	env,
	config,
	configFile,
	stdoutIsTTY,
	schedulerFiles = [],
}: OptionsInput): OptionsResult {
	const {flags, input} = argv;
	const notes: string[] = [];
	const inConfig = (key: string) => `${key} in config file ${config?.path ?? ''}`;

	const urls = resolveUrls({
		input,
		env,
		...(config ? {config} : {}),
		schedulerFiles,
		...(flags.dashboardPort === undefined ? {} : {dashboardPort: flags.dashboardPort}),
	});
	if (!urls.ok) return {ok: false, error: urls.error};
	notes.push(...urls.notes);
	const urlFrom = urls.urlFrom;

	const intervalMs = pickSettingMs('interval', flags.interval, config);
	if (typeof intervalMs === 'string') return {ok: false, error: intervalMs};
	const timeoutMs = pickSettingMs('timeout', flags.timeout, config);
	if (typeof timeoutMs === 'string') return {ok: false, error: timeoutMs};

	const headers = new Map<string, HttpHeader>();
	for (const [texts, where] of [
		[config?.header ?? [], inConfig('header')],
		[flags.header ?? [], '--header'],
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
	// NO_COLOR (any value but empty), TERM=dumb and FORCE_COLOR=0 turn colours off, as --no-color does.
	const noColorEnv =
		(env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '') ||
		env['TERM'] === 'dumb' ||
		env['FORCE_COLOR'] === '0' ||
		env['FORCE_COLOR'] === 'false';
	const plainLocale = !localeIsUtf8(env);
	const recording = resolveRecordOptions(flags.recording ?? {}, {
		hasUrlArgument: input.length > 0 || schedulerFiles.length > 0,
		demoFile: demoRecordingPath(),
	});
	if (!recording.ok) return {ok: false, error: recording.error};
	const drill = resolveDrill(flags.drill ?? {}, {
		watch: flags.watch === true,
		check: flags.check,
		record: recording.options.record !== undefined,
		...(recording.options.replay === undefined ? {} : {replay: recording.options.replay.demo ? 'demo' : 'replay'}),
		clusters: clusters.length,
	});
	if (drill !== undefined && 'error' in drill) return {ok: false, error: drill.error};
	if (recording.options.record !== undefined && clusters.length > 1) {
		return {
			ok: false,
			error:
				'--record records one cluster for now, ' +
				`got ${clusters.length} scheduler URLs: run one dask-top --record per cluster`,
		};
	}
	if (flags.check) {
		const recordingFlag =
			recording.options.replay !== undefined
				? recording.options.replay.demo
					? '--demo'
					: '--replay'
				: recording.options.record !== undefined
					? '--record'
					: undefined;
		if (recordingFlag !== undefined)
			return {ok: false, error: `--check polls a live scheduler and cannot be combined with ${recordingFlag}`};
		if (flags.watch) return {ok: false, error: '--check prints its own line and cannot be combined with --watch'};
		if (flags.json || flags.once)
			return {
				ok: false,
				error: `--check prints its own line and cannot be combined with ${flags.json ? '--json' : '--once'}`,
			};
	}
	const watch = flags.watch === true;
	if (watch) {
		const problem = watchError(flags, recording.options, clusters.length);
		if (problem !== undefined) return {ok: false, error: problem};
	}
	const toStdout = stdoutRecordingError(recording.options, {once: flags.once, json: flags.json, stdoutIsTTY});
	if (toStdout !== undefined) return {ok: false, error: toStdout};
	const theme = pickTheme(flags.theme, config);
	if (typeof theme === 'object') return {ok: false, error: theme.error};
	const timeWindow = pickTimeWindow(flags.timeWindow);
	if (typeof timeWindow === 'object') return {ok: false, error: timeWindow.error};
	const model = resolveModelFlags(flags, config, intervalMs);
	if (!model.ok) return {ok: false, error: model.error};

	const once =
		drill !== undefined || (!watch && runsOnce({once: flags.once, json: flags.json, stdoutIsTTY}, recording.options));
	return {
		ok: true,
		options: {
			url: first.url,
			clusters,
			urlFrom,
			once,
			json: flags.json,
			watch,
			check: flags.check,
			intervalMs,
			timeoutMs,
			headers: first.headers,
			...(caFile === undefined ? {} : {caFile}),
			insecure: flags.insecure || config?.insecure === true,
			color: flags.color && config?.color !== false && !noColorEnv,
			ascii: flags.ascii || config?.ascii === true || plainLocale,
			theme,
			timeWindow,
			mouse: flags.mouse && config?.mouse !== false,
			bell:
				(flags.bell === true || config?.bell === true) && !once && !watch && !flags.check && !recording.options.replay,
			allowActions: flags.allowActions === true || config?.allowActions === true,
			...(config?.columns === undefined ? {} : {columns: config.columns}),
			...(configFile === undefined ? {} : {configFile}),
			model: model.model,
			recording: recording.options,
			...(drill === undefined ? {} : {drill}),
			notes,
		},
	};
}
