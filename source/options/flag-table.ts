/**
 * meow's flag table, made from the settings table (settings.ts), and the check of argv against it,
 * apart from meow and the help text: the entry (run/quick.ts) answers an unknown option with them
 * alone, before meow is loaded.
 */
import {type FlagPart, kebab, type Setting} from './setting-types.js';
import {SETTINGS} from './settings.js';
import {nearestOptions} from './suggest.js';

type FlagSetting = Extract<(typeof SETTINGS)[number], {readonly flag: FlagPart}>;
/** What meow reads of a flag part (the rest is --help's and the completion's). */
type MeowSpec<F extends FlagPart> = Pick<F, Extract<keyof F, 'type' | 'shortFlag' | 'isMultiple' | 'default'>>;

/** meow's flag table, from the settings table: every setting that has a flag, in its order. */
export const FLAGS = Object.fromEntries(
	SETTINGS.flatMap((s: Setting) => {
		if (s.flag === 'none') return [];
		const {type, shortFlag, isMultiple, default: fallback} = s.flag;
		return [
			[
				s.name,
				{
					type,
					...(shortFlag === undefined ? {} : {shortFlag}),
					...(isMultiple === undefined ? {} : {isMultiple}),
					...(fallback === undefined ? {} : {default: fallback}),
				},
			],
		];
	}),
) as {readonly [S in FlagSetting as S['name']]: MeowSpec<S['flag']>};

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
