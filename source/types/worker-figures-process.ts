/**
 * The worker figures of its process and of the scheduler's view of it: heartbeat, ports, spill
 * activity, the GIL, garbage collection, resources. The last of the table's parts (worker-figures.ts),
 * in the order of a worker's fields in --json.
 */
import type {DetailPlace, FigureSource, FigureUnit, WorkerFigure} from './worker-figure-types.js';

const IDENTITY = 'identity';
const HTML = 'workers_html';
const OWN = 'worker_metrics';

/** A figure in no column, not in the rows and not in --once: the detail and --json show it. */
function plain(unit: FigureUnit, sources: readonly FigureSource[], detail: DetailPlace | null, json: string) {
	return {unit, sources, row: null, sort: null, column: null, detail, json, once: null} as const satisfies WorkerFigure;
}

export const PROCESS_FIGURES = {
	last_seen: {
		...plain('epoch_seconds', [{from: IDENTITY, reads: 'last_seen (the scheduler clock)'}], null, 'last_seen'),
		row: 'last_seen',
		detail: {line: 'heartbeat', label: 'at'},
		once: {in: 'LAST SEEN'},
	},
	nanny: plain('text', [{from: IDENTITY, reads: 'nanny (null: none)'}], {line: 'nanny'}, 'nanny'),
	dashboard_port: plain(
		'port',
		[
			{from: IDENTITY, reads: 'services.dashboard'},
			{from: HTML, reads: 'the dashboard link'},
		],
		{line: 'ports', label: 'dashboard'},
		'dashboard_port',
	),
	num_fds: plain(
		'count',
		[
			{from: IDENTITY, reads: 'metrics.num_fds'},
			{from: OWN, reads: 'process_open_fds'},
		],
		{line: 'ports', label: 'fds'},
		'num_fds',
	),
	local_directory: plain('text', [{from: IDENTITY, reads: 'local_directory'}], null, 'local_directory'),
	heartbeat_age_seconds: {
		unit: 'seconds',
		sources: [
			{from: IDENTITY, reads: "the answer's time less last_seen", computed: true},
			{from: HTML, reads: 'the last-seen cell'},
		],
		row: 'heartbeat_age_seconds',
		sort: 'heartbeat',
		column: {
			id: 'heartbeat',
			title: 'BEAT',
			width: 5,
			align: 'right',
			priority: 5,
			sort: 'heartbeat',
			meaning: 'time since the scheduler last heard from the worker (its heartbeat)',
		},
		detail: {line: 'heartbeat'},
		json: 'heartbeat_age_seconds',
		once: {heading: 'LAST SEEN', align: 'right', position: 9},
	},
	occupancy_seconds: plain(
		'seconds',
		[
			{from: HTML, reads: 'the occupancy cell'},
			{from: 'metrics', reads: '0 while no task is processing', computed: true},
		],
		{line: 'occupancy'},
		'occupancy_seconds',
	),
	processing: {
		...plain(
			'count',
			[
				{from: HTML, reads: 'the processing cell'},
				{from: 'metrics', reads: '0 while no task is processing', computed: true},
			],
			{line: 'scheduler', label: 'processing'},
			'processing',
		),
		row: 'processing',
		sort: 'processing',
	},
	keys_in_memory: plain(
		'count',
		[{from: HTML, reads: 'the in-memory cell'}],
		{line: 'scheduler', label: 'keys'},
		'keys_in_memory',
	),
	spill_write_bytes_total: plain(
		'bytes',
		[{from: OWN, reads: 'dask_worker_spill_bytes_total{activity="disk-write"}'}],
		{line: 'spill i/o', label: 'wrote'},
		'spill_write_bytes_total',
	),
	spill_read_bytes_total: plain(
		'bytes',
		[{from: OWN, reads: 'dask_worker_spill_bytes_total{activity="disk-read"}'}],
		{line: 'spill i/o', label: 'read'},
		'spill_read_bytes_total',
	),
	spill_time_seconds_total: plain(
		'seconds',
		[{from: OWN, reads: 'dask_worker_spill_time_seconds_total, every activity summed'}],
		null,
		'spill_time_seconds_total',
	),
	tick_duration_max_seconds: plain(
		'seconds',
		[{from: OWN, reads: 'dask_worker_tick_duration_maximum_seconds'}],
		null,
		'tick_duration_max_seconds',
	),
	gil_contention_fraction: plain(
		'fraction',
		[{from: IDENTITY, reads: 'metrics.gil_contention', dask: '≥ 2023.4.0 with gilknocker'}],
		null,
		'gil_contention_fraction',
	),
	gil_contention_seconds_total: plain(
		'seconds',
		[{from: OWN, reads: 'dask_worker_gil_contention_seconds_total', dask: '≥ 2023.4.0 with gilknocker'}],
		null,
		'gil_contention_seconds_total',
	),
	gc_collection_seconds_total: plain(
		'seconds',
		[{from: OWN, reads: 'dask_worker_gc_collection_seconds_total', dask: '≥ 2024.8.0'}],
		null,
		'gc_collection_seconds_total',
	),
	resources: plain('counts', [{from: IDENTITY, reads: 'resources'}], null, 'resources'),
} as const satisfies Record<string, WorkerFigure>;
