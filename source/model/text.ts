/** Small number formatting for the model's one-line messages (the UI has its own, richer one). */
import {durationText as formatDuration} from '../units/duration.js';

/** What the model's messages say for a figure that is unknown (units/bytes.ts bytesText takes it). */
export const UNKNOWN = '?';

export function percentText(fraction: number | undefined): string {
	if (fraction === undefined || !Number.isFinite(fraction)) return UNKNOWN;
	return `${Math.round(fraction * 100)} %`;
}

/** A duration, compact (units/duration.ts); '?' when unknown. */
export function secondsText(seconds: number | undefined): string {
	return formatDuration(seconds, UNKNOWN);
}

/** "a, b, c and 4 more" */
export function listText(items: readonly string[], max = 5): string {
	if (items.length <= max) return items.join(', ');
	return `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
}

/** Worst-first entries of a count record: "explode 6, divide 2". */
export function countsText(counts: Readonly<Record<string, number>>, max = 4): string {
	const entries = Object.entries(counts).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
	return listText(
		entries.map(([k, v]) => `${k} ${v}`),
		max,
	);
}

/** Epoch ms → "HH:MM:SS" UTC, by arithmetic (the model never touches Date or the clock). */
export function utcClockText(epochMs: number): string {
	const daySeconds = Math.floor((((epochMs / 1000) % 86_400) + 86_400) % 86_400);
	const pad = (n: number) => String(n).padStart(2, '0');
	return `${pad(Math.floor(daySeconds / 3600))}:${pad(Math.floor((daySeconds % 3600) / 60))}:${pad(daySeconds % 60)}`;
}
