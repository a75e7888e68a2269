/**
 * Byte counts for people, binary units: "512 B", "1.5 KiB", "3.2 GiB". A leaf: imports nothing, so
 * the model (alert messages) and the outputs (--once table) share it; each passes the placeholder
 * it shows for an unknown count (the model says '?', the table '-').
 */
const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'] as const;

/** `bytes` in the largest unit under 1024 (one decimal above bytes); `unknown` when undefined or not finite. */
export function bytesText(bytes: number | undefined, unknown: string): string {
	if (bytes === undefined || !Number.isFinite(bytes)) return unknown;
	let value = Math.abs(bytes);
	let unit = 0;
	while (value >= 1024 && unit < UNITS.length - 1) {
		value /= 1024;
		unit += 1;
	}
	return `${bytes < 0 ? '-' : ''}${unit === 0 ? value.toFixed(0) : value.toFixed(1)} ${UNITS[unit]}`;
}
