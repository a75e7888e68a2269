/**
 * Graphs over time as text, btop's way: an area under one or more stacked series, in braille
 * (each cell holds 2 samples side by side and 4 dot levels, so a row is 4 steps high) or, under
 * `--ascii`, one sample per cell and 2 steps per row ('.' for the lower half, the series' glyph for
 * a full cell). The newest sample is at the right edge; fewer samples than the plot holds leave the
 * left side blank. A sample that is missing in every series is a gap (an empty column), never a
 * zero; a value above zero always shows at least one step. Pure: values in, lines of segments out.
 */
import type {Segment} from './bars.js';
import {formatClock, formatDuration} from './cells.js';
import type {Tone} from './theme.js';

export interface GraphSeries {
	/** Oldest first; NaN is a missing sample. */
	readonly values: readonly number[];
	readonly tone: Tone;
	/** Fill of a full cell under `--ascii`. */
	readonly ascii: string;
}

export interface PlotInput {
	/** Stacked from the bottom: series 0 first. */
	readonly series: readonly GraphSeries[];
	/** Cells of the plot. */
	readonly width: number;
	/** Rows of the plot. */
	readonly height: number;
	/** The value at the top of the plot (> 0); higher values are drawn full. */
	readonly max: number;
	readonly ascii: boolean;
}

/** Samples one cell holds across. */
export function samplesPerCell(ascii: boolean): number {
	return ascii ? 1 : 2;
}

/** Steps one row holds up. */
function stepsPerRow(ascii: boolean): number {
	return ascii ? 2 : 4;
}

/** Braille dot bits, filled from the bottom: left column (dots 7, 3, 2, 1), right column (dots 8, 6, 5, 4). */
const LEFT_DOTS = [0x40, 0x04, 0x02, 0x01] as const;
const RIGHT_DOTS = [0x80, 0x20, 0x10, 0x08] as const;
const BRAILLE_BLANK = 0x2800;

/**
 * Per sample column j of the plot, the step at which each series' band ends (cumulative) in
 * `ends[j·n + k]` for series k of n; `present[j]` is 0 for a gap. Flat typed arrays: a plot is
 * drawn every poll, and an array per column was most of what it allocated.
 */
interface Columns {
	readonly ends: Int32Array;
	readonly present: Uint8Array;
	readonly n: number;
}

function stackColumns(
	series: readonly GraphSeries[],
	count: number,
	first: number,
	offset: number,
	max: number,
	steps: number,
): Columns {
	const n = series.length;
	const ends = new Int32Array(count * n);
	const present = new Uint8Array(count);
	for (let j = first; j < count; j++) {
		let total = 0;
		let any = false;
		for (let k = 0; k < n; k++) {
			const v = series[k]!.values[j - offset];
			if (v !== undefined && Number.isFinite(v)) {
				any = true;
				if (v > 0) total += v;
			}
			ends[j * n + k] = total > 0 ? Math.max(1, Math.min(steps, Math.round((total / max) * steps))) : 0;
		}
		present[j] = any ? 1 : 0;
	}
	return {ends, present, n};
}

/** The series whose band holds step `step` (0 = the lowest step) in sample column j. */
function seriesAt({ends, n}: Columns, j: number, step: number): number {
	for (let k = 0; k < n; k++) if (step < ends[j * n + k]!) return k;
	return n - 1;
}

/** The highest step filled in sample column j (the top of the stack). */
function topOf({ends, n}: Columns, j: number): number {
	return ends[j * n + n - 1]!;
}

/**
 * One row of cells as character codes and tones, cut into one segment per run of a tone when done
 * (one string a run, not one per cell: four plots of 6 × 55 cells are drawn every poll). One
 * builder serves every row of a plot: its buffers are sized to the plot's width once.
 */
class RowBuilder {
	private readonly codes: Uint16Array;
	private readonly tones: Tone[];
	private length = 0;

	constructor(width: number) {
		this.codes = new Uint16Array(width);
		this.tones = new Array<Tone>(width).fill('normal');
	}

	put(code: number, tone: Tone): void {
		this.codes[this.length] = code;
		this.tones[this.length++] = tone;
	}

	/** The row's segments; the builder is empty again. */
	done(): Segment[] {
		const segments: Segment[] = [];
		const {codes, tones, length} = this;
		for (let i = 0; i < length; ) {
			let j = i + 1;
			while (j < length && tones[j] === tones[i]) j++;
			const text = String.fromCharCode.apply(null, codes.subarray(i, j) as unknown as number[]);
			segments.push({text, tone: tones[i]!});
			i = j;
		}
		this.length = 0;
		return segments;
	}
}

const SPACE = 0x20;
const DOT = 0x2e;

