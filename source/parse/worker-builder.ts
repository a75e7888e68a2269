/**
 * One worker of a snapshot, built field by field from several answers, with the endpoint each
 * figure came from: every worker has the same object shape, and workers whose figures came from the
 * same endpoints share one frozen sources record.
 */
import type {Source, WorkerSnapshot} from '../types/snapshot.js';
import {WORKER_JSON_FIELDS} from '../types/worker-figures.js';

/** Every key present; a figure no answer gave is undefined. */
type Slots = {-readonly [K in keyof WorkerSnapshot]-?: WorkerSnapshot[K] | undefined};
type Field = Exclude<keyof WorkerSnapshot, 'sources'>;

/**
 * Every field of a worker, in the order of the snapshot (and --json: the figures' table), made by one object literal so
 * that each worker has the same fast shape: objects that gain their properties one keyed store at a
 * time turn into hash tables after a dozen, and this runs for every worker of every poll. A field
 * no answer gave stays undefined (JSON leaves it out).
 */
function blankFields(address: string, name: string): Slots {
	return {
		address,
		name,
		host: undefined,
		status: undefined,
		nthreads: undefined,
		memory_limit_bytes: undefined,
		memory_process_bytes: undefined,
		memory_managed_bytes: undefined,
		memory_unmanaged_bytes: undefined,
		memory_spilled_bytes: undefined,
		cpu_percent: undefined,
		task_counts: undefined,
		tasks_executing: undefined,
		tasks_ready: undefined,
		tasks_in_memory: undefined,
		transfer_incoming_bytes: undefined,
		transfer_incoming_count: undefined,
		transfer_outgoing_bytes: undefined,
		transfer_outgoing_count: undefined,
		transfer_incoming_count_total: undefined,
		transfer_outgoing_count_total: undefined,
		net_read_bps: undefined,
		net_write_bps: undefined,
		disk_read_bps: undefined,
		disk_write_bps: undefined,
		event_loop_interval_seconds: undefined,
		last_seen: undefined,
		nanny: undefined,
		dashboard_port: undefined,
		num_fds: undefined,
		local_directory: undefined,
		heartbeat_age_seconds: undefined,
		occupancy_seconds: undefined,
		processing: undefined,
		keys_in_memory: undefined,
		spill_write_bytes_total: undefined,
		spill_read_bytes_total: undefined,
		spill_time_seconds_total: undefined,
		tick_duration_max_seconds: undefined,
		gil_contention_fraction: undefined,
		gil_contention_seconds_total: undefined,
		gc_collection_seconds_total: undefined,
		resources: undefined,
		sources: undefined,
	};
}

/** The fields in the figures' table's order (types/worker-figures.ts): blankFields' order, a test holds them equal. */
const FIELDS = WORKER_JSON_FIELDS as readonly Field[];
const FIELD_INDEX = new Map<string, number>(FIELDS.map((key, i) => [key, i]));
const SOURCE_CODES: readonly (Source | undefined)[] = [
	undefined,
	'identity',
	'workers_html',
	'worker_metrics',
	'metrics',
	'counts',
	'api',
	'derived',
	'inferred',
];
/** Each key list setEach() was given, as indexes into FIELDS. */
const INDEXES_OF = new WeakMap<readonly string[], Uint8Array>();
const CODE_OF = new Map<Source, number>(SOURCE_CODES.flatMap((source, i) => (source ? [[source, i] as const] : [])));

/**
 * Workers whose figures came from the same endpoints share one frozen sources record (field →
 * endpoint): a cluster has a handful of such mixes, not one per worker. A mix is found by its
 * per-field source codes packed four bits a field into whole numbers (exact up to 2^53), one map
 * level per number, so finding it allocates nothing. Bounded, in case mixes churn.
 */
const SOURCE_BASE = 16;
const FIELDS_PER_PART = 13;
const PARTS = Math.ceil(FIELDS.length / FIELDS_PER_PART);
type SourcesIndex = Map<number, SourcesIndex | Readonly<Record<string, Source>>>;
let sharedSources: SourcesIndex = new Map();
let sharedCount = 0;

function sourcesFor(codes: Uint8Array): Readonly<Record<string, Source>> {
	let level = sharedSources;
	for (let part = 0; part < PARTS; part++) {
		let packed = 0;
		const end = Math.min(codes.length, (part + 1) * FIELDS_PER_PART);
		for (let i = part * FIELDS_PER_PART; i < end; i++) packed = packed * SOURCE_BASE + codes[i]!;
		const found = level.get(packed);
		if (part === PARTS - 1) {
			if (found) return found as Readonly<Record<string, Source>>;
			return remember(level, packed, codes);
		}
		if (found) level = found as SourcesIndex;
		else {
			const next: SourcesIndex = new Map();
			level.set(packed, next);
			level = next;
		}
	}
	throw new Error('unreachable');
}

function remember(level: SourcesIndex, packed: number, codes: Uint8Array): Readonly<Record<string, Source>> {
	const built: Record<string, Source> = {};
	codes.forEach((code, i) => {
		const source = SOURCE_CODES[code];
		if (source) built[FIELDS[i]!] = source;
	});
	const record = Object.freeze(built);
	if (++sharedCount > 256) {
		sharedSources = new Map();
		sharedCount = 0;
	}
	level.set(packed, record);
	return record;
}

/** Builds one worker, remembering where each figure came from. */
export class WorkerBuilder {
	readonly fields: Slots;
	private readonly codes = new Uint8Array(FIELDS.length);

	constructor(address: string, name: string) {
		this.fields = blankFields(address, name);
	}

	set<K extends Field>(key: K, value: Slots[K], source: Source, override: boolean): void {
		if (value === undefined) return;
		if (!override && this.fields[key] !== undefined) return;
		this.fields[key] = value;
		this.codes[FIELD_INDEX.get(key)!] = CODE_OF.get(source)!;
	}

	/**
	 * set() for each of `keys`, read from `from` (a list of fields the caller keeps: their indexes are
	 * looked up once per list, not once per worker and field).
	 */
	setEach<K extends Field>(
		keys: readonly K[],
		from: {readonly [P in K]?: Slots[P]},
		source: Source,
		override: boolean,
	): void {
		let indexes = INDEXES_OF.get(keys);
		if (indexes === undefined) {
			indexes = Uint8Array.from(keys, (key) => FIELD_INDEX.get(key)!);
			INDEXES_OF.set(keys, indexes);
		}
		const code = CODE_OF.get(source)!;
		const fields = this.fields as Record<K, unknown>;
		for (let i = 0; i < keys.length; i++) {
			const key = keys[i]!;
			const value = from[key];
			if (value === undefined || (!override && fields[key] !== undefined)) continue;
			fields[key] = value;
			this.codes[indexes[i]!] = code;
		}
	}

	/** Hands the fields over (no copy: 10,000 workers are built every poll); the builder is done. */
	build(): WorkerSnapshot {
		this.fields.sources = sourcesFor(this.codes);
		return this.fields as unknown as WorkerSnapshot;
	}
}
