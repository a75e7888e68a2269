/** A duration setting from a flag or the config file (units/duration.ts reads the text). Pure. */
import {parseDurationMs} from '../units/duration.js';

/**
 * A duration from a flag, else from the config file, else the fallback: milliseconds, or a
 * one-line usage error naming where the bad text came from.
 */
export function pickDurationMs(flag: string | undefined, flagName: string, configValue: string | undefined, configName: string, fallbackMs: number): number | string;
export function pickDurationMs(flag: string | undefined, flagName: string, configValue: string | undefined, configName: string, fallbackMs?: number): number | string | undefined;
export function pickDurationMs(flag: string | undefined, flagName: string, configValue: string | undefined, configName: string, fallbackMs?: number): number | string | undefined {
	const [text, where] = flag !== undefined ? [flag, flagName] : configValue !== undefined ? [configValue, configName] : [undefined, ''];
	if (text === undefined) return fallbackMs;
	if (text.trim() === '') return `${where} needs a value like 2s, 500ms, 1m or a number of seconds`;
	const ms = parseDurationMs(text);
	return ms ?? `${where}: "${text}" is not a duration (use 2s, 500ms, 1m or a number of seconds)`;
}
