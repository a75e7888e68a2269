/**
 * Pure parsing of the recording flags' values: sizes (`--record-max 500MB`) and moments in a
 * recording (`--at +90s`, `--at 2026-11-29T12:00:00Z`, `--at 14:05`).
 */

/** --record-max when not given: 1 GB. */
export const DEFAULT_RECORD_MAX_BYTES = 1e9;

const SIZE_UNITS: Readonly<Record<string, number>> = {
	'': 1,
	b: 1,
	k: 1e3,
	kb: 1e3,
	m: 1e6,
	mb: 1e6,
	g: 1e9,
	gb: 1e9,
	t: 1e12,
	tb: 1e12,
	kib: 1024,
	mib: 1024 ** 2,
	gib: 1024 ** 3,
	tib: 1024 ** 4,
};

/** `500MB`, `1GB`, `1.5G`, `512KiB`, `100k`, a bare number of bytes → bytes; undefined when unreadable. */
export function parseSize(text: string): number | undefined {
	const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
	if (!match) return undefined;
	const factor = SIZE_UNITS[(match[2] ?? '').toLowerCase()];
	if (factor === undefined) return undefined;
	const bytes = Math.floor(Number(match[1]) * factor);
	return bytes > 0 ? bytes : undefined;
}

const DURATION_UNITS: Readonly<Record<string, number>> = {ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000};

/** `90s`, `2m`, `1m30s`, `1.5h`, `500ms`, a bare number of seconds → milliseconds. */
export function parseDurationMs(text: string): number | undefined {
	const trimmed = text.trim();
	if (/^\d+(?:\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
	if (!/^(?:\d+(?:\.\d+)?(?:ms|s|m|h|d))+$/i.test(trimmed)) return undefined;
	let totalMs = 0;
	for (const part of trimmed.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d)/gi)) {
		totalMs += Number(part[1]) * (DURATION_UNITS[(part[2] ?? '').toLowerCase()] ?? Number.NaN);
	}
	return Number.isFinite(totalMs) ? totalMs : undefined;
}

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
	const offsetMs = parseDurationMs(trimmed.startsWith('+') ? trimmed.slice(1) : trimmed);
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
			const on = (days: number) => new Date(start.getFullYear(), start.getMonth(), start.getDate() + days, 0, 0, 0, Math.round(spec.secondOfDay * 1000)).getTime();
			const sameDay = on(0);
			if (sameDay >= startMs - 1000) return sameDay;
			const nextDay = on(1);
			return nextDay - startMs < startMs - sameDay ? nextDay : sameDay;
		}
	}
}

/** `+1m30s`-style offset of atMs from startMs, for messages and the diff text. */
export function formatOffset(offsetMs: number): string {
	const sign = offsetMs < 0 ? '-' : '+';
	let seconds = Math.round(Math.abs(offsetMs) / 1000);
	const hours = Math.floor(seconds / 3600);
	seconds -= hours * 3600;
	const minutes = Math.floor(seconds / 60);
	seconds -= minutes * 60;
	if (hours > 0) return `${sign}${hours}h${String(minutes).padStart(2, '0')}m${String(seconds).padStart(2, '0')}s`;
	if (minutes > 0) return `${sign}${minutes}m${String(seconds).padStart(2, '0')}s`;
	return `${sign}${seconds}s`;
}
