/**
 * meow's flag table and the check of argv against it, apart from meow and the help text: the
 * entry (run/quick.ts) answers an unknown option with them alone, before meow is loaded.
 */
import {nearestOptions} from './suggest.js';

export const FLAGS = {
	once: {type: 'boolean'},
	json: {type: 'boolean'},
	watch: {type: 'boolean'},
	check: {type: 'boolean'},
	interval: {type: 'string', shortFlag: 'i'},
	timeout: {type: 'string'},
	header: {type: 'string', shortFlag: 'H', isMultiple: true},
	caFile: {type: 'string'},
	insecure: {type: 'boolean', shortFlag: 'k'},
	color: {type: 'boolean', default: true},
	ascii: {type: 'boolean'},
	theme: {type: 'string'},
	mouse: {type: 'boolean', default: true},
	bell: {type: 'boolean'},
	timeWindow: {type: 'string'},
	allowActions: {type: 'boolean'},
	threshold: {type: 'string', isMultiple: true},
	stallAfter: {type: 'string'},
	targetDuration: {type: 'string'},
	minimum: {type: 'string'},
	maximum: {type: 'string'},
	// The drill-down flags (drill-flags.ts resolves them).
	stacks: {type: 'boolean'},
	worker: {type: 'string', isMultiple: true},
	errors: {type: 'boolean'},
	logs: {type: 'string'},
	// The recording flags (recording.ts resolves them).
	record: {type: 'string'},
	recordMax: {type: 'string'},
	replay: {type: 'string'},
	at: {type: 'string'},
	diff: {type: 'string'},
	demo: {type: 'boolean'},
	config: {type: 'string'},
	completion: {type: 'string'},
	help: {type: 'boolean', shortFlag: 'h'},
	version: {type: 'boolean'},
	// Dask's own ways to name a cluster (urls.ts, run/scheduler-files.ts).
	schedulerFile: {type: 'string', isMultiple: true},
	dashboardPort: {type: 'string'},
} as const;

function kebab(name: string): string {
	return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/**
 * Checks argv against FLAGS before meow sees it (meow would print two bare lines and exit on an
 * unknown flag, and read the value of `--at -5s` as a flag): an unknown flag is a usage error; a
 * value flag followed by a word starting with `-` takes it as its value (`--at=-5s`), so the value's
 * own check says what is wrong with it.
 */
export function checkArgv(
	argv: readonly string[],
):
	| {readonly ok: true; readonly argv: string[]}
	| {readonly ok: false; readonly error: string; readonly suggestion?: string} {
	const valueFlags = new Map<string, string>();
	const known = new Set<string>();
	for (const [name, spec] of Object.entries(FLAGS) as Array<
		[string, {readonly type: string; readonly shortFlag?: string}]
	>) {
		const long = `--${kebab(name)}`;
		known.add(long);
		if (spec.type === 'boolean') known.add(`--no-${kebab(name)}`);
		if (spec.shortFlag !== undefined) known.add(`-${spec.shortFlag}`);
		if (spec.type === 'string') {
			valueFlags.set(long, long);
			if (spec.shortFlag !== undefined) valueFlags.set(`-${spec.shortFlag}`, long);
		}
	}
	const out: string[] = [];
	for (let i = 0; i < argv.length; i += 1) {
		const token = argv[i]!;
		if (token === '--') {
			out.push(...argv.slice(i));
			break;
		}
		if (!token.startsWith('-') || token === '-' || /^-\d/.test(token)) {
			out.push(token);
			continue;
		}
		const name = token.includes('=') ? token.slice(0, token.indexOf('=')) : token;
		if (!known.has(name)) {
			const nearest = nearestOptions(name, [...known]);
			if (nearest.length === 0) return {ok: false, error: `unknown option ${name}`};
			const suggestion = `did you mean ${nearest.join(' or ')}?`;
			return {ok: false, error: `unknown option ${name}: ${suggestion}`, suggestion};
		}
		const long = valueFlags.get(name);
		const next = argv[i + 1];
		if (
			long !== undefined &&
			!token.includes('=') &&
			next?.startsWith('-') &&
			!known.has(next.includes('=') ? next.slice(0, next.indexOf('=')) : next)
		) {
			out.push(`${long}=${next}`);
			i += 1;
			continue;
		}
		out.push(token);
	}
	return {ok: true, argv: out};
}

/** Whether argv asks for --check (read before parsing, so that even a parse error is a plugin line). */
export function asksForCheck(argv: readonly string[]): boolean {
	const end = argv.indexOf('--');
	return (end < 0 ? argv : argv.slice(0, end)).includes('--check');
}
