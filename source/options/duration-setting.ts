/** A duration setting from a flag or the config file, and its range (units/duration.ts reads the text). Pure. */
import {formatDurationMs, parseDurationMs} from '../units/duration.js';
import type {ConfigFile} from './config.js';
import {configField, longFlag} from './setting-types.js';
import {setting} from './settings.js';

/** The durations a setting accepts, inclusive. */
export interface DurationRange {
	readonly minMs: number;
	readonly maxMs: number;
}

/** Every duration flag has a range: a timer never gets a value Node cannot hold (2^31 − 1 ms). */
export const ANY_DURATION: DurationRange = {minMs: 1, maxMs: 24 * 3_600_000};

function rangeText(range: DurationRange): string {
	return `${formatDurationMs(range.minMs)} to ${formatDurationMs(range.maxMs)}`;
}

/**
 * A duration from a flag, else from the config file, else the fallback: milliseconds, or a
 * one-line usage error naming where the bad text came from and the range it must be in (undefined
 * only when the fallback is).
 */
export function pickDurationMs<Fallback extends number | undefined>(
	flag: string | undefined,
	flagName: string,
	configValue: string | undefined,
	configName: string,
	fallbackMs: Fallback,
	range: DurationRange = ANY_DURATION,
): number | string | Fallback {
	const [text, where] =
		flag !== undefined ? [flag, flagName] : configValue !== undefined ? [configValue, configName] : [undefined, ''];
	if (text === undefined) return fallbackMs;
	if (text.trim() === '')
		return `${where} needs a value like 2s, 500ms, 1m or a number of seconds, from ${rangeText(range)}`;
	const ms = parseDurationMs(text, 'signed');
	if (ms === undefined)
		return `${where}: "${text}" is not a duration (use 2s, 500ms, 1m or a number of seconds, from ${rangeText(range)})`;
	if (ms < range.minMs || ms > range.maxMs) return `${where} ${text.trim()} is out of range: use ${rangeText(range)}`;
	return ms;
}

/** The duration settings of the table (settings.ts); stall-after alone has no fixed default. */
type DurationSettingName = 'interval' | 'timeout' | 'stallAfter' | 'targetDuration';

/**
 * pickDurationMs for a setting of the table: its flag's value, else its config file key's, else its
 * default, in its range; the messages name the flag and the key as the table writes them.
 */
export function pickSettingMs<Name extends DurationSettingName>(
	name: Name,
	flag: string | undefined,
	config: ConfigFile | undefined,
): number | string | (Name extends 'stallAfter' ? undefined : never) {
	const described = setting(name);
	const key = described.config === 'none' ? undefined : described.config.key;
	const fields = config as Readonly<Record<string, unknown>> | undefined;
	const value = key === undefined ? undefined : fields?.[configField(key)];
	const fallback =
		typeof described.default === 'object' && 'ms' in described.default ? described.default.ms : undefined;
	return pickDurationMs(
		flag,
		longFlag(described),
		typeof value === 'string' ? value : undefined,
		`${key} in config file ${config?.path ?? ''}`,
		fallback,
		described.range,
	) as number | string | (Name extends 'stallAfter' ? undefined : never);
}