/** The plot: `height` lines of exactly `width` cells, top line first. */
export function plotLines(input: PlotInput): Segment[][] {
	const {series, width, height, ascii} = input;
	if (width <= 0 || height <= 0) return [];
	const per = samplesPerCell(ascii);
	const rowSteps = stepsPerRow(ascii);
	const steps = height * rowSteps;
	const max = input.max > 0 ? input.max : 1;
	const length = series.reduce((n, s) => Math.max(n, s.values.length), 0);
	const count = width * per;
	const shown = Math.min(length, count);
	// Sample j of the plot (0 = leftmost dot column) is values[length - width·per + j].
	const first = count - shown;
	const offset = first - (length - shown);
	const columns = stackColumns(series, count, first, offset, max, steps);
	const {present} = columns;
	const lines: Segment[][] = [];
	const row = new RowBuilder(width);
	for (let r = height - 1; r >= 0; r--) {
		const base = r * rowSteps;
		for (let c = 0; c < width; c++) {
			if (ascii) {
				const filled = present[c] ? Math.max(0, Math.min(rowSteps, topOf(columns, c) - base)) : 0;
				if (filled === 0) {
					row.put(SPACE, 'normal');
					continue;
				}
				const owner = series[seriesAt(columns, c, filled === rowSteps ? base + 1 : base)];
				row.put(filled === rowSteps ? (owner?.ascii ?? '#').charCodeAt(0) : DOT, owner?.tone ?? 'normal');
				continue;
			}
			let top = -1; // the highest filled step in this cell
			let owner = 0;
			let bits = 0;
			for (let half = 0; half < 2; half++) {
				const j = c * 2 + half;
				if (!present[j]) continue;
				const filled = Math.max(0, Math.min(rowSteps, topOf(columns, j) - base));
				const dots = half === 0 ? LEFT_DOTS : RIGHT_DOTS;
				for (let d = 0; d < filled; d++) bits |= dots[d]!;
				if (filled > 0 && base + filled - 1 >= top) {
					top = base + filled - 1;
					owner = seriesAt(columns, j, top);
				}
			}
			if (bits === 0) row.put(SPACE, 'normal');
			else row.put(BRAILLE_BLANK + bits, series[owner]?.tone ?? 'normal');
		}
		lines.push(row.done());
	}
	return lines;
}

/** 1, 2, 5 × 10ⁿ at or above `value` (1 for nothing to show). */
export function niceCeiling(value: number): number {
	if (!(value > 0) || !Number.isFinite(value)) return 1;
	const power = 10 ** Math.floor(Math.log10(value));
	for (const step of [1, 2, 5, 10]) if (step * power >= value * (1 - 1e-12)) return step * power;
	return 10 * power;
}

/** Like niceCeiling, in binary units for bytes: 1, 2, 5 × 10ⁿ of the unit the value is shown in (K, M, G, …). */
export function niceBytesCeiling(bytes: number): number {
	if (!(bytes > 0) || !Number.isFinite(bytes)) return 1;
	let unit = 1;
	while (bytes / unit >= 1024 && unit < 1024 ** 5) unit *= 1024;
	const nice = niceCeiling(bytes / unit);
	return nice >= 1024 ? 1024 * unit : nice * unit;
}

/** The largest finite stacked total over the newest `count` samples. */
export function stackedPeak(series: readonly GraphSeries[], count: number): number {
	const length = series.reduce((n, s) => Math.max(n, s.values.length), 0);
	let peak = 0;
	for (let i = Math.max(0, length - count); i < length; i++) {
		let total = 0;
		for (let k = 0; k < series.length; k++) {
			const values = series[k]!.values;
			const v = values[i - (length - values.length)];
			if (v !== undefined && Number.isFinite(v) && v > 0) total += v;
		}
		peak = Math.max(peak, total);
	}
	return peak;
}

/**
 * Y-axis labels beside a plot of `height` rows: the top at the first row, 0 at the last, the middle
 * between when there is room.
 */
export function axisLabels(max: number, height: number, format: (value: number) => string): string[] {
	const labels = Array.from({length: height}, () => '');
	if (height <= 0) return labels;
	labels[0] = format(max);
	if (height >= 2) labels[height - 1] = '0';
	const middle = format(max / 2);
	if (height >= 5 && middle !== labels[0] && middle !== '0') labels[Math.floor((height - 1) / 2)] = middle;
	return labels;
}

/**
 * The time axis under a plot `width` cells wide, starting `indent` cells in (under the y labels):
 * the clock time of the oldest sample shown (under where the data starts), the span, and the
 * clock time of the newest sample at the right edge. `times` are epoch seconds, oldest first.
 */
export function timeAxis(times: readonly number[], width: number, indent: number, ascii: boolean): Segment[] {
	const per = samplesPerCell(ascii);
	const finite = times.filter((t) => Number.isFinite(t));
	if (width <= 0 || finite.length === 0) return [{text: ' '.repeat(Math.max(0, indent + width)), tone: 'muted'}];
	const shown = times.slice(-width * per).filter((t) => Number.isFinite(t));
	const oldest = shown[0]!;
	const newest = shown[shown.length - 1]!;
	const dataCells = Math.ceil(Math.min(times.length, width * per) / per);
	const start = width - dataCells;
	const right = formatClock(newest * 1000);
	const left = formatClock(oldest * 1000);
	const span = `${formatDuration(newest - oldest)}`;
	const rule = ascii ? '-' : '─';
	let text: string;
	if (shown.length > 1 && left.length + right.length + 2 <= dataCells) {
		const inner = dataCells - left.length - right.length;
		const middle =
			span.length + 4 <= inner - 2 ? `${rule.repeat(Math.floor((inner - 2 - span.length - 2) / 2))} ${span} ` : '';
		text = `${left}${' '}${middle.padEnd(inner - 2, rule)} ${right}`;
		text = ' '.repeat(start) + text;
	} else {
		// Too few samples yet for both clocks under the data: the span and the newest clock.
		const short = `${span} to ${right}`;
		text = (shown.length > 1 && short.length <= width ? short : right).padStart(width);
	}
	return [{text: ' '.repeat(indent) + text.slice(0, width).padEnd(width), tone: 'muted'}];
}
