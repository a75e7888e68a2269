/**
 * Bars and sparklines as coloured text segments. Pure: glyphs come from the theme, tones are
 * meanings the theme turns into colours. Dask's memory thresholds (distributed.yaml defaults, as
 * the threshold table holds them) are marked on the measure they apply to: the target on managed
 * memory, spill / pause / terminate on process memory.
 */
import {DASK_MEMORY_TARGET, DEFAULT_THRESHOLDS} from '../../model/alerts/thresholds.js';
import type {Glyphs, Tone} from './theme.js';
import {columnsOf} from './text-columns.js';

export interface Segment {
	readonly text: string;
	readonly tone: Tone;
	readonly bold?: boolean;
}

/** Where the marks go, as fractions of the memory limit (the alert thresholds can move them). */
export interface MemoryThresholds {
	readonly target: number;
	readonly spill: number;
	readonly pause: number;
	readonly terminate: number;
	/** The marks the user set otherwise than Dask's defaults: not the cluster's, and named so. */
	readonly own?: ReadonlySet<'spill' | 'pause' | 'terminate'>;
}

/** Dask's own fractions, read from the one table that holds them (thresholds.ts). */
export const DASK_MEMORY_THRESHOLDS: MemoryThresholds = {
	target: DASK_MEMORY_TARGET,
	spill: DEFAULT_THRESHOLDS.memory_warning,
	pause: DEFAULT_THRESHOLDS.memory_critical,
	terminate: DEFAULT_THRESHOLDS.memory_terminate,
};

export interface MemoryFigures {
	readonly processBytes?: number;
	readonly managedBytes?: number;
	readonly limitBytes?: number;
}

/** Appends a cell, merging it into the previous segment when the tone is the same. */
function push(segments: Segment[], text: string, tone: Tone): void {
	const last = segments[segments.length - 1];
	if (last && last.tone === tone && !last.bold) segments[segments.length - 1] = {text: last.text + text, tone};
	else segments.push({text, tone});
}

/**
 * Cells in use for a fraction: a cell counts as soon as any of it is used (so a cell at or past a
 * threshold fills only when the threshold is passed).
 */
function usedCells(fraction: number, width: number): number {
	if (!(fraction > 0)) return 0;
	return Math.min(width, Math.ceil(fraction * width - 1e-9));
}

function markCell(threshold: number, width: number): number {
	return Math.min(width - 1, Math.floor(threshold * width));
}

/**
 * Process memory against the limit, split managed / unmanaged, with threshold marks in the free
 * part (`inlineMarks` false: no marks drawn in the bar, every cell is memory; the thresholds still
 * colour the used cells past them, and the caller marks them elsewhere, as the worker table's
 * heading does with thresholdRuler). Returns undefined when there is no limit or no process
 * figure (the caller says why).
 */
export function memoryBar(
	figures: MemoryFigures,
	width: number,
	glyphs: Glyphs,
	thresholds: MemoryThresholds | null = DASK_MEMORY_THRESHOLDS,
	inlineMarks = true,
): Segment[] | undefined {
	const {processBytes, managedBytes, limitBytes} = figures;
	if (width <= 0 || processBytes === undefined || limitBytes === undefined || !(limitBytes > 0)) return undefined;
	const managed = managedBytes === undefined ? 0 : Math.min(managedBytes, processBytes);
	const managedCells = usedCells(managed / limitBytes, width);
	const processCells = Math.max(managedCells, usedCells(processBytes / limitBytes, width));
	// Without thresholds (a cluster total, where a per-worker threshold means nothing) the bar has no marks or zones.
	const target = thresholds ? markCell(thresholds.target, width) : width;
	const spill = thresholds ? markCell(thresholds.spill, width) : width;
	const pause = thresholds ? markCell(thresholds.pause, width) : width;
	const terminate = thresholds ? markCell(thresholds.terminate, width) : width;
	const marks = new Map<number, Tone>(
		thresholds && inlineMarks
			? [
					[target, 'muted'],
					[spill, 'warning'],
					[pause, 'critical'],
					[terminate, 'critical'],
				]
			: [],
	);
	const segments: Segment[] = [];
	for (let i = 0; i < width; i++) {
		if (i < processCells) {
			const isManaged = i < managedCells;
			let tone: Tone = isManaged ? 'managed' : 'unmanaged';
			if (isManaged && i >= target) tone = 'warning';
			if (i >= spill) tone = 'warning';
			if (i >= pause) tone = 'critical';
			push(segments, isManaged ? glyphs.managed : glyphs.unmanaged, tone);
		} else {
			const mark = marks.get(i);
			if (mark) push(segments, glyphs.mark, mark);
			else push(segments, glyphs.free, 'free');
		}
	}
	return segments;
}

