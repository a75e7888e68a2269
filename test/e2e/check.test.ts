/**
 * `dask-top --check` as Nagios, Icinga or cron runs it: the built CLI against real Debian Dask
 * 2022.12.1 — the shared healthy cluster, a cluster of this file's own whose small worker is filled
 * until it pauses, a dead URL, a bad flag — one plugin line on stdout and the plugin exit code.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runCli} from './helpers/cli.js';
import {startCluster, workerNamed, type Cluster} from './helpers/cluster.js';
import {freePorts} from './helpers/ports.js';
import {sharedCluster} from './helpers/shared-cluster.js';
import {runWorkload, type Workload} from './helpers/workload.js';

/** The monitoring-plugins line: `DASK STATE - text | perfdata`, one line. */
const LINE = /^DASK (OK|WARNING|CRITICAL|UNKNOWN) - ([^|\n]+?)(?: \| ([^\n]+))?\n$/;

function perf(stdout: string): Map<string, string> {
	const data = LINE.exec(stdout)?.[3] ?? '';
	return new Map(
		data
			.split(' ')
			.filter((d) => d !== '')
			.map((d) => [d.slice(0, d.indexOf('=')), d.slice(d.indexOf('=') + 1)] as const),
	);
}

describe('--check against the shared healthy cluster', () => {
	it('is DASK OK with the workers, threads and memory, and perfdata with units and thresholds (exit 0)', async () => {
		const cluster = sharedCluster();
		const result = await runCli(['--check', cluster.httpUrl]);
		expect(result.stderr).toBe('');
		expect(result.stdout).toMatch(LINE);
		expect(result.stdout).toMatch(/^DASK OK - 3 workers, 5 threads, \d+% memory, 0 alerts in one poll \| /);
		expect(result.code).toBe(0);
		const data = perf(result.stdout);
		expect(data.get('workers')).toBe('3;;;0');
		expect(data.get('threads')).toBe('5;;;0');
		expect(data.get('memory')).toMatch(/^\d+(\.\d)?%;;;0;100$/);
		// warn/crit from the threshold table (memory_warning 0.7, memory_critical 0.8)
		expect(data.get('worker_memory_max')).toMatch(/^\d+(\.\d)?%;70;80;0;100$/);
		expect(data.get('paused')).toBe('0;;0;0;3');
		expect(data.get('heartbeat_age_max')).toMatch(/^[\d.]+s;1\.5;5;0$/);
		// finishes well within Nagios' 10 s default
		expect(result.durationMs).toBeLessThan(6500);
	});

	it('takes its thresholds from --threshold, like the alerts', async () => {
		const cluster = sharedCluster();
		const result = await runCli([
			'--check',
			'--threshold',
			'memory_warning=0.02',
			'--threshold',
			'memory_clear_margin=0.01',
			'--threshold',
			'memory_critical=0.9',
			cluster.httpUrl,
		]);
		expect(result.stdout).toMatch(/^DASK WARNING - .*process memory/);
		expect(perf(result.stdout).get('worker_memory_max')).toMatch(/;2;90;0;100$/);
		expect(result.code).toBe(1);
	});
});

describe('--check on a cluster with a paused worker', () => {
	let cluster: Cluster | undefined;
	let workload: Workload | undefined;

	beforeAll(async () => {
		cluster = await startCluster();
		workload = await runWorkload(cluster, 'fill-memory');
	}, 120_000);

	afterAll(async () => {
		await workload?.stop();
		await cluster?.stop();
	});

	it('is DASK CRITICAL naming the paused worker first, exit 2', async () => {
		expect(workload?.ready).toMatchObject({kind: 'fill-memory', name: 'beta', status: 'paused'});
		const beta = workerNamed(cluster!, 'beta');
		const result = await runCli(['--check', cluster!.httpUrl]);
		expect(result.stdout).toMatch(LINE);
		// the diagnosis' worst finding leads, naming beta; then the critical alerts (worst first): paused (its memory
		// may already be back under the pause threshold)
		expect(result.stdout).toMatch(/^DASK CRITICAL - likely memory-pressure: beta /);
		expect(result.stdout).toContain('beta is paused');
		expect(result.stdout).toContain('3 workers');
		expect(perf(result.stdout).get('paused')).toBe('1;;0;0;3');
		expect(result.code).toBe(2);
		expect(beta.address).toMatch(/^tcp:/);
	});

	it('with several URLs the worst state wins and each cluster is named with its state', async () => {
		const healthy = sharedCluster();
		const result = await runCli(['--check', healthy.httpUrl, cluster!.httpUrl]);
		expect(result.stdout).toMatch(LINE);
		expect(result.stdout).toMatch(
			/^DASK CRITICAL - 127\.0\.0\.1:\d+ CRITICAL: [^|]*beta is paused[^|]*; 127\.0\.0\.1:\d+ OK: 3 workers/,
		);
		// perfdata labels carry the cluster's name
		expect(result.stdout).toContain(` ${healthy.httpUrl.replace(/^http:\/\/|\/$/g, '')}/workers=3;;;0`);
		expect(result.stdout).toContain(` ${cluster!.httpUrl.replace(/^http:\/\/|\/$/g, '')}/paused=1;;0;0;3`);
		expect(result.code).toBe(2);
	});
});

describe('--check when nothing can be judged', () => {
	it('a scheduler that cannot be read is DASK CRITICAL with the reason, exit 2', async () => {
		const [port] = await freePorts(1);
		const result = await runCli(['--check', `http://127.0.0.1:${port}`]);
		expect(result.stdout).toMatch(LINE);
		expect(result.stdout).toMatch(/^DASK CRITICAL - cannot read the scheduler: .*connection refused/);
		expect(result.stderr).toBe('');
		expect(result.code).toBe(2);
	});

	it('a usage error is DASK UNKNOWN, exit 3, one line', async () => {
		const result = await runCli(['--check', '--interval', 'soon', 'http://127.0.0.1:1']);
		expect(result.stdout).toMatch(/^DASK UNKNOWN - .*--interval/);
		expect(result.stdout.split('\n')).toHaveLength(2);
		expect(result.code).toBe(3);
		const combined = await runCli(['--check', '--json', 'http://127.0.0.1:1']);
		expect(combined.stdout).toBe('DASK UNKNOWN - --check prints its own line and cannot be combined with --json\n');
		expect(combined.code).toBe(3);
	});
});
