/**
 * @internal The man page, man/dask-top.1 (installed by the npm package: package.json `man`), made
 * from the same lists as --help and the keys table: the options (flags.ts), the thresholds, the
 * bindings (ui/keys/bindings.ts). `npm run readme` writes it; a test keeps the file equal to this. Pure.
 */
import {THRESHOLD_NAMES} from '../model/alerts/thresholds.js';
import {whereText} from '../ui/keys/binding-text.js';
import {BINDINGS} from '../ui/keys/bindings.js';
import {keyLabel} from '../ui/keys/key-labels.js';
import {HELP_OPTIONS} from './flags.js';

/** Text for roff: backslashes and a leading dot or quote escaped, dashes as minus signs in flags. */
function roff(text: string): string {
	return text.replaceAll('\\', '\\e').replace(/^([.'])/, '\\&$1');
}

/** A flag as typed: every hyphen a minus sign, so it can be copied from the page. */
function flagRoff(flag: string): string {
	return roff(flag).replaceAll('-', '\\-');
}

function section(title: string, ...lines: string[]): string[] {
	return [`.SH ${title}`, ...lines];
}

export function manPage(version: string, description: string): string {
	return [
		`.TH DASK\\-TOP 1 "" "dask-top ${version}" "User Commands"`,
		...section('NAME', `dask\\-top \\- ${roff(description)}`),
		...section('SYNOPSIS', '.B dask\\-top', '[\\fIURL\\fR...] [\\fIoptions\\fR]'),
		...section(
			'DESCRIPTION',
			"dask\\-top polls a Dask scheduler's dashboard port (8787 by default) at a low rate and shows the",
			"cluster live in the terminal: workers by state, a worker table with memory bars against Dask's",
			"thresholds, a worker's detail, task progress per prefix, the adaptive target, alerts, an event log and",
			'a diagnosis of what is wrong. Headless, it prints one table (\\fB\\-\\-once\\fR), a JSON document',
			'(\\fB\\-\\-json\\fR) or a monitoring-plugin line (\\fB\\-\\-check\\fR); it records a session and replays it.',
			'.PP',
			"\\fIURL\\fR is the scheduler's dashboard address as a browser opens it (http://host:8787,",
			'host:8787, a JupyterHub or dask\\-gateway proxy URL) or its comm address (tcp://host:8786).',
			'Without one: $DASK_TOP_URL, then the config file, then http://127.0.0.1:8787.',
		),
		...section('OPTIONS', ...HELP_OPTIONS.flatMap(([flag, text]) => ['.TP', `.B ${flagRoff(flag)}`, roff(text)])),
		...section(
			'THRESHOLDS',
			roff(`--threshold NAME=VALUE (or "thresholds" in the config file): ${THRESHOLD_NAMES.join(', ')}.`).replace(
				/^--/,
				'\\-\\-',
			),
		),
		...section(
			'KEYS',
			...BINDINGS.flatMap((b) => [
				'.TP',
				`.B ${roff(b.keys.map((k) => keyLabel(k)).join(' '))}`,
				`${roff(b.label)} (${roff(whereText(b))})`,
			]),
		),
		...section(
			'FILES',
			'.TP',
			'.I $XDG_CONFIG_HOME/dask\\-top/config.json',
			'(default ~/.config/dask\\-top/config.json, or the file \\fB\\-\\-config\\fR names): keys are the long',
			'flag names (url or urls, interval, header, thresholds, …); docs/config.example.json shows every one.',
		),
		...section(
			'ENVIRONMENT',
			'.TP',
			'.B DASK_TOP_URL',
			'The URL when none is given.',
			'.TP',
			'.B NO_COLOR',
			'No colours, as \\fB\\-\\-no\\-color\\fR.',
			'.TP',
			'.B PAGER',
			'The pager of \\fB\\-\\-help\\fR (default less).',
		),
		...section(
			'EXIT STATUS',
			'0 done, 1 the scheduler (or one of several) could not be read, 2 usage error. With',
			'\\fB\\-\\-check\\fR: 0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN.',
		),
		...section('SEE ALSO', '.BR htop (1),', 'the Dask dashboard; docs/reference.md in the source.'),
		'',
	].join('\n');
}
