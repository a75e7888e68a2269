/**
 * The four overview graphs and what each plots from the model's history: memory managed / unmanaged
 * / spilled against the limit, tasks processing / queued, completions per second, mean worker CPU,
 * each with its title, series, scale and figure format. Drawing them in a grid is overview-lines.ts.
 */
import type {ClusterHistory, Series} from '../../model/types.js';
import type {Segment} from '../draw/bars.js';
import {formatBytes, formatBytesShort, formatCount, formatPerSecond, MISSING} from '../draw/cells.js';
import {niceBytesCeiling, niceCeiling, stackedPeak, type GraphSeries} from '../draw/graph.js';
import {type Part, part, seg} from '../draw/parts.js';
import type {Theme} from '../draw/theme.js';
import {headerPlace, TASK_STATE_FIGURES} from '../../types/cluster-figures.js';
import type {TaskState} from '../../types/snapshot.js';

export interface Graph {
	/** The title line's parts (most important first by priority). */
	readonly title: Part[];
	readonly series: readonly GraphSeries[];
	readonly max: number;
	readonly format: (value: number) => string;
	/** Between the title's parts (one space where the parts are a key of glyphs). */
	readonly separator: string;
}

export interface GraphContext {
	readonly history: ClusterHistory;
	readonly theme: Theme;
	/** Samples the plot shows. */
	readonly samples: number;
}

function lastFinite(series: Series): number | undefined {
	for (let i = series.length - 1; i >= 0; i--) {
		const v = series.at(i);
		if (v !== undefined && Number.isFinite(v)) return v;
	}
	return undefined;
}

/** The newest figure, or undefined when the latest point is missing. */
function latest(series: Series): number | undefined {
	const v = series.last();
	return v !== undefined && Number.isFinite(v) ? v : undefined;
}

/** A task state's word, as the header writes it (the cluster figures' table). */
function taskWord(state: TaskState): string {
	return TASK_STATE_FIGURES[state].header?.label ?? state;
}

function legend(theme: Theme, s: GraphSeries, label: string, value?: string): Segment[] {
	return [
		seg(theme.ascii ? s.ascii : '⣿', s.tone),
		seg(` ${label}`, 'muted'),
		...(value === undefined ? [] : [seg(` ${value}`)]),
	];
}

/** Memory's title is its key (the header line above the table gives the figures). */
function memoryGraph({history: h, theme, samples}: GraphContext): Graph {
	const managed: GraphSeries = {values: h.memoryManagedBytes.values(samples), tone: 'managed', ascii: '#'};
	const unmanaged: GraphSeries = {values: h.memoryUnmanagedBytes.values(samples), tone: 'unmanaged', ascii: '='};
	const spilled: GraphSeries = {values: h.memorySpilledBytes.values(samples), tone: 'warning', ascii: '~'};
	const series = [managed, unmanaged, spilled];
	const limit = lastFinite(h.memoryLimitBytes);
	const peak = stackedPeak(series, samples);
	const againstLimit = limit !== undefined && limit > 0 && peak <= limit;
	const max = againstLimit ? limit : niceBytesCeiling(peak);
	const scale =
		limit !== undefined && limit > 0
			? againstLimit
				? `of the ${formatBytes(limit)} limit`
				: `over the ${formatBytes(limit)} limit`
			: 'no limit';
	return {
		title: [
			part(0, seg('Memory ', 'title', true)),
			part(0, ...legend(theme, managed, headerPlace('memory_managed_bytes').label)),
			part(0, ...legend(theme, unmanaged, headerPlace('memory_unmanaged_bytes').label)),
			part(1, ...legend(theme, spilled, headerPlace('memory_spilled_bytes').label)),
			part(2, seg(` ${scale}`, 'muted')),
		],
		series,
		max,
		format: formatBytesShort,
		separator: ' ',
	};
}

function tasksGraph({history: h, theme, samples}: GraphContext): Graph {
	const processing: GraphSeries = {values: h.tasksProcessing.values(samples), tone: 'accent', ascii: '#'};
	const queued: GraphSeries = {values: h.tasksQueued.values(samples), tone: 'info', ascii: '='};
	const series = [processing, queued];
	return {
		title: [
			part(0, seg('Tasks', 'title', true)),
			part(0, ...legend(theme, processing, taskWord('processing'), formatCount(latest(h.tasksProcessing)))),
			part(1, ...legend(theme, queued, taskWord('queued'), formatCount(latest(h.tasksQueued)))),
		],
		series,
		max: Math.max(2, niceCeiling(stackedPeak(series, samples))),
		format: (v) => formatCount(Math.round(v)),
		separator: '  ',
	};
}

function doneGraph({history: h, theme, samples}: GraphContext): Graph {
	const done: GraphSeries = {values: h.tasksDonePerSecond.values(samples), tone: 'ok', ascii: '#'};
	const peak = stackedPeak([done], samples);
	return {
		title: [
			part(0, seg('Completed ', 'title', true), seg(formatPerSecond(lastFinite(h.tasksDonePerSecond)))),
			part(1, seg(theme.ascii ? done.ascii : '⣿', done.tone), seg(' tasks into memory or erred', 'muted')),
			part(2, seg('peak ', 'muted'), seg(formatPerSecond(peak))),
		],
		series: [done],
		max: niceCeiling(peak),
		format: (v) => (v >= 10 ? formatCount(Math.round(v)) : formatCount(Math.round(v * 10) / 10)),
		separator: '  ',
	};
}

function cpuGraph({history: h, theme, samples}: GraphContext): Graph {
	const cpu: GraphSeries = {values: h.cpuMeanPercent.values(samples), tone: 'title', ascii: '#'};
	const peak = stackedPeak([cpu], samples);
	const now = latest(h.cpuMeanPercent);
	return {
		title: [
			part(0, seg('CPU ', 'title', true), seg(now === undefined ? MISSING : `${Math.round(now)}%`)),
			part(1, seg(theme.ascii ? cpu.ascii : '⣿', cpu.tone), seg(' mean per worker, 100% = one core', 'muted')),
			part(2, seg('peak ', 'muted'), seg(`${Math.round(peak)}%`)),
		],
		series: [cpu],
		max: Math.max(100, niceCeiling(peak)),
		format: (v) => `${Math.round(v)}%`,
		separator: '  ',
	};
}

export const GRAPHS = [memoryGraph, tasksGraph, doneGraph, cpuGraph] as const;
