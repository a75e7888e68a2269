/**
 * The overview under a short worker table: the cluster over time (memory managed / unmanaged /
 * spilled against the limit, tasks processing / queued, completions per second, mean worker CPU)
 * as graphs over the model's history with their scales and time axis, then the most active task
 * prefixes, then the Alerts panel (ongoing alerts and the newest events). Pure: the model's history
 * and views in, lines of segments out; the plan says how the free rows are shared. What each graph
 * plots is overview-graphs.ts.
 */
import type {ClusterHistory, ProgressView} from '../../model/types.js';
import {segmentsWidth, type Segment} from '../draw/bars.js';
import {ALERTS_PANEL_MIN_LINES} from './alerts-panel-lines.js';
import {axisLabels, plotLines, samplesPerCell, timeAxis} from '../draw/graph.js';
import {GRAPHS, type Graph, type GraphContext} from './overview-graphs.js';
import {clipSegments, fitParts, padSegments, part, seg} from '../draw/parts.js';
import {prefixColumns, prefixHeader, prefixRow} from './progress-lines.js';
import type {Theme} from '../draw/theme.js';

/**
 * Cells of the y labels (formatted scales are at most 5 cells: `1023M`, `12.3k`, `100%`) and of the
 * axis tick after them.
 */
const LABEL_WIDTH = 5;
const AXIS_WIDTH = LABEL_WIDTH + 1;
/** Cells between two graphs side by side. */
const GRID_GAP = 2;
/** Plot rows: at least 2 (8 braille steps), at most this. */
const MIN_PLOT_ROWS = 2;
const MAX_PLOT_ROWS = 20;
/** Prefix rows shown at most. */
const MAX_PREFIXES = 5;
/** The Alerts panel keeps at least its blank line, its title and two lines. */
const MIN_EVENT_LINES = ALERTS_PANEL_MIN_LINES;
/** The Alerts panel keeps this many lines before the prefixes get any (when it has that much to show). */
const EVENT_LINES_FIRST = 7;
/** The prefixes block: a blank line, its title, the column header, at least one prefix. */
const MIN_PREFIX_LINES = 4;

/** Graphs side by side at this width (two per row from 80 columns). */
export function graphColumns(width: number): number {
	return width >= 80 ? 2 : 1;
}

/** Graph rows in the grid (4 graphs). */
function gridRows(width: number): number {
	return Math.ceil(GRAPHS.length / graphColumns(width));
}

/**
 * Lines of the graph block with plots `plotRows` high: a blank line, per grid row a title and the
 * plot, then the time axis.
 */
export function graphBlockLines(width: number, plotRows: number): number {
	return 1 + gridRows(width) * (1 + plotRows) + 1;
}

/**
 * The fewest free rows under the table that show the overview (else the Alerts panel alone), with
 * `eventLines` kept for the Alerts panel.
 */
export function overviewMinRows(width: number, eventLines = MIN_EVENT_LINES): number {
	return graphBlockLines(width, MIN_PLOT_ROWS) + Math.max(MIN_EVENT_LINES, eventLines);
}

export interface OverviewWants {
	/** Task prefixes there are to show. */
	readonly prefixes: number;
	/** Lines the Alerts panel would fill with everything it holds. */
	readonly eventLines: number;
	/** Lines the Alerts panel needs to show its first (worst) entry whole. */
	readonly firstEventLines?: number;
}

export interface OverviewPlan {
	readonly plotRows: number;
	readonly graphLines: number;
	/** Lines of the prefixes block (0: not shown). */
	readonly prefixLines: number;
	/** Lines left for the Alerts panel. */
	readonly eventLines: number;
}

/**
 * How `rows` free lines are shared: graphs get about 60 % (plots 2 to 20 rows high), the Alerts
 * panel up to 7 lines of what it holds (at least 4, and at least its worst entry whole), then the
 * prefixes block its blank line, title, column header and up to five busiest prefixes, the Alerts
 * panel the rest; lines the panel does not need go back to the graphs. Undefined below
 * overviewMinRows (the caller shows the Alerts panel alone).
 */
export function planOverview(rows: number, width: number, want: OverviewWants): OverviewPlan | undefined {
	// The worst alert is never cut for the graphs: the Alerts panel keeps its lines or shows alone.
	const eventsMin = Math.max(MIN_EVENT_LINES, want.firstEventLines ?? 0);
	if (rows < overviewMinRows(width, eventsMin)) return undefined;
	const grid = gridRows(width);
	let plotRows = Math.max(MIN_PLOT_ROWS, Math.min(MAX_PLOT_ROWS, Math.floor((rows * 0.6 - 2) / grid) - 1));
	while (plotRows > MIN_PLOT_ROWS && graphBlockLines(width, plotRows) + eventsMin > rows) plotRows--;
	const prefixesFor = (rest: number) => {
		const room = rest - Math.max(eventsMin, Math.min(want.eventLines, EVENT_LINES_FIRST));
		return want.prefixes > 0 && room >= MIN_PREFIX_LINES
			? Math.min(MIN_PREFIX_LINES - 1 + Math.min(want.prefixes, MAX_PREFIXES), room)
			: 0;
	};
	let prefixLines = prefixesFor(rows - graphBlockLines(width, plotRows));
	// Rows the Alerts panel would leave blank make the plots taller.
	while (plotRows < MAX_PLOT_ROWS) {
		const rest = rows - graphBlockLines(width, plotRows + 1);
		const prefixes = prefixesFor(rest);
		if (prefixes < prefixLines || rest - prefixes < Math.max(eventsMin, want.eventLines)) break;
		plotRows++;
		prefixLines = prefixes;
	}
	const graphLines = graphBlockLines(width, plotRows);
	return {plotRows, graphLines, prefixLines, eventLines: rows - graphLines - prefixLines};
}

