/**
 * The command line: meow's flag table, the help text, and the one call to meow. meow itself exits
 * with code 2 and its own message on an unknown flag; everything else it throws is turned into a
 * usage error here. Adding a flag: add it to FLAGS, to HELP_OPTIONS (a test keeps them in sync),
 * then read it in resolve.ts.
 */
import meow from 'meow';
import {THRESHOLD_NAMES} from '../model/index.js';
import {pickRecordFlags, RECORD_FLAGS, RECORD_HELP, type RecordFlags} from './recording.js';

export const FLAGS = {
	once: {type: 'boolean'},
	json: {type: 'boolean'},
	check: {type: 'boolean'},
	interval: {type: 'string', shortFlag: 'i'},
	timeout: {type: 'string'},
	header: {type: 'string', shortFlag: 'H', isMultiple: true},
	caFile: {type: 'string'},
	insecure: {type: 'boolean', shortFlag: 'k'},
	color: {type: 'boolean', default: true},
	ascii: {type: 'boolean'},
	threshold: {type: 'string', isMultiple: true},
	stallAfter: {type: 'string'},
	targetDuration: {type: 'string'},
	minimum: {type: 'string'},
	maximum: {type: 'string'},
	...RECORD_FLAGS,
	help: {type: 'boolean', shortFlag: 'h'},
	version: {type: 'boolean'},
} as const;

/** One help line per flag, in FLAGS order: the flag as typed, then what it does. */
export const HELP_OPTIONS: ReadonlyArray<readonly [flag: string, text: string]> = [
	['--once', 'Print one snapshot as a table and exit (the default when stdout is not a terminal)'],
	['--json', 'Print one JSON document of the snapshot instead of the table (implies --once)'],
	['--check', 'Monitoring-plugin check (Nagios, Icinga, Sensu): one line DASK OK/WARNING/CRITICAL/UNKNOWN, exit 0/1/2/3'],
	['-i, --interval DURATION', 'Poll interval: 2s, 500ms, 1m or a number of seconds (default 2s, minimum 1s)'],
	['--timeout DURATION', 'Deadline of each HTTP request (default 5s)'],
	['-H, --header "Name: value"', 'Send this header to the scheduler only, never to workers (repeatable)'],
	['--ca-file FILE', 'Trust the CA certificate(s) in this PEM file for an https:// dashboard'],
	['-k, --insecure', 'Do not verify TLS certificates'],
	['--no-color', 'No colours (NO_COLOR=1 does the same)'],
	['--ascii', 'Plain ASCII: no box-drawing or block characters'],
	['--threshold NAME=VALUE', 'Override an alert threshold, e.g. memory_warning=0.75 (repeatable; names below)'],
	['--stall-after DURATION', 'Warn "stalled" after this long with no task completed (default max(60s, 3 × the longest mean task duration); sleeping or I/O-bound tasks can look stalled)'],
	['--target-duration DURATION', "Target duration for recomputing the scheduler's adaptive target (default 5s, as Dask's)"],
	['--minimum N', "Your Adaptive's minimum workers: the adaptive target is clamped to it (not visible over HTTP)"],
	['--maximum N', "Your Adaptive's maximum workers: the adaptive target is clamped to it (not visible over HTTP)"],
	...RECORD_HELP,
	['-h, --help', 'Show this help'],
	['--version', 'Show the version'],
];

const EXAMPLES = [
	'dask-top http://127.0.0.1:8787',
	'dask-top tcp://10.0.0.5:8786 --once',
	'dask-top https://hub.example.org/user/me/proxy/8787/status -H "Authorization: token $JUPYTERHUB_API_TOKEN"',
	'dask-top --once --json | jq .scheduler.tasks',
	'dask-top http://prod:8787 http://dev:8787',
];

/** Splits text at spaces into lines of at most `width` characters (a longer word stays whole). */
function wrap(text: string, width: number): string[] {
	const lines: string[] = [];
	let line = '';
	for (const word of text.split(' ')) {
		if (line !== '' && line.length + 1 + word.length > width) {
			lines.push(line);
			line = word;
		} else line = line === '' ? word : `${line} ${word}`;
	}
	if (line !== '') lines.push(line);
	return lines;
}

