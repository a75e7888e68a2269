/**
 * The settings table: one descriptor per setting (setting-types.ts says what each part means), in
 * --help's order. Made from it: meow's flags (flag-table.ts), --help and the man page (flags.ts,
 * man-page.ts), the completion scripts (completion.ts), the config file's keys and their checks
 * (config.ts), docs/config.example.json and the reference's settings table (settings-docs.ts).
 * The drill-down and recording flags keep their descriptors beside their resolvers. Adding a
 * setting: docs/development.md.
 */
import type {TimeWindowKind} from '../model/types.js';
import {DEFAULT_TARGET_DURATION_S} from '../model/defaults.js';
import {DEFAULT_DASHBOARD_PORT, DEFAULT_URL} from '../scrape/url.js';
import {DEFAULT_INTERVAL_MS} from '../types/poll-interval.js';
import {CHOOSABLE_COLUMNS} from '../types/worker-column-ids.js';
import {DRILL_SETTINGS} from './drill-flags.js';
import {INTERVAL_RANGE, STALL_AFTER_RANGE, TARGET_DURATION_RANGE, TIMEOUT_RANGE} from './ranges.js';
import {RECORD_SETTINGS} from './recording.js';
import type {Setting} from './setting-types.js';

export const THEMES = ['dark', 'light'] as const;
export const SHELLS = ['bash', 'zsh', 'fish'] as const;

const NO = 'none';
const BOOLEAN = {type: 'boolean'} as const;

