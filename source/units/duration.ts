/**
 * Durations for people, compact: "0.4 s", "42 s", "5 min", "2.5 h". A leaf like bytes.ts: the
 * model's messages ('?' when unknown) and the --once table ('-') share it.
 */

/** `seconds` as a short duration; `unknown` when undefined or not finite. */
export function durationText(seconds: number | undefined, unknown: string): string {
	if (seconds === undefined || !Number.isFinite(seconds)) return unknown;
	if (seconds < 10) return `${Number(seconds.toFixed(1))} s`;
	if (seconds < 120) return `${Math.round(seconds)} s`;
	if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
	return `${Number((seconds / 3600).toFixed(1))} h`;
}
