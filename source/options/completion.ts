/**
 * `dask-top --completion bash|zsh|fish`: a shell completion script, made from the settings table
 * (settings.ts) and the help's descriptions (flags.ts), so a new flag completes without a second
 * list. Flags whose descriptor says so complete file names or one of their words; the others take
 * no completion of their value. Pure: the caller prints it (`source <(dask-top --completion bash)`,
 * or save it where the shell loads completions from).
 */
import {longFlag, type Setting} from './setting-types.js';
import {type SHELLS, SETTINGS} from './settings.js';

export type Shell = (typeof SHELLS)[number];

interface FlagInfo {
	readonly long: string;
	readonly short?: string;
	readonly takesValue: boolean;
	readonly file: boolean;
	/** The words its value is one of (--theme dark|light), when it is a choice. */
	readonly choices?: readonly string[];
	readonly text: string;
}

/** Each flag of the settings table with its help text (`--no-color` for a boolean that defaults to true). */
export function completionFlags(help: ReadonlyArray<readonly [string, string]>): FlagInfo[] {
	const out: FlagInfo[] = [];
	for (const s of SETTINGS as readonly Setting[]) {
		if (s.flag === 'none') continue;
		const long = longFlag(s);
		const entry = help.find(([flag]) => flag.split(/[ ,]+/).includes(long));
		const complete = s.flag.complete;
		out.push({
			long,
			...(typeof complete === 'object' ? {choices: complete} : {}),
			...(s.flag.shortFlag === undefined ? {} : {short: `-${s.flag.shortFlag}`}),
			takesValue: s.flag.type === 'string',
			file: complete === 'file',
			text: (entry?.[1] ?? '').split(/[.;(]/)[0]!.trim(),
		});
	}
	return out;
}

function quoteSingle(text: string): string {
	return `'${text.replaceAll("'", "'\\''")}'`;
}

function bash(flags: readonly FlagInfo[]): string {
	const words = flags.flatMap((f) => [f.long, ...(f.short ? [f.short] : [])]).join(' ');
	const files = flags
		.filter((f) => f.file)
		.flatMap((f) => [f.long])
		.join('|');
	const choices = flags.flatMap((f) =>
		f.choices === undefined
			? []
			: [`\t\t${f.long}) COMPREPLY=($(compgen -W ${quoteSingle(f.choices.join(' '))} -- "$cur")); return ;;`],
	);
	const values = flags
		.filter((f) => f.takesValue && !f.file && f.choices === undefined)
		.flatMap((f) => [f.long, ...(f.short ? [f.short] : [])])
		.join('|');
	return [
		'# dask-top completion for bash: source <(dask-top --completion bash)',
		'_dask_top() {',
		// biome-ignore lint/suspicious/noTemplateCurlyInString: bash's own ${…}, not a template
		'\tlocal cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"',
		'\tcase "$prev" in',
		`\t\t${files}) COMPREPLY=($(compgen -f -- "$cur")); return ;;`,
		...choices,
		`\t\t${values}) COMPREPLY=(); return ;;`,
		'\tesac',
		`\tif [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W ${quoteSingle(words)} -- "$cur")); fi`,
		'}',
		'complete -o default -F _dask_top dask-top',
		'',
	].join('\n');
}

function zsh(flags: readonly FlagInfo[]): string {
	const specs = flags.map((f) => {
		const text = f.text.replaceAll(':', '\\:').replaceAll('[', '(').replaceAll(']', ')');
		const value = f.file
			? ':file:_files'
			: f.choices !== undefined
				? `:value:(${f.choices.join(' ')})`
				: f.takesValue
					? ':value: '
					: '';
		const names = f.short ? `{${f.short},${f.long}}` : f.long;
		const quoted = `${quoteSingle(`[${text}]${value}`)}`;
		return `\t${f.short ? `'(${f.short} ${f.long})'${names}` : names}${quoted}`;
	});
	return [
		'#compdef dask-top',
		'# dask-top completion for zsh: source <(dask-top --completion zsh), or save as _dask-top in $fpath',
		'_arguments -s \\',
		...specs.map((s) => `${s} \\`),
		"\t'*:dashboard URL:_urls'",
		'',
	].join('\n');
}

function fish(flags: readonly FlagInfo[]): string {
	const lines = flags.map((f) => {
		const parts = ['complete -c dask-top', `-l ${f.long.slice(2)}`];
		if (f.short) parts.push(`-s ${f.short.slice(1)}`);
		if (f.file) parts.push('-r -F');
		else if (f.choices !== undefined) parts.push(`-x -a ${quoteSingle(f.choices.join(' '))}`);
		else if (f.takesValue) parts.push('-x');
		if (f.text !== '') parts.push(`-d ${quoteSingle(f.text)}`);
		return parts.join(' ');
	});
	return ['# dask-top completion for fish: dask-top --completion fish | source', ...lines, ''].join('\n');
}

/** The completion script for `shell`. */
export function completionScript(shell: Shell, help: ReadonlyArray<readonly [string, string]>): string {
	const flags = completionFlags(help);
	switch (shell) {
		case 'bash':
			return bash(flags);
		case 'zsh':
			return zsh(flags);
		case 'fish':
			return fish(flags);
	}
}
