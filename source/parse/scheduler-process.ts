/**
 * Which scheduler process the cached answers speak for, and whether a round's answers come from
 * another one (a scheduler restarted on the same port): then what the previous one said goes.
 */
import type {RawScrape} from '../types/raw-scrape.js';
import {cacheKey, type CacheEntry, type SchedulerProcess} from './cache-shape.js';

/** The scheduler process this round's good answers speak for. */
export function roundProcess(entries: ReadonlyMap<string, CacheEntry>, raw: RawScrape): SchedulerProcess {
	let process: {-readonly [K in keyof SchedulerProcess]?: SchedulerProcess[K]} = {};
	for (const result of raw.responses) {
		if (result.target !== 'scheduler') continue;
		const latest = entries.get(cacheKey(result.target, result.path))?.latest;
		if (latest?.result.startedMs !== result.startedMs || latest.state !== 'ok') continue;
		const parsed = latest.parsed;
		if (parsed?.kind === 'scheduler-metrics' && parsed.value.process_start_time_seconds !== undefined)
			process.startSeconds = parsed.value.process_start_time_seconds;
		else if (parsed?.kind === 'identity')
			process = {
				...process,
				...(parsed.value.scheduler.id ? {id: parsed.value.scheduler.id} : {}),
				...(parsed.value.scheduler.address ? {address: parsed.value.scheduler.address} : {}),
			};
		else if (parsed?.kind === 'workers-html' && parsed.value.scheduler_address !== undefined)
			process.address ??= parsed.value.scheduler_address;
	}
	return process;
}

/** Seconds two readings of process_start_time_seconds may differ by (it is printed to 10 ms). */
const START_TOLERANCE_S = 1;

/** Whether two process descriptions name different processes (a figure both have differs). */
export function otherProcess(a: SchedulerProcess, b: SchedulerProcess): boolean {
	if (a.id !== undefined && b.id !== undefined && a.id !== b.id) return true;
	if (
		a.startSeconds !== undefined &&
		b.startSeconds !== undefined &&
		Math.abs(a.startSeconds - b.startSeconds) > START_TOLERANCE_S
	)
		return true;
	return a.address !== undefined && b.address !== undefined && a.address !== b.address;
}

/**
 * A new scheduler process answered: whatever the previous one said is no longer current. Entries
 * last answered before this round go; entries answered in it keep only this round's answer.
 */
export function dropPreviousProcess(entries: Map<string, CacheEntry>, roundMs: number): void {
	for (const [key, entry] of entries) {
		if (entry.latest.result.startedMs < roundMs) {
			entries.delete(key);
			continue;
		}
		const {lastOk, lastFailure, ...rest} = entry;
		entries.set(key, {
			...rest,
			...(lastOk && lastOk.result.startedMs >= roundMs ? {lastOk} : {}),
			...(lastFailure && lastFailure.result.startedMs >= roundMs ? {lastFailure} : {}),
		});
	}
}
