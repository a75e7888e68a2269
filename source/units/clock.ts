/**
 * Times of day as dask-top shows and reads them: LOCAL time, as htop and `date` do (TZ decides),
 * the zone named once (the --once header, the help). `--at HH:MM` and `--diff` read the same
 * local time (record/units.ts).
 */
const pad = (n: number) => String(n).padStart(2, '0');

/** `18:37:07`, local time. */
export function localClock(epochMs: number): string {
	const d = new Date(epochMs);
	return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** `2026-11-29 18:37:07`, local time. */
export function localDateTime(epochMs: number): string {
	const d = new Date(epochMs);
	return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${localClock(epochMs)}`;
}

/** `2026-11-29T13:37:07-05:00`: ISO-8601 with the local offset (readable back by --at). */
export function localIso(epochMs: number): string {
	const d = new Date(epochMs);
	const offset = -d.getTimezoneOffset();
	const sign = offset < 0 ? '-' : '+';
	const abs = Math.abs(offset);
	return `${localDateTime(epochMs).replace(' ', 'T')}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The local zone's short name at that moment: `EST`, `UTC`, `GMT+1`. */
export function zoneName(epochMs: number): string {
	try {
		const parts = new Intl.DateTimeFormat('en-US', {timeZoneName: 'short'}).formatToParts(new Date(epochMs));
		return parts.find((p) => p.type === 'timeZoneName')?.value ?? 'local time';
	} catch {
		return 'local time';
	}
}
