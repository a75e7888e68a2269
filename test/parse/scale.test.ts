/**
 * A 10,000-worker cluster, SYNTHESIZED: no real cluster of that size exists here, so the bodies
 * are the recorded 2026.7.1 busy answers multiplied — one real identity.json worker record, one
 * real workers.html row and one real worker /metrics body repeated with distinct addresses, names
 * and ports, and the real scheduler /metrics with its worker gauges set to 10,000.
 */
import {performance} from 'node:perf_hooks';
import {describe, expect, it} from 'vitest';
import {buildSnapshot, emptyCache, mergeScrape} from '../../source/parse/index.js';
import {parsePrometheus} from '../../source/parse/prometheus.js';
import type {EndpointResult, RawScrape, Target} from '../../source/types/raw-scrape.js';
import {readScenarioFile} from '../helpers/fixtures.js';

const WORKERS = 10_000;
const SAMPLE_PER_ROUND = 50; // scrape/worker-plan samples this many worker /metrics per round
const file = (path: string) => `scheduler/${encodeURIComponent(path)}`;

const addressOf = (i: number) =>
	`tcp://10.${(i >> 8) & 255}.${i & 255}.${1 + (i >> 16)}:4${String(i % 10_000).padStart(4, '0')}`;
const hostOf = (i: number) => addressOf(i).slice(6, addressOf(i).lastIndexOf(':'));

function synthesizedIdentity(): string {
	const real = JSON.parse(readScenarioFile('2026.7.1', 'busy', file('/json/identity.json'))) as {
		workers: Record<string, Record<string, unknown>>;
	} & Record<string, unknown>;
	const template = Object.values(real.workers)[0]!;
	const workers: Record<string, unknown> = {};
	for (let i = 0; i < WORKERS; i++) {
		workers[addressOf(i)] = {
			...template,
			id: `w${i}`,
			name: `w${i}`,
			host: hostOf(i),
			services: {dashboard: 8000 + (i % 1000)},
		};
	}
	return JSON.stringify({
		...real,
		n_workers: WORKERS,
		total_threads: WORKERS * 2,
		total_memory: WORKERS * 2_147_483_648,
		workers,
	});
}

function synthesizedWorkersHtml(): string {
	const real = readScenarioFile('2026.7.1', 'busy', file('/info/main/workers.html'));
	const firstRow = real.indexOf('<tr >');
	const tbodyEnd = real.indexOf('</tbody>');
	const row = real.slice(firstRow, real.indexOf('</tr>', firstRow) + 5);
	const rows: string[] = [];
	for (let i = 0; i < WORKERS; i++) {
		rows.push(
			row
				.replaceAll('tcp://127.0.0.1:41001', addressOf(i))
				.replaceAll('tcp%3A%2F%2F127.0.0.1%3A41001', encodeURIComponent(addressOf(i)))
				.replace('> alpha <', `> w${i} <`)
				.replace('proxy/8801/127.0.0.1/', `proxy/${8000 + (i % 1000)}/${hostOf(i)}/`),
		);
	}
	return real.slice(0, firstRow) + rows.join('\n') + real.slice(tbodyEnd);
}

function synthesizedSchedulerMetrics(): string {
	return readScenarioFile('2026.7.1', 'busy', file('/metrics')).replace(
		'dask_scheduler_workers{state="partially_saturated"} 3.0',
		`dask_scheduler_workers{state="partially_saturated"} ${WORKERS}.0`,
	);
}

function result(target: Target, path: string, body: string, startedMs: number, contentType: string): EndpointResult {
	return {target, path, url: `http://scheduler:8787${path}`, startedMs, latencyMs: 5, status: 200, contentType, body};
}

function round(
	atMs: number,
	workerIndexes: readonly number[],
	bodies: {identity: string; html: string; metrics: string; worker: string},
): RawScrape {
	return {
		atMs,
		base: 'http://scheduler:8787/',
		responses: [
			result('scheduler', '/metrics', bodies.metrics, atMs, 'text/plain; version=0.0.4'),
			result('scheduler', '/json/identity.json', bodies.identity, atMs, 'application/json'),
			result('scheduler', '/info/main/workers.html', bodies.html, atMs, 'text/html'),
			...workerIndexes.map((i) =>
				result(`worker:${addressOf(i)}`, '/metrics', bodies.worker, atMs, 'text/plain; version=0.0.4'),
			),
		],
	};
}

