/**
 * /json/identity.json (Scheduler.identity()) → scheduler facts and one record per worker. The worker
 * part is byte-for-byte the same code in 2022.12.1 and 2026.7.1; differences: n_workers /
 * total_threads / total_memory only ≥2025.4, task_counts with zeros (2022.12) or only non-zero
 * states (≥2023.2.1), digests_total_since_heartbeat only ≥2023.4. The old flat fields
 * (executing, in_memory, …) exist in neither and are not read.
 */
import type {WorkerSnapshot} from '../types/snapshot.js';
import {defined} from '../units/defined.js';
import {BodyParseError, nameOf, num, obj, parseJsonObject, str, type JsonObject} from './json.js';

export interface IdentityScheduler {
	readonly address?: string;
	readonly id?: string;
	readonly started?: number;
	readonly dashboard_port?: number;
	readonly n_workers?: number;
	readonly total_threads?: number;
	readonly total_memory?: number;
}

/**
 * The Snapshot fields identity.json gives of a worker besides its address and name, in the order of
 * a worker's fields in the snapshot (and --json). The one list: IdentityWorker is derived from it,
 * the parser must fill every field of it (parseWorker's literal), and the snapshot copies each
 * (snapshot-workers.ts), so a field added here and left out of either fails to build.
 */
export const IDENTITY_FIELDS = [
	'host',
	'status',
	'nthreads',
	'memory_limit_bytes',
	'memory_process_bytes',
	'memory_managed_bytes',
	'memory_unmanaged_bytes',
	'memory_spilled_bytes',
	'cpu_percent',
	'task_counts',
	'tasks_executing',
	'tasks_ready',
	'tasks_in_memory',
	'transfer_incoming_bytes',
	'transfer_incoming_count',
	'transfer_outgoing_bytes',
	'transfer_outgoing_count',
	'transfer_incoming_count_total',
	'transfer_outgoing_count_total',
	'net_read_bps',
	'net_write_bps',
	'disk_read_bps',
	'disk_write_bps',
	'event_loop_interval_seconds',
	'last_seen',
	'nanny',
	'dashboard_port',
	'num_fds',
	'local_directory',
	'gil_contention_fraction',
	'resources',
] as const satisfies ReadonlyArray<keyof WorkerSnapshot>;

/** What identity.json says of one worker: these Snapshot fields, under the Snapshot's names. */
export type IdentityWorker = Pick<WorkerSnapshot, 'address' | 'name' | (typeof IDENTITY_FIELDS)[number]>;

export interface Identity {
	readonly scheduler: IdentityScheduler;
	readonly workers: readonly IdentityWorker[];
	/** Some worker's heartbeat carries digests_total_since_heartbeat (≥2023.4.0). */
	readonly hasDigests: boolean;
	/** The top level has n_workers (≥2025.4.0). */
	readonly hasNWorkers: boolean;
}

/**
 * Memory as the scheduler itself derives it (WorkerState.memory): process = RSS, managed = managed
 * bytes minus the part of them that sits spilled (kept within 0…process), spilled = bytes on disk.
 */
function identityMemory(metrics: JsonObject): {
	readonly memory_process_bytes: number | undefined;
	readonly memory_managed_bytes: number | undefined;
	readonly memory_unmanaged_bytes: number | undefined;
	readonly memory_spilled_bytes: number | undefined;
} {
	const process = num(metrics['memory']);
	const managedAll = num(metrics['managed_bytes']);
	const spilled = obj(metrics['spilled_bytes']);
	const spilledMemory = num(spilled?.['memory']) ?? 0;
	const spilledDisk = num(spilled?.['disk']);
	let managed: number | undefined;
	if (managedAll !== undefined) {
		managed = Math.max(0, managedAll - spilledMemory);
		if (process !== undefined) managed = Math.min(managed, process);
	}
	return {
		memory_process_bytes: process,
		memory_managed_bytes: managed,
		memory_unmanaged_bytes: process !== undefined && managed !== undefined ? process - managed : undefined,
		memory_spilled_bytes: spilledDisk,
	};
}

