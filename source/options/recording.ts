/**
 * The recording flags (--record, --record-max, --replay, --at, --diff, --demo): their descriptors
 * in the settings table (settings.ts) and a pure resolver to RecordOptions or a one-line usage
 * error. resolve.ts calls resolveRecordOptions.
 */
import {parseMoment, type MomentSpec} from '../record/moments.js';
import {parseSize} from '../units/bytes.js';
import type {GivenFlags, Setting} from './setting-types.js';

/** --record-max when not given: 1 GB. */
export const DEFAULT_RECORD_MAX_BYTES = 1e9;

const NO = 'none';

/** The recording's settings (settings.ts spreads them into the table): flags only. */
export const RECORD_SETTINGS = [
	{
		name: 'record',
		flag: {type: 'string', value: 'FILE', complete: 'file'},
		config: NO,
		env: NO,
		default: NO,
		help:
			'Also write every poll round to FILE (NDJSON; FILE.gz compresses; - is stdout, for a pipe); ' +
			'polls until stopped, even without a terminal',
	},
	{
		name: 'recordMax',
		flag: {type: 'string', value: 'SIZE'},
		config: NO,
		env: NO,
		default: {bytes: DEFAULT_RECORD_MAX_BYTES},
		help: 'Stop recording (not monitoring) when FILE reaches SIZE: 500MB, 2GiB… (default {default})',
	},
	{
		name: 'replay',
		flag: {type: 'string', value: 'FILE', complete: 'file'},
		config: NO,
		env: NO,
		default: NO,
		help: 'Play a recording instead of polling a scheduler (space pause, ←/→ step, [/] ±1 min, {/} start/end, x speed)',
	},
	{
		name: 'at',
		flag: {type: 'string', value: 'TIME'},
		config: NO,
		env: NO,
		default: NO,
		help: 'With --replay: the moment to show, ISO-8601 (2026-11-29T14:05:00Z), HH:MM[:SS], or +90s/+2m from the start',
	},
	{
		name: 'diff',
		flag: {type: 'string', value: 'T1,T2'},
		config: NO,
		env: NO,
		default: NO,
		help: 'With --replay: print what changed between two moments (workers, memory, spilled, per-prefix progress, erred)',
	},
	{
		name: 'demo',
		flag: {type: 'boolean'},
		config: NO,
		env: NO,
		default: NO,
		help: 'Play the recording bundled with dask-top in a loop: no cluster needed',
	},
] as const satisfies readonly Setting[];

/** The recording flags given (parsed-flags.ts, from the descriptors above). */
export type RecordFlags = GivenFlags<(typeof RECORD_SETTINGS)[number]>;

export interface RecordTo {
	readonly file: string;
	readonly maxBytes: number;
}

export interface ReplayFrom {
	/** The recording; the bundled one for --demo. */
	readonly file: string;
	readonly demo: boolean;
	/** Loop forever (the demo), or stop at the last round. */
	readonly loop: boolean;
	readonly at?: MomentSpec;
	readonly diff?: readonly [MomentSpec, MomentSpec];
}

export interface RecordOptions {
	readonly record?: RecordTo;
	readonly replay?: ReplayFrom;
}

export type RecordOptionsResult =
	| {readonly ok: true; readonly options: RecordOptions}
	| {readonly ok: false; readonly error: string};

const MOMENT_HELP = 'use ISO-8601 (2026-11-29T14:05:00Z), HH:MM[:SS], or an offset from the start such as +90s or +2m';

function moment(text: string, flag: string): MomentSpec | string {
	const parsed = parseMoment(text);
	if (parsed !== undefined) return parsed;
	if (/^\s*-/.test(text) && parseMoment(text.trim().slice(1)) !== undefined)
		return (
			`${flag} ${text.trim()} is before the recording's start: an offset counts from it, ` +
			`from +0s to the recording's length (+90s, +2m), or give a time (${MOMENT_HELP})`
		);
	return `${flag}: "${text}" is not a moment (${MOMENT_HELP})`;
}

export interface RecordContext {
	/** A scheduler URL was given on the command line. */
	readonly hasUrlArgument: boolean;
	/** Where the bundled demo recording lives. */
	readonly demoFile: string;
}

