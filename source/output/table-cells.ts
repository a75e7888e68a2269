/** The --once text table's cells, plain ASCII (bytes and durations in units/' styles). "-" stands for unknown. */
import {durationText as formatDuration} from '../units/duration.js';
import {localDateTime, zoneName} from '../units/clock.js';

/** What the --once table shows for a figure that is unknown (units/bytes.ts bytesText takes it). */
export const MISSING = '-';

export function numberText(value: number | undefined): string {
	return value === undefined || !Number.isFinite(value) ? MISSING : String(value);
}

/** "9 %" of used in limit; undefined when either is unknown or there is no limit. */
export function percentOf(used: number | undefined, limit: number | undefined): string | undefined {
	if (used === undefined || limit === undefined || limit <= 0 || !Number.isFinite(used)) return undefined;
	return `${Math.round((used / limit) * 100)} %`;
}

/** Seconds ago, compact: "0.3s ago", "42s ago", "5m ago", "2h ago". */
export function ageText(seconds: number | undefined): string {
	return formatDuration(seconds, MISSING, 'ago');
}

/** Epoch seconds as local time with its zone: "2026-11-29 12:06:32 EST" (the one place --once names the zone). */
export function timeText(epochSeconds: number): string {
	return `${localDateTime(epochSeconds * 1000)} ${zoneName(epochSeconds * 1000)}`;
}

/** A duration in seconds, compact: "0.4 s", "42 s", "5 min", "2.5 h" (units/duration.ts); "-" when unknown. */
export function durationText(seconds: number | undefined): string {
	return formatDuration(seconds, MISSING);
}
