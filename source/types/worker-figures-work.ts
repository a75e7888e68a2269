/**
 * The worker figures of its work: task states, transfers, network, disk and the event loop, the
 * second of the table's parts (worker-figures.ts), in the order of a worker's fields in --json.
 */
import type {WorkerFigure} from './worker-figure-types.js';

const IDENTITY = 'identity';
const OWN = 'worker_metrics';

/** A figure identity.json gives, then the worker's own /metrics; in no column and not in --once. */
function counted(identity: string, own: string, row: string | null, detail: WorkerFigure['detail'], json: string) {
	return {
		unit: 'count',
		sources: [
			{from: IDENTITY, reads: identity},
			{from: OWN, reads: own},
		],
		row,
		sort: null,
		column: null,
		detail,
		json,
		once: null,
	} as const satisfies WorkerFigure;
}

/** A figure of identity.json alone. */
function identityOnly(unit: 'bytes_per_second', reads: string, detail: WorkerFigure['detail'], json: string) {
	return {
		unit,
		sources: [{from: IDENTITY, reads}],
		row: null,
		sort: null,
		column: null,
		detail,
		json,
		once: null,
	} as const satisfies WorkerFigure;
}

export const WORK_FIGURES = {
	task_counts: {
		unit: 'counts',
		sources: [
			{from: IDENTITY, reads: 'metrics.task_counts (2022.12 with zeros, ≥ 2023.2.1 the non-zero states)'},
			{from: OWN, reads: 'dask_worker_tasks by state'},
		],
		row: null,
		sort: null,
		column: null,
		detail: {line: 'states'},
		json: 'task_counts',
		once: null,
	},
	tasks_executing: {
		unit: 'count',
		sources: [
			{from: IDENTITY, reads: 'metrics.task_counts.executing'},
			{from: OWN, reads: 'dask_worker_tasks{state="executing"}'},
		],
		row: 'tasks_executing',
		sort: 'executing',
		column: {
			id: 'executing',
			title: 'EXEC',
			width: 4,
			align: 'right',
			priority: 3,
			sort: 'executing',
			meaning: 'tasks executing now',
		},
		detail: {line: 'tasks', label: 'exec'},
		json: 'tasks_executing',
		once: {heading: 'EXEC/READY/IN-MEM', align: 'right', position: 8},
	},
	tasks_ready: {
		unit: 'count',
		sources: [
			{from: IDENTITY, reads: 'metrics.task_counts.ready'},
			{from: OWN, reads: 'dask_worker_tasks{state="ready"}'},
		],
		row: 'tasks_ready',
		sort: 'ready',
		column: {
			id: 'ready',
			title: 'READY',
			width: 5,
			align: 'right',
			priority: 5,
			sort: 'ready',
			meaning: 'tasks ready to run, waiting for a free thread',
		},
		detail: {line: 'tasks', label: 'ready'},
		json: 'tasks_ready',
		once: {in: 'EXEC/READY/IN-MEM'},
	},
	tasks_in_memory: {
		unit: 'count',
		sources: [
			{from: IDENTITY, reads: 'metrics.task_counts.memory'},
			{from: OWN, reads: 'dask_worker_tasks{state="memory"} + {state="disk"}'},
			{from: 'workers_html', reads: 'keys_in_memory, in the row', computed: true},
		],
		row: 'tasks_in_memory',
		sort: 'in_memory',
		column: {
			id: 'in_memory',
			title: 'IN-MEM',
			width: 6,
			align: 'right',
			priority: 6,
			sort: 'in_memory',
			meaning: 'task results (keys) held in memory',
		},
		detail: {line: 'tasks', label: 'in mem'},
		json: 'tasks_in_memory',
		once: {in: 'EXEC/READY/IN-MEM'},
	},
	transfer_incoming_bytes: {
		...counted(
			'metrics.transfer.incoming_bytes',
			'dask_worker_transfer_incoming_bytes',
			null,
			{line: 'xfer in'},
			'transfer_incoming_bytes',
		),
		unit: 'bytes',
	},
	transfer_incoming_count: {
		...counted(
			'metrics.transfer.incoming_count',
			'dask_worker_transfer_incoming_count',
			'transfer_incoming_count',
			{line: 'xfer in', label: 'open'},
			'transfer_incoming_count',
		),
		column: {in: 'transfers'},
	},
	transfer_outgoing_bytes: {
		...counted(
			'metrics.transfer.outgoing_bytes',
			'dask_worker_transfer_outgoing_bytes',
			null,
			{line: 'xfer out'},
			'transfer_outgoing_bytes',
		),
		unit: 'bytes',
	},
	transfer_outgoing_count: {
		...counted(
			'metrics.transfer.outgoing_count',
			'dask_worker_transfer_outgoing_count',
			'transfer_outgoing_count',
			{line: 'xfer out', label: 'open'},
			'transfer_outgoing_count',
		),
		column: {in: 'transfers'},
	},
	transfer_incoming_count_total: counted(
		'metrics.transfer.incoming_count_total',
		'dask_worker_transfer_incoming_count_total',
		null,
		{line: 'xfer in', label: 'total'},
		'transfer_incoming_count_total',
	),
	transfer_outgoing_count_total: counted(
		'metrics.transfer.outgoing_count_total',
		'dask_worker_transfer_outgoing_count_total',
		null,
		{line: 'xfer out', label: 'total'},
		'transfer_outgoing_count_total',
	),
	net_read_bps: {
		...identityOnly('bytes_per_second', 'metrics.host_net_io.read_bps', {line: 'network', label: 'rx'}, 'net_read_bps'),
		row: 'net_read_bps',
		sort: 'net_read',
		column: {
			id: 'net_read',
			title: 'NET-RX',
			width: 7,
			align: 'right',
			priority: 8,
			sort: 'net_read',
			meaning: 'network bytes received per second',
		},
	},
	net_write_bps: {
		...identityOnly(
			'bytes_per_second',
			'metrics.host_net_io.write_bps',
			{line: 'network', label: 'tx'},
			'net_write_bps',
		),
		row: 'net_write_bps',
		sort: 'net_write',
		column: {
			id: 'net_write',
			title: 'NET-TX',
			width: 7,
			align: 'right',
			priority: 9,
			sort: 'net_write',
			meaning: 'network bytes sent per second',
		},
	},
	disk_read_bps: identityOnly(
		'bytes_per_second',
		'metrics.host_disk_io.read_bps',
		{line: 'disk', label: 'read'},
		'disk_read_bps',
	),
	disk_write_bps: identityOnly(
		'bytes_per_second',
		'metrics.host_disk_io.write_bps',
		{line: 'disk', label: 'write'},
		'disk_write_bps',
	),
	event_loop_interval_seconds: {
		unit: 'seconds',
		sources: [{from: IDENTITY, reads: 'metrics.event_loop_interval'}],
		row: 'event_loop_interval_seconds',
		sort: 'event_loop',
		column: {
			id: 'event_loop',
			title: 'LOOP',
			width: 5,
			align: 'right',
			priority: 7,
			sort: 'event_loop',
			meaning: "the worker's event-loop interval: long means it is blocked (the GIL, a long task)",
		},
		detail: {line: 'event loop'},
		json: 'event_loop_interval_seconds',
		once: null,
	},
} as const satisfies Record<string, WorkerFigure>;
