/**
 * The command line: the help text and the one call to meow (its flag table, FLAGS, is in
 * flag-table.ts; both come from the settings table, settings.ts). Unknown flags are caught before
 * meow (which would exit by itself); everything it throws is turned into a usage error here. Adding
 * a flag: docs/development.md.
 */
import meow from 'meow';
// Inlined by the bundler: the version and description never depend on finding package.json on
// disk (the single executable has none beside it; meow would otherwise search up from here).
import packageJson from '../../package.json' with {type: 'json'};
import {THRESHOLD_NAMES} from '../model/alerts/thresholds.js';
import {checkArgv, FLAGS} from './flag-table.js';
import {type CommandFlags, readFlags} from './parsed-flags.js';
import {helpFlag, type Setting, settingHelp} from './setting-types.js';
import {SETTINGS} from './settings.js';

/** One help line per flag, in the settings table's order: the flag as typed, then what it does. */
export const HELP_OPTIONS: ReadonlyArray<readonly [flag: string, text: string]> = SETTINGS.flatMap((s: Setting) =>
	s.flag === 'none' ? [] : [[helpFlag(s), settingHelp(s)] as const],
);

const EXAMPLES = [
	'dask-top http://127.0.0.1:8787',
	'dask-top tcp://10.0.0.5:8786 --once',
	'dask-top https://hub.example.org/user/me/proxy/8787/status \\\n      -H "Authorization: token $JUPYTERHUB_API_TOKEN"',
	'dask-top --once --json | jq .scheduler.tasks',
	'dask-top --json --watch -i 10s | jq -c .severity_counts',
	'dask-top http://prod:8787 http://dev:8787',
	'dask-top --stacks --worker beta http://127.0.0.1:8787',
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

/** The help's width: a terminal's 80 columns, less the two meow indents every line by. */
export const HELP_WIDTH = 78;
/** Where an option's description starts (an option longer than this has it on the next line). */
const DESCRIPTION_COLUMN = 30;

/** One option: its flag, then its description wrapped under itself from DESCRIPTION_COLUMN. */
function optionLines(flag: string, text: string): string[] {
	const body = wrap(text, HELP_WIDTH - DESCRIPTION_COLUMN).map((line) => `${' '.repeat(DESCRIPTION_COLUMN)}${line}`);
	const head = `  ${flag}`;
	if (head.length + 2 <= DESCRIPTION_COLUMN)
		return [`${head.padEnd(DESCRIPTION_COLUMN)}${body[0]!.trimStart()}`, ...body.slice(1)];
	return [head, ...body];
}

/** A paragraph wrapped at the help's width, its lines after the first indented by `indent`. */
function paragraph(text: string, indent = 2): string[] {
	const [first = '', ...rest] = wrap(text, HELP_WIDTH - indent);
	return [first, ...rest.map((line) => `${' '.repeat(indent)}${line}`)];
}

export function helpText(): string {
	return [
		'Usage',
		'  $ dask-top [URL] [options]',
		'  $ dask-top URL URL… [options]   (several clusters: c / C switch)',
		'',
		"URL is the scheduler's dashboard address, as opened in a browser:",
		'  http://host:8787   http://host:8787/status   host:8787   8787 (a local port)',
		'  https://hub.example.org/user/NAME/proxy/8787/status   (JupyterHub)',
		'  https://gateway.example.org/clusters/NAME/status      (dask-gateway)',
		'  tcp://host:8786   (the comm address: its dashboard on 8787 is read)',
		...paragraph(
			'Without URL: --scheduler-file FILE, else $DASK_TOP_URL, else $DASK_SCHEDULER_ADDRESS, else the ' +
				'config file, else http://127.0.0.1:8787.',
		),
		...paragraph(
			'Several URLs (or "urls" in the config file; duplicates count once): --once prints each ' +
				'cluster\'s table, --json prints {"clusters": [document, …]}; --record, --replay and --demo ' +
				'take one cluster for now.',
		),
		'',
		'Options',
		...HELP_OPTIONS.flatMap(([flag, text]) => optionLines(flag, text)),
		'',
		'Thresholds (--threshold NAME=VALUE, or "thresholds" in the config file):',
		...wrap(THRESHOLD_NAMES.join(', '), HELP_WIDTH - 2).map((line) => `  ${line}`),
		'',
		'Config file (optional): $XDG_CONFIG_HOME/dask-top/config.json,',
		'  default ~/.config/dask-top/config.json, e.g.',
		'  {"url": "http://host:8787", "interval": "2s",',
		'   "header": ["Authorization: token …"],',
		'   "thresholds": {"memory_warning": 0.75}}',
		'  {"urls": ["http://prod:8787", "http://dev:8787"]} follows several clusters.',
		'  {"columns": ["name", "status", "cpu", "memory_bar"]}: the worker table\'s',
		'  columns, in order; F2 chooses them and saves them here.',
		'  Flags win over $DASK_TOP_URL, which wins over the file. Every key:',
		'  docs/config.example.json. --config FILE reads another file.',
		'',
		...paragraph(
			'Times are local (TZ decides), as htop and date show them; --at HH:MM and --diff read local time too.',
		),
		'',
		...paragraph(
			'Exit codes: 0 done, 1 the scheduler (or one of several) could not be read, 2 usage error. ' +
				'With --check, the monitoring-plugin codes: 0 OK, 1 WARNING, 2 CRITICAL (also: a scheduler ' +
				'that cannot be read), 3 UNKNOWN (a usage error). --check judges one poll: lost workers, rising ' +
				'errors, spilling, stalls and unmanaged memory need history and are left out; a figure over its ' +
				'critical threshold is CRITICAL at once (your monitoring retries are the wait), no workers while ' +
				'tasks wait is WARNING.',
		),
		'',
		'Examples',
		...EXAMPLES.map((example) => `  $ ${example}`),
	].join('\n');
}

export interface ParsedArgv {
	readonly input: readonly string[];
	/** Every flag, typed and read by the settings table (parsed-flags.ts). */
	readonly flags: CommandFlags;
	/** The help text as meow prints it (package description first). */
	readonly help: string;
	readonly version: string;
}

export type ArgvResult =
	| {readonly ok: true; readonly argv: ParsedArgv}
	| {readonly ok: false; readonly error: string; readonly suggestion?: string};

/** What --help prints: meow's help text without its leading blank line. */
export function helpPage(argv: ParsedArgv): string {
	return `${argv.help.replace(/^\n+/, '')}\n`;
}

/** Runs meow on argv (without node and script); an unknown flag or a bad value is a usage error. */
export function parseArgv(argv: readonly string[], importMeta: ImportMeta): ArgvResult {
	const checked = checkArgv(argv);
	if (!checked.ok) return checked;
	try {
		const cli = meow(helpText(), {
			importMeta,
			pkg: packageJson,
			argv: checked.argv,
			flags: FLAGS,
			allowUnknownFlags: false,
			autoHelp: false,
			autoVersion: false,
			inferType: false,
		});
		return {
			ok: true,
			argv: {
				input: cli.input.map(String),
				flags: readFlags(cli.flags),
				help: cli.help,
				// packageJson's own, not cli.pkg: reading cli.pkg would run normalize-package-data on it.
				version: packageJson.version,
			},
		};
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error);
		return {ok: false, error: message.split('\n')[0] ?? 'invalid arguments'};
	}
}