export function resolveRecordOptions(flags: RecordFlags, context: RecordContext): RecordOptionsResult {
	const fail = (error: string): RecordOptionsResult => ({ok: false, error});
	const demo = flags.demo === true;
	if (flags.record !== undefined && flags.record.trim() === '') return fail('--record needs a file name');
	if (flags.replay !== undefined && flags.replay.trim() === '') return fail('--replay needs a file name');
	if (flags.recordMax !== undefined && flags.record === undefined) return fail('--record-max needs --record FILE');
	if (flags.replay !== undefined && demo) return fail('--replay and --demo both play a recording: choose one');
	const replaying = flags.replay !== undefined || demo;
	if (flags.record !== undefined && replaying)
		return fail(`--record records a live scheduler; it cannot be combined with ${demo ? '--demo' : '--replay'}`);
	if (replaying && context.hasUrlArgument)
		return fail(`${demo ? '--demo' : '--replay'} plays a recording: give no scheduler URL`);
	if (!replaying && flags.at !== undefined) return fail('--at needs --replay FILE (or --demo)');
	if (!replaying && flags.diff !== undefined) return fail('--diff needs --replay FILE (or --demo)');
	if (flags.at !== undefined && flags.diff !== undefined)
		return fail('--at and --diff cannot be combined: --diff already names its two moments');

	let record: RecordTo | undefined;
	if (flags.record !== undefined) {
		let maxBytes = DEFAULT_RECORD_MAX_BYTES;
		if (flags.recordMax !== undefined) {
			const parsed = parseSize(flags.recordMax);
			if (parsed === undefined)
				return fail(`--record-max: "${flags.recordMax}" is not a size (use 500MB, 2GB, 512MiB or a number of bytes)`);
			maxBytes = parsed;
		}
		record = {file: flags.record, maxBytes};
	}

	let replay: ReplayFrom | undefined;
	if (replaying) {
		let at: MomentSpec | undefined;
		let diff: readonly [MomentSpec, MomentSpec] | undefined;
		if (flags.at !== undefined) {
			const parsed = moment(flags.at, '--at');
			if (typeof parsed === 'string') return fail(parsed);
			at = parsed;
		}
		if (flags.diff !== undefined) {
			const parts = flags.diff.split(',');
			if (parts.length !== 2)
				return fail(`--diff needs two moments separated by a comma, e.g. --diff +30s,+2m (got "${flags.diff}")`);
			const first = moment(parts[0] as string, '--diff');
			if (typeof first === 'string') return fail(first);
			const second = moment(parts[1] as string, '--diff');
			if (typeof second === 'string') return fail(second);
			diff = [first, second];
		}
		replay = {
			file: demo ? context.demoFile : (flags.replay as string),
			demo,
			loop: demo,
			...(at === undefined ? {} : {at}),
			...(diff === undefined ? {} : {diff}),
		};
	}
	return {ok: true, options: {...(record ? {record} : {}), ...(replay ? {replay} : {})}};
}

/**
 * Whether the run prints once and exits. Live: --once/--json or no terminal, except that
 * recording polls until signalled even without a terminal (nohup, cron, systemd). Replay: the
 * same, and --diff always prints once.
 */
export function runsOnce(
	base: {readonly once: boolean; readonly json: boolean; readonly stdoutIsTTY: boolean},
	options: RecordOptions,
): boolean {
	if (options.replay?.diff !== undefined) return true;
	if (base.once || base.json) return true;
	if (options.record !== undefined) return false;
	return !base.stdoutIsTTY;
}

/**
 * `--record -` writes the recording to stdout, so only where nothing else writes there: a headless
 * recording (stdout not a terminal, polling until stopped). With --once or --json stdout holds the
 * table or document, on a terminal the full-screen monitor: a one-line usage error then.
 */
export function stdoutRecordingError(
	options: RecordOptions,
	run: {readonly once: boolean; readonly json: boolean; readonly stdoutIsTTY: boolean},
): string | undefined {
	if (options.record?.file !== '-') return undefined;
	if (run.once || run.json) {
		const [flag, what] = run.json ? ['--json', 'its document'] : ['--once', 'its table'];
		return `--record - writes the recording to stdout, where ${flag} prints ${what}: give a file name or drop ${flag}`;
	}
	if (run.stdoutIsTTY)
		return (
			'--record - writes the recording to stdout, where the full-screen monitor draws: ' +
			'redirect it (--record - > rec.ndjson, or | gzip > rec.ndjson.gz) or give a file name'
		);
	return undefined;
}
