/** When the figures on screen are stale, and the words that say so (the header, the table's title). */
import type {SourceStatus} from '../../types/scrape-source.js';
import {formatClock, formatDuration} from '../draw/cells.js';

const clock = formatClock;

/** Live data older than two poll intervals (and a second of slack) is stale. */
export function staleLive(ageSeconds: number, intervalMs: number): boolean {
	return ageSeconds * 1000 > 2 * intervalMs + 1000;
}

/**
 * Whether polled figures are stale by their age: live, or replayed (a replay's clock is the
 * recording's, so its figures were as old then as they read now, and the screen says what the live
 * screen said at that moment).
 */
export function staleByAge(status: SourceStatus, ageSeconds: number | undefined, intervalMs: number): boolean {
	return (
		(status.state === 'live' || status.state === 'replay') &&
		ageSeconds !== undefined &&
		staleLive(ageSeconds, intervalMs)
	);
}

/**
 * "last figures 18:37:07, 12s old" when the figures on screen are not fresh (the source is
 * retrying, or live or replayed data is stale); undefined while they are, or before any data.
 */
export function staleFiguresText(
	status: SourceStatus,
	lastFreshMs: number | undefined,
	nowMs: number,
	intervalMs: number,
): string | undefined {
	if (lastFreshMs === undefined || status.state === 'connecting') return undefined;
	const age = Math.max(0, (nowMs - lastFreshMs) / 1000);
	if (status.state !== 'retrying' && !staleByAge(status, age, intervalMs)) return undefined;
	return `last figures ${clock(lastFreshMs)}, ${formatDuration(age)} old`;
}