export const SETTINGS = [
	{
		name: 'url',
		flag: NO,
		config: {key: 'url', kind: 'string', example: DEFAULT_URL},
		env: ['DASK_TOP_URL', 'DASK_SCHEDULER_ADDRESS'],
		default: {text: DEFAULT_URL},
		help: "The scheduler's dashboard URL when none is given (the URL argument)",
	},
	{
		name: 'urls',
		flag: NO,
		config: {key: 'urls', kind: 'strings', example: ['http://prod-scheduler:8787', 'http://dev-scheduler:8787']},
		env: NO,
		default: NO,
		help: 'Several clusters on one screen, after "url" when both are given (URL arguments)',
	},
	{
		name: 'once',
		flag: BOOLEAN,
		config: NO,
		env: NO,
		default: NO,
		help: 'Print one snapshot as a table and exit (the default when stdout is not a terminal)',
	},
	{
		name: 'json',
		flag: BOOLEAN,
		config: NO,
		env: NO,
		default: NO,
		help: 'Print one JSON document of the snapshot instead of the table (implies --once)',
	},
	{
		name: 'watch',
		flag: BOOLEAN,
		config: NO,
		env: NO,
		default: NO,
		help: 'With --json: print one document per poll, each on one line (NDJSON), until interrupted or stdout closes',
	},
	{
		name: 'check',
		flag: BOOLEAN,
		config: NO,
		env: NO,
		default: NO,
		help: 'Monitoring-plugin check (Nagios, Icinga, Sensu): one line DASK OK/WARNING/CRITICAL/UNKNOWN, exit 0/1/2/3',
	},
	{
		name: 'interval',
		flag: {type: 'string', shortFlag: 'i', value: 'DURATION'},
		config: {key: 'interval', kind: 'duration', example: '2s'},
		env: NO,
		default: {ms: DEFAULT_INTERVAL_MS},
		range: INTERVAL_RANGE,
		help: 'Poll interval: 2s, 1m, 1h or a number of seconds (default {default}; {range})',
	},
	{
		name: 'timeout',
		flag: {type: 'string', value: 'DURATION'},
		config: {key: 'timeout', kind: 'duration', example: '5s'},
		env: NO,
		default: {ms: 5000},
		range: TIMEOUT_RANGE,
		help: 'Deadline of each HTTP request (default {default}; {range})',
	},
	{
		name: 'header',
		flag: {type: 'string', shortFlag: 'H', isMultiple: true, value: '"Name: value"'},
		config: {key: 'header', kind: 'strings', example: ['Authorization: token REPLACE-ME']},
		env: NO,
		default: NO,
		help: 'Send this header to the scheduler only, never to workers (repeatable)',
	},
	{
		name: 'caFile',
		flag: {type: 'string', value: 'FILE', complete: 'file'},
		config: {key: 'ca-file', kind: 'string', example: null},
		env: NO,
		default: NO,
		help: 'Trust the CA certificate(s) in this PEM file for an https:// dashboard',
	},
	{
		name: 'insecure',
		flag: {type: 'boolean', shortFlag: 'k'},
		config: {key: 'insecure', kind: 'boolean', example: false},
		env: NO,
		default: NO,
		help: 'Do not verify TLS certificates',
	},
	{
		name: 'color',
		flag: {type: 'boolean', default: true},
		config: {key: 'color', kind: 'boolean', example: true},
		env: ['NO_COLOR', 'TERM=dumb', 'FORCE_COLOR=0'],
		default: NO,
		help: 'No colours (NO_COLOR=1, TERM=dumb and FORCE_COLOR=0 do the same); the selected row stays in reverse video',
	},
	{
		name: 'ascii',
		flag: BOOLEAN,
		config: {key: 'ascii', kind: 'boolean', example: false},
		env: ['LC_ALL', 'LC_CTYPE', 'LANG'],
		default: NO,
		help: 'Plain ASCII: no braille, box-drawing or block characters (also when the locale is not UTF-8)',
	},
	{
		name: 'theme',
		flag: {type: 'string', value: 'NAME', complete: THEMES},
		config: {key: 'theme', kind: 'string', example: 'dark'},
		env: NO,
		default: {text: THEMES[0]},
		help: 'Colours for a dark (the default) or light terminal background: dark or light',
	},
	{
		name: 'mouse',
		flag: {type: 'boolean', default: true},
		config: {key: 'mouse', kind: 'boolean', example: true},
		env: NO,
		default: NO,
		help: 'No mouse: clicks and the wheel go to the terminal (its own text selection works)',
	},
	{
		name: 'bell',
		flag: BOOLEAN,
		config: {key: 'bell', kind: 'boolean', example: false},
		env: NO,
		default: NO,
		help: 'Ring the terminal bell when a critical alert starts (live full screen only)',
	},
	{
		name: 'timeWindow',
		// The model's windows (TIME_WINDOWS), the default first.
		flag: {type: 'string', value: 'WINDOW', complete: ['start', 'minute', 'run'] satisfies TimeWindowKind[]},
		config: NO,
		env: NO,
		default: {text: 'start'},
		help:
			"--once/--json's time spent: since the scheduler started (start, the default), the last minute " +
			'(minute) or since the last idle moment (run); with --replay --at, at that moment',
	},
	{
		name: 'allowActions',
		flag: BOOLEAN,
		config: {key: 'allow-actions', kind: 'boolean', example: false},
		env: NO,
		default: NO,
		help:
			'Let F9 / K retire the selected worker (after a confirmation; ' +
			"needs the scheduler's api module). Without it dask-top only reads",
	},
	{
		name: 'threshold',
		flag: {type: 'string', isMultiple: true, value: 'NAME=VALUE'},
		config: {key: 'thresholds', kind: 'object', example: {memory_warning: 0.75, memory_critical: 0.9}},
		env: NO,
		default: NO,
		help: 'Override an alert threshold, e.g. memory_warning=0.75 (repeatable; names below)',
	},
	{
		name: 'stallAfter',
		flag: {type: 'string', value: 'DURATION'},
		config: {key: 'stall-after', kind: 'duration', example: '2m'},
		env: NO,
		default: 'computed',
		range: STALL_AFTER_RANGE,
		help:
			'Warn "stalled" after this long with no task started or completed (default max(60s, ' +
			'3 × the longest mean task duration); sleeping or I/O-bound tasks can look stalled)',
	},
	{
		name: 'targetDuration',
		flag: {type: 'string', value: 'DURATION'},
		config: {key: 'target-duration', kind: 'duration', example: '5s'},
		env: NO,
		default: {ms: DEFAULT_TARGET_DURATION_S * 1000},
		range: TARGET_DURATION_RANGE,
		help: "Target duration for recomputing the scheduler's adaptive target (default {default}, as Dask's)",
	},
	{
		name: 'minimum',
		flag: {type: 'string', value: 'N'},
		config: {key: 'minimum', kind: 'count', example: 1},
		env: NO,
		default: NO,
		help: "Your Adaptive's minimum workers: the adaptive target is clamped to it (not visible over HTTP)",
	},
	{
		name: 'maximum',
		flag: {type: 'string', value: 'N'},
		config: {key: 'maximum', kind: 'count', example: 20},
		env: NO,
		default: NO,
		help: "Your Adaptive's maximum workers: the adaptive target is clamped to it (not visible over HTTP)",
	},
	{
		name: 'columns',
		flag: NO,
		config: {key: 'columns', kind: 'columns', example: CHOOSABLE_COLUMNS},
		env: NO,
		default: NO,
		help: "The worker table's columns shown, in order (F2 chooses them and saves them here)",
	},
	...DRILL_SETTINGS,
	...RECORD_SETTINGS,
	{
		name: 'config',
		flag: {type: 'string', value: 'FILE', complete: 'file'},
		config: NO,
		env: ['XDG_CONFIG_HOME'],
		default: NO,
		help: 'Read this config file instead of the default one (below); it must exist',
	},
	{
		name: 'completion',
		flag: {type: 'string', value: 'SHELL', complete: SHELLS},
		config: NO,
		env: NO,
		default: NO,
		help: 'Print the completion script for bash, zsh or fish: source <(dask-top --completion bash)',
	},
	{
		name: 'help',
		flag: {type: 'boolean', shortFlag: 'h'},
		config: NO,
		env: ['PAGER'],
		default: NO,
		help: 'Show this help',
	},
	{name: 'version', flag: BOOLEAN, config: NO, env: NO, default: NO, help: 'Show the version'},
	{
		name: 'schedulerFile',
		flag: {type: 'string', isMultiple: true, value: 'FILE', complete: 'file'},
		config: NO,
		env: NO,
		default: NO,
		help:
			'Follow the scheduler this Dask scheduler file names (dask scheduler --scheduler-file FILE, ' +
			'dask-jobqueue, dask-mpi write it): its address and dashboard port; waits for a file not ' +
			'written yet (repeatable: several clusters)',
	},
	{
		name: 'dashboardPort',
		flag: {type: 'string', value: 'PORT'},
		config: NO,
		env: NO,
		default: {text: String(DEFAULT_DASHBOARD_PORT)},
		help: 'The dashboard port of a tcp:// address or a host given without a port (default {default})',
	},
] as const satisfies readonly Setting[];

export type SettingName = (typeof SETTINGS)[number]['name'];

/** The setting of that name. */
export function setting(name: SettingName): Setting {
	return SETTINGS.find((s) => s.name === name)!;
}
