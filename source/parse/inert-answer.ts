/**
 * The one place where text from the cluster enters dask-top's model: every string a parsed answer
 * carries (worker names, addresses, hosts, statuses, nannies, task keys, prefixes, task states, the
 * scheduler's address and id) is passed through the cache's text function (units/inert.ts) as the
 * answer is cached, once per answer. Everything downstream (snapshot, model, events, alerts,
 * progress, the screen, --once, --check, --diff) reads these values, live or replayed.
 *
 * Copy on write: an answer whose every string is clean comes back as the same object, so the
 * common case costs one regular-expression test per string and allocates nothing. Two strings
 * that differ only in characters made visible may come out equal (a name `a\x1b` and a name
 * `a␛`); both then show the same, as they would on a terminal that printed them.
 */
import type {ApiWorker, ApiWorkers} from './api.js';
import type {Identity, IdentityWorker} from './identity.js';
import type {Parsed} from './parse-answer.js';
import type {SchedulerLog} from './scheduler-log.js';
import type {SchedulerMetrics} from './scheduler-metrics.js';
import type {WorkerMetrics} from './worker-metrics.js';
import type {WorkerPage, WorkerPageKey, WorkerPageTask, PrefixHolding} from './worker-page.js';
import type {WorkersHtml, WorkersHtmlRow} from './workers-html.js';

export type TextOf = (text: string) => string;

/** The array with `each` applied, the same array when no element changed. */
function mapSame<T>(items: readonly T[], each: (item: T) => T): readonly T[] {
	let out: T[] | undefined;
	for (let i = 0; i < items.length; i++) {
		const item = items[i]!;
		const next = each(item);
		if (next !== item) {
			out ??= items.slice(0, i);
		}
		if (out) out.push(next);
	}
	return out ?? items;
}

/** A record keyed by foreign text (prefixes, task states), the same record when every key is clean. */
function keysOf<V>(record: Readonly<Record<string, V>>, t: TextOf, value: (v: V) => V = same): Record<string, V> {
	let changed = false;
	// for-in, not Object.keys: no array allocated for the records of every worker of every answer.
	for (const key in record) {
		if (t(key) !== key || value(record[key]!) !== record[key]) {
			changed = true;
			break;
		}
	}
	if (!changed) return record as Record<string, V>;
	const out: Record<string, V> = Object.create(null) as Record<string, V>;
	for (const key in record) out[t(key)] = value(record[key]!);
	return out;
}

function same<V>(v: V): V {
	return v;
}

function optional(text: string | undefined, t: TextOf): string | undefined {
	return text === undefined ? undefined : t(text);
}

function identityWorker(w: IdentityWorker, t: TextOf): IdentityWorker {
	const address = t(w.address);
	const name = t(w.name);
	const host = optional(w.host, t);
	const status = optional(w.status, t);
	const nanny = typeof w.nanny === 'string' ? t(w.nanny) : w.nanny;
	const counts = w.task_counts === undefined ? undefined : keysOf(w.task_counts, t);
	if (
		address === w.address &&
		name === w.name &&
		host === w.host &&
		status === w.status &&
		nanny === w.nanny &&
		counts === w.task_counts
	)
		return w;
	return {...w, address, name, host, status, nanny, task_counts: counts} as IdentityWorker;
}

function identity(value: Identity, t: TextOf): Identity {
	const address = optional(value.scheduler.address, t);
	const id = optional(value.scheduler.id, t);
	const scheduler =
		address === value.scheduler.address && id === value.scheduler.id
			? value.scheduler
			: {...value.scheduler, ...(address === undefined ? {} : {address}), ...(id === undefined ? {} : {id})};
	const workers = mapSame(value.workers, (w) => identityWorker(w, t));
	return scheduler === value.scheduler && workers === value.workers ? value : {...value, scheduler, workers};
}

function htmlRow(row: WorkersHtmlRow, t: TextOf): WorkersHtmlRow {
	const address = t(row.address);
	const name = t(row.name);
	const host = optional(row.host, t);
	if (address === row.address && name === row.name && host === row.host) return row;
	return {...row, address, name, ...(host === undefined ? {} : {host})};
}

function workersHtml(value: WorkersHtml, t: TextOf): WorkersHtml {
	const schedulerAddress = optional(value.scheduler_address, t);
	const rows = mapSame(value.rows, (row) => htmlRow(row, t));
	if (schedulerAddress === value.scheduler_address && rows === value.rows) return value;
	return {...value, ...(schedulerAddress === undefined ? {} : {scheduler_address: schedulerAddress}), rows};
}

