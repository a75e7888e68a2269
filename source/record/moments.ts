/**
 * Moments in a recording: what `--at` and `--diff` say (`+90s`, ISO-8601, `HH:MM`, `start`,
 * `end`), the time they name once the recording is known, and which round of it they name: the
 * last round at or before it (the screen at that moment showed that round). Pure; used both while
 * streaming (--at, --diff) and on a loaded recording (replay starting at --at).
 */
import {formatOffset, parseDurationMs} from '../units/duration.js';
import {localIso} from '../units/clock.js';

/** What `--at` (or one side of `--diff`) asked for, before the recording is known. */
export type MomentSpec =
	| {readonly kind: 'offset'; readonly offsetMs: number} // from the recording's first round
	| {readonly kind: 'absolute'; readonly atMs: number} // ISO-8601
	| {readonly kind: 'clock'; readonly secondOfDay: number} // HH:MM[:SS] local time, on the recording's day
	| {readonly kind: 'end'};

/** Parses `+90s`, `+2m`, `90s`, ISO-8601, `HH:MM[:SS]`, `start`, `end`; undefined when unreadable. */
export function parseMoment(text: string): MomentSpec | undefined {
	const trimmed = text.trim();
	if (trimmed === 'start') return {kind: 'offset', offsetMs: 0};
	if (trimmed === 'end') return {kind: 'end'};
	const clock = /^(\d{1,2}):(\d{2})(?::(\d{2}(?:\.\d+)?))?$/.exec(trimmed);
	if (clock) {
		const [hours, minutes, seconds] = [Number(clock[1]), Number(clock[2]), Number(clock[3] ?? 0)];
		if (hours > 23 || minutes > 59 || seconds >= 60) return undefined;
		return {kind: 'clock', secondOfDay: hours * 3600 + minutes * 60 + seconds};
	}
	if (/^\d{4}-\d{2}-\d{2}/.test(trimmed)) {
		const atMs = Date.parse(trimmed);
		return Number.isNaN(atMs) ? undefined : {kind: 'absolute', atMs};
	}
	const offsetMs = parseDurationMs(trimmed.startsWith('+') ? trimmed.slice(1) : trimmed, 'offset');
	return offsetMs === undefined ? undefined : {kind: 'offset', offsetMs};
}

/** The epoch ms a moment names in a recording spanning startMs…endMs. */
export function resolveMoment(spec: MomentSpec, startMs: number, endMs: number): number {
	switch (spec.kind) {
		case 'offset':
			return startMs + spec.offsetMs;
		case 'absolute':
			return spec.atMs;
		case 'end':
			return endMs;
		case 'clock': {
			// Local time on the recording's first day (a DST day has 23 or 25 hours: the date
			// arithmetic is Date's). A time before the start means the next day only when that day's
			// is the nearer to the start (a recording crossing midnight): `--at 00:00` on a
			// recording started at 00:25 is 25 min before it, not tomorrow.
			const start = new Date(startMs);
			const on = (days: number) =>
				new Date(
					start.getFullYear(),
					start.getMonth(),
					start.getDate() + days,
					0,
					0,
					0,
					Math.round(spec.secondOfDay * 1000),
				).getTime();
			const sameDay = on(0);
			if (sameDay >= startMs - 1000) return sameDay;
			const nextDay = on(1);
			return nextDay - startMs < startMs - sameDay ? nextDay : sameDay;
		}
	}
}

/** A moment may lie this far past the last round and still mean the last round (times shown are rounded). */
export const END_TOLERANCE_MS = 1000;

export function isoTime(epochMs: number): string {
	return localIso(epochMs);
}

export function describeSpan(startMs: number, endMs: number): string {
	return `the recording spans ${isoTime(startMs)} to ${isoTime(endMs)} (+0s to ${formatOffset(endMs - startMs)})`;
}

export function describeMoment(spec: MomentSpec, startMs: number, endMs: number): string {
	const atMs = resolveMoment(spec, startMs, endMs);
	return `${isoTime(atMs)} (${formatOffset(atMs - startMs)})`;
}

/** A one-line reason when a moment lies outside the recording, undefined when it lies inside. */
export function outsideReason(spec: MomentSpec, startMs: number, endMs: number): string | undefined {
	const atMs = resolveMoment(spec, startMs, endMs);
	if (atMs < startMs)
		return `${describeMoment(spec, startMs, endMs)} is before the recording starts at ${isoTime(startMs)}`;
	if (atMs > endMs + END_TOLERANCE_MS)
		return `${describeMoment(spec, startMs, endMs)} is after the recording ends: ${describeSpan(startMs, endMs)}`;
	return undefined;
}

/** The index of the last round at or before the moment, or a one-line reason it is outside. */
export function roundIndexAt(times: readonly number[], spec: MomentSpec): number | string {
	const startMs = times[0];
	const endMs = times.at(-1);
	if (startMs === undefined || endMs === undefined) return 'the recording holds no rounds';
	const outside = outsideReason(spec, startMs, endMs);
	if (outside !== undefined) return outside;
	const atMs = resolveMoment(spec, startMs, endMs);
	let index = 0;
	for (let i = 0; i < times.length; i += 1) if ((times[i] as number) <= atMs) index = i;
	return index;
}
