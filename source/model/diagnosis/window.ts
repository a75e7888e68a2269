/**
 * The few polls of figures the rate rules read (spill bytes and seconds, keys held, scheduler CPU,
 * per-prefix seconds, the workers' task states as sampled): a short window, moved on once per
 * fresh snapshot. A rate is taken between two readings of the SAME endpoint by their answers'
 * times, so a cached answer repeated by a later poll adds no false zero and figures of two
 * endpoints are never subtracted.
 */
import type {Snapshot, Source, WorkerSnapshot} from '../../types/snapshot.js';
import {answerAtS, busy} from './figures.js';
import type {ClusterReading, DiagnosisWindow, PrefixDone, TaskReading} from './diagnosis-types.js';
import {type Figure, WorkerWindow} from './worker-window.js';
import {WINDOW_MAX_S, WINDOW_READINGS} from './window-size.js';

/** A new, empty window (its worker windows are written in place: never share one between states that diverge). */
export function emptyWindow(): DiagnosisWindow {
	return {cluster: [], tasks: [], workers: new Map(), prefixDone: new Map()};
}

/** The answer times a snapshot's worker figures came from, found once per snapshot. */
interface Times {
	readonly snapshot: Snapshot;
	readonly bySource: Map<string, number>;
}

function timeOf(times: Times, source: Source | undefined, w: WorkerSnapshot): number {
	if (source === undefined) return times.snapshot.time;
	if (source === 'worker_metrics') return answerAtS(times.snapshot, source, w);
	let at = times.bySource.get(source);
	if (at === undefined) {
		at = answerAtS(times.snapshot, source);
		times.bySource.set(source, at);
	}
	return at;
}

const tagged = new Map<string, string>();

/** `source` + `tag` ("identity:on-disk"), made once per pair rather than once per worker and poll. */
function taggedName(source: string, tag: string): string {
	if (tag === '') return source;
	const key = tag === ':written' ? source : `${source}\u0000`;
	let name = tagged.get(key);
	if (name === undefined) {
		name = `${source}${tag}`;
		tagged.set(key, name);
	}
	return name;
}

function put(
	window: WorkerWindow,
	times: Times,
	w: WorkerSnapshot,
	figure: Figure,
	field: keyof WorkerSnapshot,
	tag = '',
): boolean {
	const value = w[field];
	if (typeof value !== 'number' || !Number.isFinite(value)) return false;
	const source: Source | undefined = w.sources[field];
	window.set(figure, value, taggedName(source ?? 'unknown', tag), timeOf(times, source, w));
	return true;
}

function addReading(window: WorkerWindow, times: Times, w: WorkerSnapshot): void {
	window.begin(times.snapshot.time, busy(w));
	// Keys held, by the endpoint read every poll: identity.json's task counts while it answers, else
	// workers.html's (a worker's own /metrics comes every few polls only).
	const fromHtml = times.snapshot.workers_source === 'workers_html' && w.sources['keys_in_memory'] === 'workers_html';
	if (fromHtml) put(window, times, w, 'held', 'keys_in_memory');
	else if (!put(window, times, w, 'held', 'tasks_in_memory')) put(window, times, w, 'held', 'keys_in_memory');
	put(window, times, w, 'incoming', 'transfer_incoming_count_total');
	if (!put(window, times, w, 'spilled', 'spill_write_bytes_total', ':written'))
		put(window, times, w, 'spilled', 'memory_spilled_bytes', ':on-disk');
	put(window, times, w, 'spillSeconds', 'spill_time_seconds_total');
	put(window, times, w, 'gilSeconds', 'gil_contention_seconds_total');
}

/** The sums of the workers' task states in a snapshot; undefined when no worker's are known. */
function taskReading(snapshot: Snapshot): TaskReading | undefined {
	let at: number | undefined;
	let threads = 0;
	let executing = 0;
	let waiting = 0;
	let transfers = 0;
	let transferBytes = 0;
	for (const w of snapshot.workers) {
		const counts = w.task_counts;
		if (!counts || w.nthreads === undefined) continue;
		at ??= answerAtS(snapshot, w.sources['task_counts'], w);
		threads += w.nthreads;
		executing += (counts['executing'] ?? 0) + (counts['long-running'] ?? 0);
		waiting += counts['waiting'] ?? 0;
		transfers += Math.max(w.transfer_incoming_count ?? 0, (counts['flight'] ?? 0) > 0 ? 1 : 0);
		transferBytes += w.transfer_incoming_bytes ?? 0;
	}
	if (at === undefined || threads === 0) return undefined;
	return {at, threads, executing, waiting, transfers, transferBytes};
}

