/**
 * SYNTHESIZED Dask HTTP answers for a cluster of any size (Dask 2026.7.1 shapes): no cluster of
 * 1,000 or 10,000 workers exists here, so the memory benchmark and the long-recording tests make
 * one up. /metrics is the recorded busy 2026.7.1 body with its figures scaled to the cluster and
 * moved every round (counters grow, gauges wander); identity.json, workers.html and counts.json are
 * built in the recorded shapes with figures from a seeded generator that drift round by round.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {scenarioDir} from '../test/helpers/fixtures.js';

const GiB = 1024 ** 3;
const WORKER_LIMIT_BYTES = 4 * GiB;

/** A deterministic value in [0, 1) for (a, b, c) — the same worker and round give the same figure. */
export function noise(a: number, b: number, c = 0): number {
	let h =
		Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^
		Math.imul(b + 0x632be5ab, 0xc2b2ae35) ^
		Math.imul(c + 0x27d4eb2f, 0x165667b1);
	h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
	h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
	return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** A slow wave in [0, 1] per worker: figures drift over the rounds instead of jumping. */
function wave(worker: number, round: number, period = 40): number {
	return 0.5 + 0.5 * Math.sin((2 * Math.PI * round) / period + worker * 0.7);
}

export function workerHost(i: number): string {
	return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
}

export function workerAddress(i: number): string {
	return `tcp://${workerHost(i)}:4${String(i % 10_000).padStart(4, '0')}`;
}

export function workerName(i: number): string {
	return `w${String(i).padStart(5, '0')}`;
}

interface WorkerFigures {
	readonly memoryBytes: number;
	readonly managedBytes: number;
	readonly spilledBytes: number;
	readonly cpuPercent: number;
	readonly executing: number;
	readonly ready: number;
	readonly inMemory: number;
	readonly paused: boolean;
	readonly eventLoopS: number;
}

function figures(i: number, round: number): WorkerFigures {
	// Most workers between 15 % and 70 % of their limit; one in 97 runs hot (up to 90 %: spilling, paused, alerts).
	const fill = 0.15 + 0.45 * wave(i, round) + 0.1 * noise(i, round, 1) + (i % 97 === 0 ? 0.2 : 0);
	const memoryBytes = Math.floor(WORKER_LIMIT_BYTES * fill);
	const paused = fill > 0.85 && noise(i, round, 2) < 0.5;
	return {
		memoryBytes,
		managedBytes: Math.floor(memoryBytes * (0.6 + 0.35 * noise(i, round, 3))),
		spilledBytes: fill > 0.7 ? Math.floor(GiB * noise(i, round, 4)) : 0,
		cpuPercent: Math.round(400 * noise(i, round, 5) * 10) / 10,
		executing: paused ? 0 : Math.floor(5 * noise(i, round, 6)),
		ready: Math.floor(20 * noise(i, round, 7)),
		inMemory: 20 + Math.floor(200 * wave(i, round, 90)),
		paused,
		eventLoopS: 0.02 + 0.3 * noise(i, round, 8) ** 4,
	};
}

/**
 * /json/identity.json of `workers` workers at poll `round`, heartbeats at `nowS`, of a scheduler
 * started at `startedS` (epoch seconds). The start time stays put for the fake's life, as a real
 * scheduler's does: one that moved would tell dask-top the scheduler restarted every poll (its
 * counters reset, no completion rate, progress counted afresh).
 */
export function identityBody(workers: number, round: number, nowS: number, startedS: number): string {
	const entries: string[] = [];
	for (let i = 0; i < workers; i++) {
		const f = figures(i, round);
		const address = workerAddress(i);
		const host = workerHost(i);
		const name = workerName(i);
		const metrics = {
			task_counts: {...(f.executing > 0 ? {executing: f.executing} : {}), ready: f.ready, memory: f.inMemory},
			bandwidth: {total: 100000000, workers: {}, types: {}},
			digests_total_since_heartbeat: {
				'tick-duration': 0.5 + noise(i, round, 9),
				latency: 0.02 + 0.05 * noise(i, round, 10),
			},
			managed_bytes: f.managedBytes,
			spilled_bytes: {memory: Math.floor(f.spilledBytes / 3), disk: f.spilledBytes},
			transfer: {
				incoming_bytes: 0,
				incoming_count: 0,
				incoming_count_total: round,
				outgoing_bytes: 0,
				outgoing_count: 0,
				outgoing_count_total: round,
			},
			event_loop_interval: f.eventLoopS,
			cpu: f.cpuPercent,
			memory: f.memoryBytes,
			time: nowS - 0.3 * noise(i, round, 11),
			host_net_io: {read_bps: 50e6 * noise(i, round, 12), write_bps: 50e6 * noise(i, round, 13)},
			host_disk_io: {read_bps: 0, write_bps: 1e6 * noise(i, round, 14)},
			num_fds: 20 + Math.floor(10 * noise(i, round, 15)),
		};
		const worker = {
			type: 'Worker',
			id: name,
			host,
			resources: {},
			local_directory: `/var/lib/dask/${name}/dask-scratch-space/worker-${((i * 2654435761) >>> 0).toString(36)}`,
			name,
			nthreads: 4,
			memory_limit: WORKER_LIMIT_BYTES,
			last_seen: nowS - 0.5 * noise(i, round, 16),
			services: {dashboard: 8800 + (i % 1000)},
			metrics,
			status: f.paused ? 'paused' : 'running',
			nanny: `tcp://${host}:5${String(i % 10_000).padStart(4, '0')}`,
		};
		entries.push(`${JSON.stringify(address)}: ${JSON.stringify(worker)}`);
	}
	const head = {
		type: 'Scheduler',
		id: 'Scheduler-5y57e71c-0000-4000-8000-000000000000',
		address: 'tcp://10.0.0.1:8786',
		services: {dashboard: 8787},
		started: startedS,
		n_workers: workers,
		total_threads: workers * 4,
		total_memory: workers * WORKER_LIMIT_BYTES,
	};
	return `${JSON.stringify(head).slice(0, -1)}, "workers": {${entries.join(', ')}}}`;
}

/** /info/main/workers.html: one row per worker, as Dask renders it. */
export function workersHtml(workers: number, round: number): string {
	const rows: string[] = [];
	for (let i = 0; i < workers; i++) {
		const f = figures(i, round);
		const address = workerAddress(i);
		const encoded = encodeURIComponent(address);
		const occupancyS = 30 * noise(i, round, 17);
		rows.push(`<tr >
<td><a href="../worker/${encoded}.html">${address}</a></td>
<td> ${workerName(i)} </td>
<td> 4 </td>
<td data-sort="${WORKER_LIMIT_BYTES}"> 4.00 GiB </td>
<td> <progress class="progress" value="${f.memoryBytes}" max="${WORKER_LIMIT_BYTES}"></progress>
</td>
<td data-sort="${occupancyS}"> ${occupancyS.toFixed(2)} s </td>
<td> ${f.executing + f.ready} </td>
<td> ${f.inMemory} </td>
<td> <a href="../../proxy/${8800 + (i % 1000)}/${workerHost(i)}/status">dashboard</a> </td>
<td> <a href="../logs/${encoded}.html">logs</a></td>
<td data-sort="0.25"> 250.00 ms </td>
</tr>`);
	}
	return `<html lang="en">
<head>
<meta charset="utf-8">
</meta>
<title> Workers </title>
</head>
<body>
<h1 class="title"> Scheduler tcp://10.0.0.1:8786 </h1>
<h2 class="title is-4">Workers</h2>
<table class="table is-striped is-hoverable sortable">
<thead>
<tr>
<th> Worker </th><th> Name </th><th> Cores </th><th> Memory </th><th> Memory use </th><th> Occupancy </th>
<th> Processing </th><th> In-memory </th><th> Services</th><th> Logs </th><th> Last seen </th>
</tr>
</thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>
</body>
</html>
`;
}

let template: string | undefined;

/** The scheduler's /metrics: the recorded busy body, scaled to `workers` and moved on by `round`. */
export function metricsBody(workers: number, round: number): string {
	template ??= readFileSync(join(scenarioDir('2026.7.1', 'busy'), 'scheduler', encodeURIComponent('/metrics')), 'utf8');
	const scale = workers / 3;
	const paused = Math.round(workers * 0.05 * wave(0, round));
	const byState: Record<string, number> = {
		idle: Math.round(workers * 0.1),
		partially_saturated: workers - Math.round(workers * 0.3) - paused,
		saturated: Math.round(workers * 0.2),
		paused,
		retiring: 0,
	};
	let line = 0;
	return template.replace(
		/^([a-z_]+)(\{[^}]*\})? (\S+)$/gm,
		(whole, name: string, labels: string | undefined, text: string) => {
			line += 1;
			const value = Number(text);
			if (
				!Number.isFinite(value) ||
				name === 'python_info' ||
				name === 'process_start_time_seconds' ||
				name === 'process_max_fds'
			)
				return whole;
			let next: number;
			if (name === 'dask_scheduler_workers') next = byState[/state="([^"]+)"/.exec(labels ?? '')?.[1] ?? ''] ?? 0;
			else if (name === 'dask_scheduler_desired_workers') next = Math.round(workers * (1 + wave(1, round)));
			else if (name === 'dask_scheduler_workers_added_total') next = workers;
			else if (name.endsWith('_total')) next = value * scale + round * Math.max(1, value * scale * 0.02);
			else if (name === 'dask_scheduler_tasks') next = Math.round(value * scale * (0.5 + wave(line, round)));
			// a count of connected clients stays a whole number (the header shows it)
			else if (name === 'dask_scheduler_clients') next = value;
			else next = value * (0.8 + 0.4 * noise(line, round));
			return `${name}${labels ?? ''} ${Number.isInteger(next) ? `${next}.0` : String(next)}`;
		},
	);
}

/** /json/counts.json, in the recorded shape. */
export function countsBody(workers: number, round: number): string {
	const processing = workers * 4;
	return JSON.stringify({
		bytes: workers * 1_000_000,
		clients: 2,
		cores: workers * 4,
		erred: 0,
		hosts: workers,
		idle: Math.round(workers * 0.1),
		memory: workers * 20 + round,
		processing,
		released: 0,
		saturated: Math.round(workers * 0.2),
		tasks: workers * 90,
		unrunnable: 0,
		waiting: workers * 12,
		waiting_data: workers * 60,
		workers,
		desired_workers: workers * 2,
	});
}
