/**
 * Byte counts for people, written and read: every place that shows a size goes through
 * bytesText, with the style its output needs, and every size a user types goes through
 * parseSize. A leaf: imports nothing, so the model (alert messages), the outputs (--once table,
 * --diff), the screen and the recorder share it; each passes the placeholder it shows for an
 * unknown count (the model says '?', the table '-', the screen '—').
 */

/**
 * How a count is written; the outputs really differ:
 * - `text`: "512 B", "1.5 KiB", "165.4 MiB": binary units, one decimal above bytes (model
 *   messages, the --once table);
 * - `rounded`: "300 B", "1.5 GiB", "165 MiB": no decimal from 100 up (the detail view, --diff);
 * - `cell`: "512B", "1.5K", "165M": at most 5 characters for sane values (table cells);
 * - `decimal`: "512 B", "500 MB", "1.5 GB": powers of 1000 to 3 significant digits, as
 *   --record-max reads them (recording sizes).
 */
export type BytesStyle = 'text' | 'rounded' | 'cell' | 'decimal';

const BINARY_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'] as const;
const CELL_UNITS = ['B', 'K', 'M', 'G', 'T', 'P'] as const;
const DECIMAL_UNITS = ['B', 'kB', 'MB', 'GB', 'TB'] as const;

/** |bytes| in the largest unit under `base`, and that unit's index. */
function scale(bytes: number, base: number, units: number): {value: number; unit: number} {
	let value = Math.abs(bytes);
	let unit = 0;
	while (value >= base && unit < units - 1) {
		value /= base;
		unit += 1;
	}
	return {value, unit};
}

/** `bytes` in the given style; `unknown` when undefined or not finite. */
export function bytesText(bytes: number | undefined, unknown: string, style: BytesStyle = 'text'): string {
	if (bytes === undefined || !Number.isFinite(bytes)) return unknown;
	const sign = bytes < 0 ? '-' : '';
	if (style === 'decimal') {
		const {value, unit} = scale(bytes, 1000, DECIMAL_UNITS.length);
		return `${sign}${unit === 0 ? value : Number(value.toPrecision(3))} ${DECIMAL_UNITS[unit]}`;
	}
	const {value, unit} = scale(bytes, 1024, BINARY_UNITS.length);
	switch (style) {
		case 'text':
			return `${sign}${unit === 0 ? value.toFixed(0) : value.toFixed(1)} ${BINARY_UNITS[unit]}`;
		case 'rounded':
			return unit === 0
				? `${Math.round(bytes)} B`
				: `${sign}${value.toFixed(value >= 100 ? 0 : 1)} ${BINARY_UNITS[unit]}`;
		case 'cell':
			return unit === 0
				? `${Math.round(bytes)}B`
				: `${sign}${value >= 100 ? value.toFixed(0) : value.toFixed(1).replace(/\.0$/, '')}${CELL_UNITS[unit]}`;
	}
}

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