// ─── The graphs ───────────────────────────────────────────────────────────────────────────────

/** One graph's lines, `width` cells wide: its title, then the plot rows with their y labels. */
function graphLines(graph: Graph, theme: Theme, width: number, plotRows: number): Segment[][] {
	const plotWidth = Math.max(1, width - AXIS_WIDTH);
	const plot = plotLines({
		series: graph.series,
		width: plotWidth,
		height: plotRows,
		max: graph.max,
		ascii: theme.ascii,
	});
	const labels = axisLabels(graph.max, plotRows, graph.format);
	const out: Segment[][] = [padSegments(fitParts(graph.title, width, seg(graph.separator)), width)];
	plot.forEach((row, i) => {
		const label = labels[i] ?? '';
		const tick = label === '' ? (theme.ascii ? '|' : '│') : theme.ascii ? '+' : '┤';
		out.push([seg(`${label.slice(0, LABEL_WIDTH).padStart(LABEL_WIDTH)}${tick}`, 'muted'), ...row]);
	});
	return out;
}

/**
 * The graph block: a blank line, the graphs in a grid (two side by side from 80 columns) with
 * their titles and y scales, and the time axis under each grid column. Every line is `width` cells.
 */
export function overviewGraphLines(
	history: ClusterHistory,
	theme: Theme,
	width: number,
	plotRows: number,
): Segment[][] {
	const columns = graphColumns(width);
	const columnWidth = Math.floor((width - (columns - 1) * GRID_GAP) / columns);
	const plotWidth = Math.max(1, columnWidth - AXIS_WIDTH);
	const ctx: GraphContext = {history, theme, samples: plotWidth * samplesPerCell(theme.ascii)};
	const graphs = GRAPHS.map((make) => graphLines(make(ctx), theme, columnWidth, plotRows));
	const gap = seg(' '.repeat(GRID_GAP));
	const out: Segment[][] = [[]];
	for (let r = 0; r < graphs.length; r += columns) {
		const row = graphs.slice(r, r + columns);
		for (let i = 0; i < 1 + plotRows; i++) {
			const line: Segment[] = [];
			row.forEach((g, c) => {
				if (c > 0) line.push(gap);
				line.push(...padSegments(g[i] ?? [], columnWidth));
			});
			out.push(line);
		}
	}
	const axis = timeAxis(
		history.time.values(plotWidth * samplesPerCell(theme.ascii)),
		plotWidth,
		AXIS_WIDTH,
		theme.ascii,
	);
	const axisLine: Segment[] = [];
	for (let c = 0; c < columns; c++) {
		if (c > 0) axisLine.push(gap);
		axisLine.push(...axis);
	}
	out.push(axisLine);
	// Every line is its grid columns, each padded or cut to columnWidth (the time axis as wide as a
	// plot and its labels): wider than the screen only where the grid itself is (too narrow a screen).
	if (columns * columnWidth + (columns - 1) * GRID_GAP <= width && plotWidth + AXIS_WIDTH === columnWidth) return out;
	return out.map((line) => (segmentsWidth(line) > width ? clipSegments(line, width) : line));
}

// ─── The busiest prefixes ─────────────────────────────────────────────────────────────────────

/** The prefixes block in `lines` lines: a blank line, a title, the column header, the busiest prefixes. */
export function overviewPrefixLines(
	view: ProgressView | undefined,
	theme: Theme,
	width: number,
	lines: number,
): Segment[][] {
	if (!view || lines < MIN_PREFIX_LINES || view.prefixes.length === 0) return [];
	const layout = prefixColumns(width);
	const shown = view.prefixes.slice(0, Math.min(lines - 3, MAX_PREFIXES));
	const more = view.prefixes.length - shown.length;
	const title = fitParts(
		[
			part(0, seg('Task prefixes ', 'title', true), seg(`${view.prefixes.length}`, 'muted')),
			part(1, seg('busiest first', 'muted')),
			part(2, seg(`${theme.ascii ? '~' : '≈'} from cumulative counters`, 'warning')),
			part(1, seg(more > 0 ? `${more} more: 2 progress view` : '2 progress view', 'muted')),
		],
		width,
		seg(theme.ascii ? '  -  ' : '  ·  ', 'muted'),
	);
	return [[], title, prefixHeader(layout), ...shown.map((p) => prefixRow(p, layout, theme))];
}

// ─── All of it ────────────────────────────────────────────────────────────────────────────────
