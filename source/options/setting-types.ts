/**
 * What one setting of the settings table (settings.ts) says about itself, and the texts made from
 * it: the flag as --help shows it, the help text with its default and range filled in. Every part
 * is explicit, "none" included (a test checks that no descriptor leaves one out). Pure.
 */
import {bytesText} from '../units/bytes.js';
import {formatDurationMs} from '../units/duration.js';
import type {DurationRange} from './duration-setting.js';

/** How the setting is given on the command line (meow's spec, and what --help and completion add). */
export interface FlagPart {
	readonly type: 'boolean' | 'string';
	readonly shortFlag?: string;
	readonly isMultiple?: true;
	/** A boolean that is on unless turned off: --help and the completion show `--no-NAME`. */
	readonly default?: true;
	/** The value's placeholder in --help (`DURATION`, `FILE`…): a string flag has one, a boolean none. */
	readonly value?: string;
	/** What the shell completes the value with: file names, or one of these words. */
	readonly complete?: 'file' | readonly string[];
}

/** How the config file's value is read (config.ts). */
export type ConfigKind = 'string' | 'duration' | 'boolean' | 'strings' | 'count' | 'object' | 'columns';

/** How the setting is written in the config file. */
export interface ConfigPart {
	/** The key as written in the file: the long flag name, in kebab case. */
	readonly key: string;
	readonly kind: ConfigKind;
	/** Its value in docs/config.example.json (null: unset, as the example's "ca-file"). */
	readonly example: unknown;
}

/** A setting's default where it is a value (a boolean's is off, or on for a `--no-NAME` flag). */
export type SettingDefault =
	| {readonly ms: number}
	| {readonly bytes: number}
	| {readonly text: string}
	/** Computed at run time; the help text says how. */
	| 'computed'
	| 'none';

export interface Setting {
	/** meow's name for its flag (camel case), else the config file's field. */
	readonly name: string;
	readonly flag: FlagPart | 'none';
	readonly config: ConfigPart | 'none';
	/** The environment variables that set it (or turn it off), as the reference names them. */
	readonly env: readonly string[] | 'none';
	readonly default: SettingDefault;
	/** The durations a duration setting accepts (none for the others). */
	readonly range?: DurationRange;
	/**
	 * What it does: --help's line, the man page's and the reference's; `{default}` and `{range}` stand
	 * for the default and the range, so their values are written once.
	 */
	readonly help: string;
}

/** A flag's value after parsing: on or off, the string as typed, or a repeatable flag's values in order. */
export type FlagValue<F extends FlagPart> = F['type'] extends 'boolean'
	? boolean
	: F extends {readonly isMultiple: true}
		? readonly string[]
		: string;

type WithFlag<S> = Extract<S, {readonly flag: FlagPart}>;
type BooleanFlag<S> = Extract<S, {readonly flag: {readonly type: 'boolean'}}>;
type StringFlag<S> = Extract<S, {readonly flag: {readonly type: 'string'}}>;

/**
 * The flags of these settings, by name: a boolean always (off when not given; on unless turned off
 * for a `--no-NAME` flag), a string only when given, a repeatable flag only when given at least once.
 */
export type ParsedFlags<S extends Setting> = {readonly [T in BooleanFlag<S> as T['name']]: boolean} & {
	readonly [T in StringFlag<S> as T['name']]?: FlagValue<T['flag']>;
};

/** The flags of these settings that were given, by name (undefined, like absent, for one not given). */
export type GivenFlags<S extends Setting> = {
	readonly [T in WithFlag<S> as T['name']]?: FlagValue<T['flag']> | undefined;
};

export function kebab(name: string): string {
	return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** The config file's key as ConfigFile's field: `ca-file` → `caFile`. */
export function configField(key: string): string {
	return key.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** The long flag as typed: `--no-NAME` for a boolean that is on unless turned off. */
export function longFlag(setting: Setting): string {
	const negated = setting.flag !== 'none' && setting.flag.type === 'boolean' && setting.flag.default === true;
	return `--${negated ? 'no-' : ''}${kebab(setting.name)}`;
}

/** The flag as --help shows it: `-i, --interval DURATION`. */
export function helpFlag(setting: Setting): string {
	if (setting.flag === 'none') return '';
	const short = setting.flag.shortFlag === undefined ? '' : `-${setting.flag.shortFlag}, `;
	const value = setting.flag.value === undefined ? '' : ` ${setting.flag.value}`;
	return `${short}${longFlag(setting)}${value}`;
}

/** A duration as a flag takes it: `2s`, `10min`. */
function compactMs(ms: number): string {
	return formatDurationMs(ms).replace(' ', '');
}

/** The default as the help and the reference write it, or undefined when it has none to show. */
export function defaultText(setting: Setting): string | undefined {
	const d = setting.default;
	if (d === 'none' || d === 'computed') return undefined;
	if ('ms' in d) return compactMs(d.ms);
	if ('bytes' in d) return bytesText(d.bytes, '', 'decimal').replace(' ', '');
	return d.text;
}

/** The range as the help and the reference write it: `1s to 1h`. */
export function rangeText(range: DurationRange): string {
	return `${compactMs(range.minMs)} to ${compactMs(range.maxMs)}`;
}

/** The help text with `{default}` and `{range}` filled in. */
export function settingHelp(setting: Setting): string {
	return setting.help
		.replace('{default}', defaultText(setting) ?? '')
		.replace('{range}', setting.range === undefined ? '' : rangeText(setting.range));
}
