/**
 * Reading back the text Dask's HTML pages print with dask.utils.format_bytes and format_time
 * (the only form of these figures on 2022.12's pages; ≥2023.9.1 adds raw `data-sort` values).
 *
 * format_bytes: `{n/k:.2f} {kiB|MiB|GiB|TiB|PiB}` for n ≥ 0.9 k, else `{n} B` (binary prefixes).
 * format_time: `%.2f us|ms|s` below 600 s, then `{m}m {s}s`, `{h}hr {m}m` (> 2 h), `{d}d {h}hr`
 * (> 2 days); the larger forms truncate, so they read back to within one unit of the last field.
 */

const BYTE_UNITS: Readonly<Record<string, number>> = {
	B: 1,
	kiB: 2 ** 10,
	KiB: 2 ** 10,
	MiB: 2 ** 20,
	GiB: 2 ** 30,
	TiB: 2 ** 40,
	PiB: 2 ** 50,
	// Decimal prefixes are not printed by Dask's format_bytes, but accept them when someone does.
	kB: 1e3,
	KB: 1e3,
	MB: 1e6,
	GB: 1e9,
	TB: 1e12,
	PB: 1e15,
};

const BYTES_RE = /^\s*(-?\d+(?:\.\d+)?)\s*([kKMGTP]?i?B)\s*$/;

/** `0.93 GiB` → 998579896 (rounded to whole bytes; format_bytes keeps 3 significant digits or so). */
export function parseFormattedBytes(text: string): number | undefined {
	const match = BYTES_RE.exec(text);
	if (!match) return undefined;
	const unit = BYTE_UNITS[match[2]!];
	if (unit === undefined) return undefined;
	return Math.round(Number(match[1]) * unit);
}

const SECONDS_RE = /^\s*(-?\d+(?:\.\d+)?)\s*(us|µs|ms|s)\s*$/;
const COMPOUND_RE = /^\s*(\d+)\s*(d|hr|m)\s+(\d+)\s*(hr|m|s)\s*$/;

const UNIT_SECONDS: Readonly<Record<string, number>> = {us: 1e-6, µs: 1e-6, ms: 1e-3, s: 1, m: 60, hr: 3600, d: 86_400};

/** `1.50 s` → 1.5, `328.28 ms` → 0.32828, `20m 34s` → 1234, `3hr 25m` → 12300, `14d 6hr` → 1231200. */
export function parseFormattedTime(text: string): number | undefined {
	const simple = SECONDS_RE.exec(text);
	if (simple) return Number(simple[1]) * UNIT_SECONDS[simple[2]!]!;
	const compound = COMPOUND_RE.exec(text);
	if (!compound) return undefined;
	const big = UNIT_SECONDS[compound[2]!]!;
	const small = UNIT_SECONDS[compound[4]!]!;
	if (small >= big) return undefined;
	return Number(compound[1]) * big + Number(compound[3]) * small;
}