export function helpText(): string {
	const width = Math.max(...HELP_OPTIONS.map(([flag]) => flag.length)) + 2;
	return [
		'Usage',
		'  $ dask-top [URL] [options]',
		'  $ dask-top URL URL… [options]   (several clusters on one screen: c / C switch between them)',
		'',
		"URL is the scheduler's dashboard address, as opened in a browser:",
		'  http://host:8787   http://host:8787/status   host:8787',
		'  https://hub.example.org/user/NAME/proxy/8787/status   (JupyterHub)',
		'  https://gateway.example.org/clusters/NAME/status      (dask-gateway)',
		"  tcp://host:8786    (the scheduler's comm address: its dashboard on port 8787 is read)",
		'Without URL: $DASK_TOP_URL, then the config file, then http://127.0.0.1:8787.',
		'Several URLs (or "urls" in the config file; duplicates count once): --once prints each cluster\'s',
		'  table, --json prints {"clusters": [document, …]}; --record, --replay and --demo take one cluster for now.',
		'',
		'Options',
		...HELP_OPTIONS.map(([flag, text]) => `  ${flag.padEnd(width)}${text}`),
		'',
		'Thresholds (--threshold NAME=VALUE, or "thresholds" in the config file):',
		...wrap(THRESHOLD_NAMES.join(', '), 96).map((line) => `  ${line}`),
		'',
		'Config file (optional): $XDG_CONFIG_HOME/dask-top/config.json, default ~/.config/dask-top/config.json',
		'  {"url": "http://host:8787", "interval": "2s", "header": ["Authorization: token …"], "thresholds": {"memory_warning": 0.75}}',
		'  {"urls": ["http://prod:8787", "http://dev:8787"]} follows several clusters.',
		'  Flags win over $DASK_TOP_URL, which wins over the file.',
		'',
		'Exit codes: 0 done, 1 the scheduler (or one of several) could not be read, 2 usage error.',
		'  With --check, the monitoring-plugin codes: 0 OK, 1 WARNING, 2 CRITICAL (also: a scheduler that cannot',
		'  be read), 3 UNKNOWN (a usage error). --check judges one poll: lost workers, rising errors, spilling',
		'  and stalls need history and are left out.',
		'',
		'Examples',
		...EXAMPLES.map((example) => `  $ ${example}`),
	].join('\n');
}

export interface ParsedArgv {
	readonly input: readonly string[];
	readonly flags: {
		readonly once: boolean;
		readonly json: boolean;
		readonly check: boolean;
		readonly interval?: string;
		readonly timeout?: string;
		readonly header: readonly string[];
		readonly caFile?: string;
		readonly insecure: boolean;
		readonly color: boolean;
		readonly ascii: boolean;
		/** --threshold NAME=VALUE, in the order given. */
		readonly threshold?: readonly string[];
		readonly stallAfter?: string;
		readonly targetDuration?: string;
		readonly minimum?: string;
		readonly maximum?: string;
		readonly help: boolean;
		readonly version: boolean;
		/** --record, --record-max, --replay, --at, --diff, --demo (recording.ts). */
		readonly recording?: RecordFlags;
	};
	/** The help text as meow prints it (package description first). */
	readonly help: string;
	readonly version: string;
}

export type ArgvResult = {readonly ok: true; readonly argv: ParsedArgv} | {readonly ok: false; readonly error: string};

/** Runs meow on argv (without node and script). Exits 2 itself on an unknown flag, with meow's message. */
export function parseArgv(argv: readonly string[], importMeta: ImportMeta): ArgvResult {
	try {
		const cli = meow(helpText(), {
			importMeta,
			argv: [...argv],
			flags: FLAGS,
			allowUnknownFlags: false,
			autoHelp: false,
			autoVersion: false,
			inferType: false,
		});
		const flags = cli.flags;
		return {
			ok: true,
			argv: {
				input: cli.input.map(String),
				flags: {
					once: flags.once === true,
					json: flags.json === true,
					check: flags.check === true,
					...(flags.interval === undefined ? {} : {interval: flags.interval}),
					...(flags.timeout === undefined ? {} : {timeout: flags.timeout}),
					header: flags.header ?? [],
					...(flags.caFile === undefined ? {} : {caFile: flags.caFile}),
					insecure: flags.insecure === true,
					color: flags.color !== false,
					ascii: flags.ascii === true,
					threshold: flags.threshold ?? [],
					...(flags.stallAfter === undefined ? {} : {stallAfter: flags.stallAfter}),
					...(flags.targetDuration === undefined ? {} : {targetDuration: flags.targetDuration}),
					...(flags.minimum === undefined ? {} : {minimum: flags.minimum}),
					...(flags.maximum === undefined ? {} : {maximum: flags.maximum}),
					help: flags.help === true,
					version: flags.version === true,
					recording: pickRecordFlags(flags),
				},
				help: cli.help,
				version: typeof cli.pkg.version === 'string' ? cli.pkg.version : 'unknown',
			},
		};
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error);
		return {ok: false, error: message.split('\n')[0] ?? 'invalid arguments'};
	}
}
