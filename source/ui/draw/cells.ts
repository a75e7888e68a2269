/**
 * The screen's cells: bytes, rates, durations (in the screen's styles of units/), counts and
 * fixed-width text. Pure; every figure that is missing is shown as an em dash, never as a
 * made-up zero.
 */
import {bytesText} from '../../units/bytes.js';
import {localClock} from '../../units/clock.js';
import {durationText} from '../../units/duration.js';
import {columnsOf, headColumns} from './text-columns.js';
import {narrowWidth} from '../../units/narrow.js';

export const MISSING = '—';

function digits(value: number): string {
	const abs = Math.abs(value);
	return abs >= 100 ? value.toFixed(0) : value.toFixed(1).replace(/\.0$/, '');
}

/**
 * Compact bytes for table cells: `0B`, `512B`, `1.5K`, `12M`, `3.2G` (binary units, at most 5 chars
 * for sane values).
 */
export function formatBytesShort(bytes: number | undefined): string {
	return bytesText(bytes, MISSING, 'cell');
}

/**
 * Bytes where the screen writes them in words (the header, a worker's detail, a graph's title):
 * `585 MiB`, `2.6 GiB`, the binary units Dask's dashboard and dask-top's messages use. Table cells
 * and graph axes drop the `iB` (formatBytesShort), the same way everywhere.
 */
export function formatBytes(bytes: number | undefined): string {
	return bytesText(bytes, MISSING, 'rounded');
}

/** A byte rate in words: `10.9 KiB/s`. */
export function formatRate(bytesPerSecond: number | undefined): string {
	if (bytesPerSecond === undefined || !Number.isFinite(bytesPerSecond)) return MISSING;
	return `${formatBytes(bytesPerSecond)}/s`;
}

/** A byte rate for cells: `1.2M/s`. */
export function formatRateShort(bytesPerSecond: number | undefined): string {
	if (bytesPerSecond === undefined || !Number.isFinite(bytesPerSecond)) return MISSING;
	return `${formatBytesShort(bytesPerSecond)}/s`;
}

/** Durations: `0ms`, `850ms`, `2.1s`, `45s`, `3m05s`, `1h02m`, `2d03h`. */
export function formatDuration(seconds: number | undefined): string {
	return durationText(seconds, MISSING, 'compact');
}

/** Counts: `7`, `1234`, `12.3k`, `4.5M` — exact below 10,000. */
export function formatCount(n: number | undefined): string {
	if (n === undefined || !Number.isFinite(n)) return MISSING;
	const abs = Math.abs(n);
	if (abs < 10_000) return Number.isInteger(n) ? String(n) : n.toFixed(1);
	if (abs < 1_000_000) return `${digits(n / 1000)}k`;
	if (abs < 1_000_000_000) return `${digits(n / 1_000_000)}M`;
	return `${digits(n / 1_000_000_000)}G`;
}

/** A per-second rate of events: `0/s`, `3.5/s`, `120/s`. */
export function formatPerSecond(n: number | undefined): string {
	if (n === undefined || !Number.isFinite(n)) return MISSING;
	if (n === 0) return '0/s';
	if (Math.abs(n) < 10) return `${n.toFixed(1)}/s`;
	return `${formatCount(Math.round(n))}/s`;
}

/** A ratio (0..1+) as a whole percentage: `63%`. */
export function formatPercent(ratio: number | undefined): string {
	if (ratio === undefined || !Number.isFinite(ratio)) return MISSING;
	return `${Math.round(ratio * 100)}%`;
}

/** CPU where 100 means one core: `0`, `97`, `350`. */
export function formatCpu(percent: number | undefined): string {
	if (percent === undefined || !Number.isFinite(percent)) return MISSING;
	return percent < 10 && percent > 0 ? percent.toFixed(1) : String(Math.round(percent));
}

/** A local wall-clock time of day: `18:37:07` (format/clock.ts: local time, as htop and date). */
export function formatClock(epochMs: number): string {
	return localClock(epochMs);
}

/** Shortens a comm address for the table: drops the `tcp://` scheme. */
export function shortAddress(address: string): string {
	return address.replace(/^[a-z]+:\/\//, '');
}

/**
 * Text cut or padded to exactly `width` cells (an ellipsis marks a cut); wide characters (a name in
 * Chinese, an emoji) count as the two columns the terminal gives them.
 */
export function fit(text: string, width: number, align: 'left' | 'right' = 'left'): string {
	if (width <= 0) return '';
	const columns = columnsOf(text);
	if (columns > width) {
		if (width === 1) return '…';
		// (a wide character that would be halved leaves its column blank)
		const head = headColumns(text, width - 1);
		return `${head.text}${' '.repeat(width - 1 - head.columns)}…`;
	}
	const pad = ' '.repeat(width - columns);
	return align === 'left' ? text + pad : pad + text;
}

/**
 * Text cut from the middle to exactly `width` cells, keeping its start and its end
 * (`slow-proc…-late`): names that differ only at the end stay apart. Padded like fit().
 */
export function fitMiddle(text: string, width: number, align: 'left' | 'right' = 'left'): string {
	// (text with wide characters is cut at its end)
	if (text.length <= width || width < 5 || narrowWidth(text) < 0) return fit(text, width, align);
	const keep = width - 1;
	const head = Math.ceil(keep * 0.6);
	return `${text.slice(0, head)}…${text.slice(text.length - (keep - head))}`;
}
