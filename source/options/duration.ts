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

/** `2 s`, `500 ms`, `1.5 s`, `2 min` — for messages and the status line. */
export function formatDurationMs(ms: number): string {
	if (ms < 1000) return `${Math.round(ms)} ms`;
	if (ms < 60_000) return `${Number((ms / 1000).toFixed(ms % 1000 === 0 ? 0 : 1))} s`;
	return `${Number((ms / 60_000).toFixed(ms % 60_000 === 0 ? 0 : 1))} min`;
}

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