describe('a synthesized 10,000-worker cluster', () => {
	const bodies = {
		identity: synthesizedIdentity(),
		html: synthesizedWorkersHtml(),
		metrics: synthesizedSchedulerMetrics(),
		worker: readScenarioFile('2026.7.1', 'busy', 'worker-beta/%2Fmetrics'),
	};

	it('parses every worker and builds a snapshot in well under the poll interval', () => {
		const all = Array.from({length: WORKERS}, (_, i) => i);
		const t0 = 1_795_971_992_634;

		const firstStart = performance.now();
		const cache = mergeScrape(emptyCache(), round(t0, all, bodies));
		const first = buildSnapshot(cache, t0);
		const firstMs = performance.now() - firstStart;

		// A steady round: the three scheduler endpoints plus one rotating sample of worker /metrics.
		const sample = all.slice(0, SAMPLE_PER_ROUND);
		const steadyStart = performance.now();
		const next = mergeScrape(cache, round(t0 + 2000, sample, bodies));
		const snap = buildSnapshot(next, t0 + 2000);
		const steadyMs = performance.now() - steadyStart;

		console.log(
			`10,000 workers (identity ${(bodies.identity.length / 1e6).toFixed(1)} MB, ` +
				`workers.html ${(bodies.html.length / 1e6).toFixed(1)} MB, ` +
				`10,000 worker /metrics ${((bodies.worker.length * WORKERS) / 1e6).toFixed(1)} MB): ` +
				`first round merge+snapshot ${firstMs.toFixed(0)} ms; ` +
				`steady round (3 scheduler endpoints + ${SAMPLE_PER_ROUND} worker /metrics) ${steadyMs.toFixed(0)} ms`,
		);

		expect(first.workers).toHaveLength(WORKERS);
		expect(snap.workers).toHaveLength(WORKERS);
		expect(snap.workers_source).toBe('identity');
		expect(snap.scheduler.workers.total).toBe(WORKERS);
		expect(snap.scheduler.threads).toBe(WORKERS * 2);
		const w = snap.workers.find((x) => x.address === addressOf(4321))!;
		expect(w.name).toBe('w4321');
		expect(w.occupancy_seconds).toBe(21.08433437347412);
		expect(w.spill_write_bytes_total).toBe(0); // filled from its own /metrics
		expect(snap.workers.every((x, i, list) => i === 0 || list[i - 1]!.address < x.address)).toBe(true);
		// Loose bounds (a loaded 2-core CI machine): this guards against going quadratic, not speed.
		expect(firstMs).toBeLessThan(20_000);
		expect(steadyMs).toBeLessThan(5000);
	});

	it('parses a scheduler /metrics of 2,000 task prefixes quickly', () => {
		const lines: string[] = [readScenarioFile('2026.7.1', 'busy', file('/metrics'))];
		for (let p = 0; p < 2000; p++) {
			for (const state of ['waiting', 'queued', 'processing', 'memory', 'released', 'forgotten']) {
				lines.push(
					`dask_scheduler_prefix_state_totals_total{state="${state}",task_prefix_name="prefix-${p}"} ${p * 3}.0`,
				);
			}
			lines.push(`dask_scheduler_tasks_compute_seconds_total{task_prefix_name="prefix-${p}"} 1.25e+02`);
			lines.push(`dask_scheduler_tasks_output_bytes{task_prefix_name="prefix-${p}"} 2.0000045e+07`);
		}
		const body = lines.join('\n');
		const start = performance.now();
		const doc = parsePrometheus(body);
		const ms = performance.now() - start;
		console.log(
			`scheduler /metrics of ${(body.length / 1e6).toFixed(2)} MB, ` +
				`${doc.sampleCount} samples parsed in ${ms.toFixed(1)} ms`,
		);
		expect(doc.invalidLines).toBe(0);
		expect(doc.samples.get('dask_scheduler_prefix_state_totals_total')!.length).toBeGreaterThan(12_000);
		expect(ms).toBeLessThan(2000);
	});
});