/** A record of numbers (task counts, resources): other values left out. */
function taskCounts(value: unknown): Record<string, number> | undefined {
	const counts = obj(value);
	if (!counts) return undefined;
	const out: Record<string, number> = {};
	const states = Object.keys(counts);
	for (let i = 0; i < states.length; i++) {
		const count = num(counts[states[i]!]);
		if (count !== undefined) out[states[i]!] = count;
	}
	return out;
}

function parseWorker(address: string, raw: JsonObject): IdentityWorker {
	const metrics = obj(raw['metrics']) ?? {};
	const counts = taskCounts(metrics['task_counts']);
	const transfer = obj(metrics['transfer']);
	const net = obj(metrics['host_net_io']);
	const disk = obj(metrics['host_disk_io']);
	const nanny = raw['nanny'];
	const memory = identityMemory(metrics);
	// One object literal with every field (undefined where the answer has none): this runs for every
	// worker of every answer, and an object that gains its fields one keyed store at a time turns
	// into a hash table after a dozen. JSON and the snapshot builder skip the undefined ones.
	const w: {[K in keyof IdentityWorker]-?: IdentityWorker[K] | undefined} = {
		address,
		name: nameOf(raw['name']) ?? address,
		host: str(raw['host']),
		status: str(raw['status']),
		nthreads: num(raw['nthreads']),
		memory_limit_bytes: num(raw['memory_limit']),
		memory_process_bytes: memory.memory_process_bytes,
		memory_managed_bytes: memory.memory_managed_bytes,
		memory_unmanaged_bytes: memory.memory_unmanaged_bytes,
		memory_spilled_bytes: memory.memory_spilled_bytes,
		cpu_percent: num(metrics['cpu']),
		// The heartbeat answered: a state it leaves out has no tasks.
		task_counts: counts,
		tasks_executing: counts ? (counts['executing'] ?? 0) : undefined,
		tasks_ready: counts ? (counts['ready'] ?? 0) : undefined,
		tasks_in_memory: counts ? (counts['memory'] ?? 0) : undefined,
		transfer_incoming_bytes: num(transfer?.['incoming_bytes']),
		transfer_incoming_count: num(transfer?.['incoming_count']),
		transfer_outgoing_bytes: num(transfer?.['outgoing_bytes']),
		transfer_outgoing_count: num(transfer?.['outgoing_count']),
		transfer_incoming_count_total: num(transfer?.['incoming_count_total']),
		transfer_outgoing_count_total: num(transfer?.['outgoing_count_total']),
		net_read_bps: num(net?.['read_bps']),
		net_write_bps: num(net?.['write_bps']),
		disk_read_bps: num(disk?.['read_bps']),
		disk_write_bps: num(disk?.['write_bps']),
		event_loop_interval_seconds: num(metrics['event_loop_interval']),
		last_seen: num(raw['last_seen']),
		nanny: typeof nanny === 'string' || nanny === null ? nanny : undefined,
		dashboard_port: num(obj(raw['services'])?.['dashboard']),
		num_fds: num(metrics['num_fds']),
		local_directory: str(raw['local_directory']),
		gil_contention_fraction: num(metrics['gil_contention']),
		resources: taskCounts(raw['resources']),
	};
	return w as IdentityWorker;
}

export function parseIdentity(text: string): Identity {
	const doc = parseJsonObject(text, 'identity.json');
	const workers = obj(doc['workers']);
	if (!workers) throw new BodyParseError('identity.json has no "workers" object');
	const list: IdentityWorker[] = [];
	let hasDigests = false;
	// By index over the keys: this runs for every worker of every identity.json (see taskCounts).
	const addresses = Object.keys(workers);
	for (let i = 0; i < addresses.length; i++) {
		const address = addresses[i]!;
		const worker = obj(workers[address]);
		if (!worker) continue;
		if (!hasDigests && obj(worker['metrics'])?.['digests_total_since_heartbeat'] !== undefined) hasDigests = true;
		list.push(parseWorker(address, worker));
	}
	const scheduler: IdentityScheduler = defined({
		address: str(doc['address']),
		id: str(doc['id']),
		started: num(doc['started']),
		dashboard_port: num(obj(doc['services'])?.['dashboard']),
		n_workers: num(doc['n_workers']),
		total_threads: num(doc['total_threads']),
		total_memory: num(doc['total_memory']),
	});
	return {scheduler, workers: list, hasDigests, hasNWorkers: 'n_workers' in doc};
}