function workerPage(value: WorkerPage, t: TextOf): WorkerPage {
	const address = t(value.address);
	const row = value.row === undefined ? undefined : htmlRow(value.row, t);
	const key = <K extends WorkerPageKey>(k: K): K => {
		const text = t(k.key);
		const prefix = t(k.prefix);
		return text === k.key && prefix === k.prefix ? k : {...k, key: text, prefix};
	};
	const inMemory = mapSame(value.inMemory, key);
	const processing = mapSame(value.processing, (task: WorkerPageTask) => {
		const keyed = key({key: task.key, prefix: task.prefix});
		const priority = t(task.priority);
		if (keyed.key === task.key && keyed.prefix === task.prefix && priority === task.priority) return task;
		return {key: keyed.key, prefix: keyed.prefix, priority};
	});
	const byPrefix = mapSame(value.byPrefix, (p: PrefixHolding) => {
		const prefix = t(p.prefix);
		return prefix === p.prefix ? p : {...p, prefix};
	});
	if (
		address === value.address &&
		row === value.row &&
		inMemory === value.inMemory &&
		processing === value.processing &&
		byPrefix === value.byPrefix
	)
		return value;
	return {...value, address, ...(row === undefined ? {} : {row}), inMemory, processing, byPrefix};
}

function apiWorkers(value: ApiWorkers, t: TextOf): ApiWorkers {
	const workers = mapSame(value.workers, (w: ApiWorker) => {
		const address = t(w.address);
		const name = t(w.name);
		return address === w.address && name === w.name ? w : {address, name};
	});
	return workers === value.workers ? value : {...value, workers};
}

function schedulerMetrics(value: SchedulerMetrics, t: TextOf): SchedulerMetrics {
	const prefixes =
		value.prefixes === undefined
			? undefined
			: keysOf(value.prefixes, t, (counters) => {
					const transitions = keysOf(counters.transitions, t);
					return transitions === counters.transitions ? counters : {...counters, transitions};
				});
	let workerStates = value.workerStates;
	if (workerStates !== undefined && [...workerStates.keys()].some((state) => t(state) !== state))
		workerStates = new Map([...workerStates].map(([state, n]) => [t(state), n]));
	if (prefixes === value.prefixes && workerStates === value.workerStates) return value;
	return {
		...value,
		...(prefixes === undefined ? {} : {prefixes}),
		...(workerStates === undefined ? {} : {workerStates}),
	};
}

function workerMetrics(value: WorkerMetrics, t: TextOf): WorkerMetrics {
	const counts = value.task_counts === undefined ? undefined : keysOf(value.task_counts, t);
	const spill = value.spill_bytes === undefined ? undefined : keysOf(value.spill_bytes, t);
	if (counts === value.task_counts && spill === value.spill_bytes) return value;
	return {
		...value,
		...(counts === undefined ? {} : {task_counts: counts}),
		...(spill === undefined ? {} : {spill_bytes: spill}),
	};
}

function schedulerLog(value: SchedulerLog, t: TextOf): SchedulerLog {
	const removals = mapSame(value.removals, (r) => {
		const address = t(r.address);
		const name = r.name === undefined ? undefined : t(r.name);
		const stimulus = r.stimulus === undefined ? undefined : t(r.stimulus);
		if (address === r.address && name === r.name && stimulus === r.stimulus) return r;
		return {
			...r,
			address,
			...(name === undefined ? {} : {name}),
			...(stimulus === undefined ? {} : {stimulus}),
		};
	});
	return removals === value.removals ? value : {...value, removals};
}

/** A parsed answer with every string of it passed through `t`; the same object when none changed. */
export function inertParsed(parsed: Parsed, t: TextOf): Parsed {
	const same = <P extends Parsed>(p: P, value: P['value']): P => (value === p.value ? p : ({kind: p.kind, value} as P));
	switch (parsed.kind) {
		case 'identity':
			return same(parsed, identity(parsed.value, t));
		case 'workers-html':
			return same(parsed, workersHtml(parsed.value, t));
		case 'worker-page':
			return same(parsed, workerPage(parsed.value, t));
		case 'api-get-workers':
			return same(parsed, apiWorkers(parsed.value, t));
		case 'scheduler-metrics':
			return same(parsed, schedulerMetrics(parsed.value, t));
		case 'worker-metrics':
			return same(parsed, workerMetrics(parsed.value, t));
		case 'scheduler-log':
			return same(parsed, schedulerLog(parsed.value, t));
		case 'counts':
		case 'api-root':
		case 'api-adaptive-target':
		case 'api-check-idle':
		case 'health':
		case 'status-page':
			// Numbers and flags only.
			return parsed;
	}
}
