/** Durations as users type them: `2s`, `500ms`, `1m`, `1.5s`, `1h`, or a bare number of seconds. Pure. */

const UNIT_MS: Readonly<Record<string, number>> = {ms: 1, s: 1000, m: 60_000, h: 3_600_000};

/** Milliseconds, or undefined when the text is not a positive duration. */
export function parseDurationMs(text: string): number | undefined {
	const match = /^(\d+(?:\.\d*)?|\.\d+)\s*(ms|s|m|h)?$/i.exec(text.trim());
	if (match === null) return undefined;
	const value = Number(match[1]);
	const unitMs = UNIT_MS[(match[2] ?? 's').toLowerCase()];
	if (unitMs === undefined || !Number.isFinite(value) || value <= 0) return undefined;
	return Math.round(value * unitMs);
}

/** Like parseDurationMs, but a sign or zero is read (a duration out of range, not gibberish). */
function parseSignedDurationMs(text: string): number | undefined {
	const match = /^([-+]?)(\d+(?:\.\d*)?|\.\d+)\s*(ms|s|m|h)?$/i.exec(text.trim());
	if (match === null) return undefined;
	const ms = Number(match[2]) * (UNIT_MS[(match[3] ?? 's').toLowerCase()] ?? Number.NaN);
	if (!Number.isFinite(ms)) return undefined;
	return match[1] === '-' ? -Math.round(ms) : Math.round(ms);
}

/** `2 s`, `500 ms`, `1.5 s`, `2 min` — for messages and the status line. */
export function formatDurationMs(ms: number): string {
	if (ms < 1000) return `${Math.round(ms)} ms`;
	if (ms < 60_000) return `${Number((ms / 1000).toFixed(ms % 1000 === 0 ? 0 : 1))} s`;
	if (ms < 3_600_000) return `${Number((ms / 60_000).toFixed(ms % 60_000 === 0 ? 0 : 1))} min`;
	return `${Number((ms / 3_600_000).toFixed(ms % 3_600_000 === 0 ? 0 : 1))} h`;
}

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
 * one-line usage error naming where the bad text came from and the range it must be in.
 */
export function pickDurationMs(flag: string | undefined, flagName: string, configValue: string | undefined, configName: string, fallbackMs: number, range?: DurationRange): number | string;
export function pickDurationMs(flag: string | undefined, flagName: string, configValue: string | undefined, configName: string, fallbackMs?: number, range?: DurationRange): number | string | undefined;
export function pickDurationMs(flag: string | undefined, flagName: string, configValue: string | undefined, configName: string, fallbackMs?: number, range: DurationRange = ANY_DURATION): number | string | undefined {
	const [text, where] = flag !== undefined ? [flag, flagName] : configValue !== undefined ? [configValue, configName] : [undefined, ''];
	if (text === undefined) return fallbackMs;
	if (text.trim() === '') return `${where} needs a value like 2s, 500ms, 1m or a number of seconds, from ${rangeText(range)}`;
	const ms = parseSignedDurationMs(text);
	if (ms === undefined) return `${where}: "${text}" is not a duration (use 2s, 500ms, 1m or a number of seconds, from ${rangeText(range)})`;
	if (ms < range.minMs || ms > range.maxMs) return `${where} ${text.trim()} is out of range: use ${rangeText(range)}`;
	return ms;
}
