/**
 * Durations for people, written and read: every place that shows a duration goes through this
 * module, with the style its output needs, and every duration a user types goes through
 * parseDurationMs. A leaf like bytes.ts: the model's messages ('?' when unknown), the --once table
 * ('-'), the screen ('—'), the messages about settings and the recording's offsets share it.
 */

/**
 * How a duration in seconds is written; the outputs really differ:
 * - `text`: "0.4 s", "42 s", "5 min", "2.5 h" (model messages, the --once table);
 * - `compact`: "850ms", "2.1s", "3m05s", "1h02m", "2d03h" (the screen's cells, never negative);
 * - `ago`: "0.3s ago", "42s ago", "5m ago", "2h ago" (how old a figure is, in the --once table).
 */
export type DurationStyle = 'text' | 'compact' | 'ago';

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** `seconds` in the given style; `unknown` when undefined or not finite. */
export function durationText(seconds: number | undefined, unknown: string, style: DurationStyle = 'text'): string {
	if (seconds === undefined || !Number.isFinite(seconds)) return unknown;
	switch (style) {
		case 'text':
			if (seconds < 10) return `${Number(seconds.toFixed(1))} s`;
			if (seconds < 120) return `${Math.round(seconds)} s`;
			if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
			return `${Number((seconds / 3600).toFixed(1))} h`;
		case 'ago':
			if (seconds < 10) return `${seconds.toFixed(1)}s ago`;
			if (seconds < 120) return `${Math.round(seconds)}s ago`;
			if (seconds < 7200) return `${Math.round(seconds / 60)}m ago`;
			return `${Math.round(seconds / 3600)}h ago`;
		case 'compact': {
			const s = Math.max(0, seconds);
			if (s < 1) return `${Math.round(s * 1000)}ms`;
			if (s < 10) return `${s.toFixed(1).replace(/\.0$/, '')}s`;
			if (s < 60) return `${Math.floor(s)}s`;
			const total = Math.floor(s);
			if (total < 3600) return `${Math.floor(total / 60)}m${pad2(total % 60)}s`;
			if (total < 86_400) return `${Math.floor(total / 3600)}h${pad2(Math.floor((total % 3600) / 60))}m`;
			return `${Math.floor(total / 86_400)}d${pad2(Math.floor((total % 86_400) / 3600))}h`;
		}
	}
}

/** A setting in milliseconds, as typed: `2 s`, `500 ms`, `1.5 s`, `2 min`, `1 h` (messages, the status line). */
export function formatDurationMs(ms: number): string {
	if (ms < 1000) return `${Math.round(ms)} ms`;
	if (ms < 60_000) return `${Number((ms / 1000).toFixed(ms % 1000 === 0 ? 0 : 1))} s`;
	if (ms < 3_600_000) return `${Number((ms / 60_000).toFixed(ms % 60_000 === 0 ? 0 : 1))} min`;
	return `${Number((ms / 3_600_000).toFixed(ms % 3_600_000 === 0 ? 0 : 1))} h`;
}

/** An offset into a recording, whole seconds with its sign: `+0s`, `+1m30s`, `-1h02m03s` (the form --at reads back). */
export function formatOffset(offsetMs: number): string {
	const sign = offsetMs < 0 ? '-' : '+';
	let seconds = Math.round(Math.abs(offsetMs) / 1000);
	const hours = Math.floor(seconds / 3600);
	seconds -= hours * 3600;
	const minutes = Math.floor(seconds / 60);
	seconds -= minutes * 60;
	if (hours > 0) return `${sign}${hours}h${pad2(minutes)}m${pad2(seconds)}s`;
	if (minutes > 0) return `${sign}${minutes}m${pad2(seconds)}s`;
	return `${sign}${seconds}s`;
}

/**
 * How a duration may be typed where it is read:
 * - `setting` (--interval, --timeout, --stall-after…): one positive number and unit, `2s`,
 *   `500ms`, `1m`, `1.5s`, `1h`, `2 s`, or a bare number of seconds;
 * - `signed`: a setting's grammar with a sign or zero read too (`-1s`, `0`), so that a range check
 *   can say the value is out of range rather than not a duration;
 * - `offset` (--at, --diff): units may be chained, `1m30s`, and days and zero are allowed: `+0s`.
 */
export type DurationGrammar = 'setting' | 'signed' | 'offset';

const UNIT_MS: Readonly<Record<string, number>> = {ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000};

/** Milliseconds, or undefined when the text is not a duration of that grammar. */
export function parseDurationMs(text: string, grammar: DurationGrammar = 'setting'): number | undefined {
	const trimmed = text.trim();
	if (grammar === 'setting') {
		const match = /^(\d+(?:\.\d*)?|\.\d+)\s*(ms|s|m|h)?$/i.exec(trimmed);
		if (match === null) return undefined;
		const value = Number(match[1]);
		const unitMs = UNIT_MS[(match[2] ?? 's').toLowerCase()];
		if (unitMs === undefined || !Number.isFinite(value) || value <= 0) return undefined;
		return Math.round(value * unitMs);
	}
	if (grammar === 'signed') {
		const match = /^([-+]?)(\d+(?:\.\d*)?|\.\d+)\s*(ms|s|m|h)?$/i.exec(trimmed);
		if (match === null) return undefined;
		const ms = Number(match[2]) * (UNIT_MS[(match[3] ?? 's').toLowerCase()] ?? Number.NaN);
		if (!Number.isFinite(ms)) return undefined;
		return match[1] === '-' ? -Math.round(ms) : Math.round(ms);
	}
	if (/^\d+(?:\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
	if (!/^(?:\d+(?:\.\d+)?(?:ms|s|m|h|d))+$/i.test(trimmed)) return undefined;
	let totalMs = 0;
	for (const part of trimmed.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d)/gi))
		totalMs += Number(part[1]) * (UNIT_MS[(part[2] ?? '').toLowerCase()] ?? Number.NaN);
	return Number.isFinite(totalMs) ? totalMs : undefined;
}