/** The task readings with this snapshot's, when it is a new answer. */
function stepTasks(tasks: readonly TaskReading[], snapshot: Snapshot): readonly TaskReading[] {
	const reading = taskReading(snapshot);
	const last = tasks.at(-1);
	if (!reading || (last !== undefined && reading.at <= last.at)) return tasks;
	const kept = tasks.filter((r) => snapshot.time - r.at <= WINDOW_MAX_S);
	kept.push(reading);
	return kept.length > WINDOW_READINGS ? kept.slice(kept.length - WINDOW_READINGS) : kept;
}

/** Each prefix's completions: when they last grew. Prefixes gone from /metrics are forgotten. */
function stepPrefixDone(
	tracks: Map<string, PrefixDone>,
	prefixes: Snapshot['scheduler']['prefixes'],
	atS: number,
): void {
	for (const name of tracks.keys()) if (prefixes[name] === undefined) tracks.delete(name);
	for (const [name, counters] of Object.entries(prefixes)) {
		const done = counters.transitions['memory'] ?? 0;
		const old = tracks.get(name);
		if (!old || done < old.done) tracks.set(name, {done, changedAtS: atS, firstAtS: atS, firstDone: done});
		else if (done > old.done) tracks.set(name, {...old, done, changedAtS: atS});
	}
}

/**
 * The window after one fresh snapshot: a cluster reading when /metrics answered anew, the sums of
 * the workers' task states when their endpoint answered anew, and a reading
 * of every listed worker, written into its window in place; workers no longer listed are dropped.
 */
export function stepWindow(window: DiagnosisWindow, snapshot: Snapshot): DiagnosisWindow {
	const s = snapshot.scheduler;
	let cluster = window.cluster;
	if (s.sources['prefixes'] === 'metrics' || s.process_cpu_seconds_total !== undefined) {
		const at = answerAtS(snapshot, 'metrics');
		const last = cluster.at(-1);
		if (last === undefined || at > last.at) {
			const reading: {-readonly [K in keyof ClusterReading]: ClusterReading[K]} = {at, prefixes: s.prefixes};
			if (s.process_cpu_seconds_total !== undefined) reading.cpuSeconds = s.process_cpu_seconds_total;
			if (s.gil_contention_seconds_total !== undefined) reading.gilSeconds = s.gil_contention_seconds_total;
			if (s.clients !== undefined && s.sources['clients'] === 'metrics') reading.clients = s.clients;
			if (s.tasks_total !== undefined) reading.tasksTotal = s.tasks_total;
			const kept = cluster.filter((r) => snapshot.time - r.at <= WINDOW_MAX_S);
			kept.push(reading);
			cluster = kept.length > WINDOW_READINGS ? kept.slice(kept.length - WINDOW_READINGS) : kept;
			stepPrefixDone(window.prefixDone, s.prefixes, at);
		}
	}
	const times: Times = {snapshot, bySource: new Map()};
	const workers = window.workers;
	const list = snapshot.workers;
	if (workers.size > list.length) {
		const listed = new Set<string>();
		for (let i = 0; i < list.length; i++) listed.add(list[i]!.address);
		for (const address of workers.keys()) if (!listed.has(address)) workers.delete(address);
	}
	for (let i = 0; i < list.length; i++) {
		const w = list[i]!;
		let own = workers.get(w.address);
		if (!own) {
			own = new WorkerWindow();
			workers.set(w.address, own);
		}
		addReading(own, times, w);
	}
	const tasks = stepTasks(window.tasks, snapshot);
	return cluster === window.cluster && tasks === window.tasks
		? window
		: {cluster, tasks, workers, prefixDone: window.prefixDone};
}

/**
 * The oldest and newest cluster readings at least `minSpanS` apart, when the window has them
 * (readings before `sinceS` left out).
 */
export function clusterSpan(
	window: DiagnosisWindow,
	minSpanS = 0,
	sinceS = Number.NEGATIVE_INFINITY,
): {readonly first: ClusterReading; readonly last: ClusterReading; readonly spanS: number} | undefined {
	const list = window.cluster;
	const last = list.at(-1);
	const first = list.find((r) => r.at >= sinceS);
	if (!first || !last || last.at - first.at <= 0 || last.at - first.at < minSpanS) return undefined;
	return {first, last, spanS: last.at - first.at};
}
