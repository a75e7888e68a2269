/**
 * The time split in words, for the overview line, `--once` and the time view: shares of the
 * threads' capacity in whole percent, a part that is not known as `?` (never 0), and the window's name.
 */
import {sharePercent} from './time-split.js';
import type {TimeSplit, TimeWindowKind} from './time-types.js';

export const WINDOW_NAMES: Readonly<Record<TimeWindowKind, string>> = {
	minute: 'last minute',
	run: 'since the last idle moment',
	start: 'since the scheduler started',
};

/** The parts in the order they are shown, with their names. */
export const TIME_PARTS = [
	['compute', 'compute'],
	['transfer', 'transfer'],
	['spill', 'spill'],
	['gc', 'GC'],
] as const satisfies ReadonlyArray<readonly [keyof TimeSplit, string]>;

function percentText(value: number | undefined): string {
	if (value === undefined) return '?';
	if (value > 0 && value < 1) return '<1';
	return `${Math.round(value)}`;
}

/** Busy share of the capacity: what is not idle (undefined when idle is not known). */
export function busyPercent(split: TimeSplit): number | undefined {
	if (split.idle === undefined || split.thread_seconds === undefined || split.thread_seconds <= 0) return undefined;
	return Math.min(100, ((split.thread_seconds - split.idle) / split.thread_seconds) * 100);
}

/**
 * `threads 71 % busy — compute 58 · transfer 9 · spill 4 · GC 1` (percent of the threads' capacity);
 * where the Dask gives no compute seconds, that said instead of a row of `?`.
 */
export function busyText(split: TimeSplit): string {
	const share = (key: keyof TimeSplit, name: string) =>
		`${name} ${percentText(sharePercent(split, split[key] as number | undefined))}`;
	if (split.compute === undefined) {
		const known = TIME_PARTS.filter(([key]) => split[key] !== undefined).map(([key, name]) => share(key, name));
		return ['threads ? % busy — no compute seconds on Dask before 2023.1.1', ...known].join(' · ');
	}
	const head =
		split.thread_seconds === undefined
			? 'threads ? % busy (capacity not known)'
			: `threads ${percentText(busyPercent(split))} % busy`;
	return `${head} — ${TIME_PARTS.map(([key, name]) => share(key, name)).join(' · ')}`;
}

/** What qualifies the line: the workers spill and GC were read from, or that none were. */
export function coverageText(split: TimeSplit): string | undefined {
	if (split.workers === 0) return undefined;
	if (split.workers_read === 0) return 'spill/GC not read';
	if (split.workers_read < split.workers) return `spill/GC from ${split.workers_read} of ${split.workers} workers`;
	return undefined;
}