/**
 * The cell of each threshold in a bar `width` cells wide, with the tone of its mark (target, spill,
 * pause, terminate).
 */
export function thresholdCells(
	width: number,
	thresholds: MemoryThresholds,
): Array<{readonly cell: number; readonly tone: Tone}> {
	const out: Array<{cell: number; tone: Tone}> = [];
	const add = (fraction: number, tone: Tone) => {
		const cell = markCell(fraction, width);
		if (!out.some((m) => m.cell === cell)) out.push({cell, tone});
	};
	add(thresholds.target, 'muted');
	add(thresholds.spill, 'warning');
	add(thresholds.pause, 'critical');
	add(thresholds.terminate, 'critical');
	return out;
}

/**
 * A heading over a column of memory bars `width` cells wide: its title, then a mark over the cell
 * where each of Dask's thresholds falls (target 60 %, spill 70 %, pause 80 %, terminate 95 % by
 * default), so the bars below keep every cell for memory. Marks the title would cover are left out.
 */
export function thresholdRuler(
	title: string,
	width: number,
	glyphs: Glyphs,
	thresholds: MemoryThresholds,
	tone: Tone = 'title',
): Segment[] {
	const cells = Array.from({length: Math.max(0, width)}, (_, i) => ({text: title[i] ?? ' ', tone}));
	for (const {cell, tone: markTone} of thresholdCells(width, thresholds)) {
		if (cell >= title.length && cell < width) cells[cell] = {text: glyphs.threshold, tone: markTone};
	}
	const out: Segment[] = [];
	for (const c of cells) push(out, c.text, c.tone);
	return out.map((s) => (s.tone === tone ? {...s, bold: true} : s));
}

/** A plain fraction bar (progress, cluster memory): full only at 100 %. */
export function ratioBar(
	fraction: number | undefined,
	width: number,
	glyphs: Glyphs,
	tone: Tone = 'accent',
): Segment[] {
	if (width <= 0) return [];
	if (fraction === undefined || !Number.isFinite(fraction)) return [{text: glyphs.empty.repeat(width), tone: 'free'}];
	const clamped = Math.max(0, Math.min(1, fraction));
	const filled = clamped >= 1 ? width : Math.floor(clamped * width);
	const segments: Segment[] = [];
	if (filled > 0) segments.push({text: glyphs.filled.repeat(filled), tone});
	if (width - filled > 0) segments.push({text: glyphs.empty.repeat(width - filled), tone: 'free'});
	return segments;
}

/**
 * A sparkline of the latest `width` values, scaled to `max` (or the largest value). Missing samples
 * are blanks; a value above zero never draws as empty.
 */
export function sparkline(
	values: readonly (number | undefined)[],
	width: number,
	glyphs: Glyphs,
	max?: number,
): string {
	if (width <= 0) return '';
	const recent = values.slice(-width);
	const top = max ?? recent.reduce<number>((m, v) => (v !== undefined && v > m ? v : m), 0);
	const levels = glyphs.spark.length;
	let out = ' '.repeat(width - recent.length);
	for (const value of recent) {
		if (value === undefined || !Number.isFinite(value)) {
			out += ' ';
			continue;
		}
		const ratio = top > 0 ? Math.max(0, Math.min(1, value / top)) : 0;
		const level = Math.min(levels - 1, Math.round(ratio * (levels - 1)));
		out += glyphs.spark[level] ?? ' ';
	}
	return out;
}

/** The columns the segments take on the terminal. */
export function segmentsWidth(segments: readonly Segment[]): number {
	let width = 0;
	for (let i = 0; i < segments.length; i++) width += columnsOf(segments[i]!.text);
	return width;
}
