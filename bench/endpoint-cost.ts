/**
 * The scheduler's cost of what dask-top asks, request by request: a sharper estimate than the
 * windows of lean.ts's schedulerCost, where a window's noise (heartbeats, Python's collector, the
 * kernel's 10 ms CPU ticks) is as large as the 2 s loop's whole cost.
 *
 * 1. What dask-top asks: the built CLI at its defaults, requests per minute by path, counted over
 *    60 s after its first frame, through a counting proxy in front of a real Debian Dask (3 idle
 *    workers: what it asks an idle cluster), and against a SYNTHESIZED 3-worker cluster whose tasks
 *    are always processing (bench/synth-server.ts: what it asks a busy one).
 * 2. What each request costs a real Debian Dask scheduler (3 workers, idle): bursts of GETs at a
 *    steady 20 a second, one path at a time, the scheduler's CPU over each burst less its idle rate
 *    (from idle windows in the same repetition), per request; repeated, the spread printed.
 * 3. dask-top's estimate (its mix times the costs) against the plain loop's (/metrics and
 *    /json/identity.json every 2 s).
 *
 * npm run bench prints it after the windows (bench/run.ts); alone:
 *
 *   npm run build && node --import tsx bench/endpoint-cost.ts [REPEATS] [SECONDS]
 */
import {createServer, request} from 'node:http';
import type {AddressInfo} from 'node:net';
import {setTimeout as sleep} from 'node:timers/promises';
import {startCluster} from '../test/e2e/helpers/cluster.js';
import {cpuSeconds} from './proc.js';
import {hasFirstFrame, startInPty} from './pty.js';
import {startSynthDask} from './synth-server.js';
import {spread} from './stats.js';

const RATE_PER_SECOND = 20;
const LOOP = {'/metrics': 30, '/json/identity.json': 30} as const;

/** A proxy on loopback in front of `target` (http://host:port/) that counts the requests by path. */
async function countingProxy(target: string): Promise<{url: string; served: Map<string, number>; close(): void}> {
	const served = new Map<string, number>();
	const to = new URL(target);
	const server = createServer((req, res) => {
		const path = (req.url ?? '/').replace(/\?.*$/, '');
		served.set(path, (served.get(path) ?? 0) + 1);
		const upstream = request(
			{host: to.hostname, port: to.port, path: req.url, method: req.method, headers: req.headers},
			(answer) => {
				res.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(res);
			},
		);
		upstream.on('error', () => res.destroy());
		req.pipe(upstream);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const {port} = server.address() as AddressInfo;
	return {url: `http://127.0.0.1:${port}/`, served, close: () => server.close()};
}

/** dask-top's requests per minute by path, at its defaults, against `url`, counted in `served`. */
async function askedPerMinute(url: string, served: ReadonlyMap<string, number>): Promise<Map<string, number>> {
	const run = startInPty([url], {env: {TERM: 'xterm-256color'}});
	try {
		await run.waitFor('first frame', hasFirstFrame, 60_000);
		await sleep(10_000);
		const before = new Map(served);
		await sleep(60_000);
		const mix = new Map<string, number>();
		for (const [path, count] of served) mix.set(path, count - (before.get(path) ?? 0));
		return mix;
	} finally {
		await run.stop();
	}
}

/** The scheduler's CPU seconds over `seconds`, while `load` (if any) runs. */
async function window(
	pid: number,
	seconds: number,
	load: (() => Promise<void>) | undefined,
): Promise<{cpu: number; wall: number; n: number}> {
	let stopped = false;
	let n = 0;
	const started = performance.now();
	const cpu0 = cpuSeconds(pid)!;
	const running = (async () => {
		while (load && !stopped) {
			const due = started + (n + 1) * (1000 / RATE_PER_SECOND);
			await load();
			n++;
			await sleep(Math.max(0, due - performance.now()));
		}
	})();
	await sleep(seconds * 1000);
	stopped = true;
	await running;
	return {cpu: cpuSeconds(pid)! - cpu0, wall: (performance.now() - started) / 1000, n};
}

/** The per-request costs, dask-top's mixes and the estimates, as the README's table and lines. */
export async function endpointCost(repeats: number, seconds: number): Promise<string> {
	const out: string[] = [];
	const fake = await startSynthDask(3);
	const busyMix = await askedPerMinute(fake.url, fake.served);
	await fake.close();
	const cluster = await startCluster();
	const proxy = await countingProxy(cluster.httpUrl);
	let idleMix = new Map<string, number>();
	const perRequestMs = new Map<string, number[]>();
	let paths: string[] = [];
	try {
		await sleep(10_000);
		idleMix = await askedPerMinute(proxy.url, proxy.served);
		paths = [...new Set([...Object.keys(LOOP), ...busyMix.keys(), ...idleMix.keys()])].filter((p) => p !== '/');
		for (const path of paths) perRequestMs.set(path, []);
		await sleep(10_000);
		for (let r = 0; r < repeats; r++) {
			const idle = [await window(cluster.schedulerPid, seconds, undefined)];
			const bursts: Array<[string, {cpu: number; wall: number; n: number}]> = [];
			for (const path of r % 2 === 0 ? paths : [...paths].reverse()) {
				const get = async () => {
					try {
						await (await fetch(new URL(path.slice(1), cluster.httpUrl))).arrayBuffer();
					} catch {}
				};
				bursts.push([path, await window(cluster.schedulerPid, seconds, get)]);
			}
			idle.push(await window(cluster.schedulerPid, seconds, undefined));
			const idleRate = (idle[0]!.cpu + idle[1]!.cpu) / (idle[0]!.wall + idle[1]!.wall);
			for (const [path, w] of bursts) perRequestMs.get(path)!.push(((w.cpu - idleRate * w.wall) * 1000) / w.n);
		}
	} finally {
		proxy.close();
		await cluster.stop();
	}

	out.push(
		`The scheduler's CPU per request (real Debian Dask 2022.12.1, 3 idle workers; bursts of ${seconds} s at ` +
			`${RATE_PER_SECOND} a second less the idle rate, ${repeats} repetitions), and what each asks a minute:\n`,
	);
	out.push(
		'| path | CPU per request, ms: median (min–max) | dask-top asks a minute: idle cluster (real) | ' +
			'busy cluster (synthesized) | the 2 s loop asks a minute |',
	);
	out.push('|---|---:|---:|---:|---:|');
	for (const path of paths)
		out.push(
			`| ${path} | ${spread(perRequestMs.get(path)!)} | ${idleMix.get(path) ?? 0} | ${busyMix.get(path) ?? 0} | ` +
				`${LOOP[path as keyof typeof LOOP] ?? 0} |`,
		);
	// The estimate per repetition: each repetition's costs times the mixes.
	const cost = (r: number, asks: (path: string) => number) =>
		paths.reduce((sum, path) => sum + asks(path) * perRequestMs.get(path)![r]!, 0);
	const loop = Array.from({length: repeats}, (_, r) => cost(r, (p) => LOOP[p as keyof typeof LOOP] ?? 0));
	out.push(`\nEstimated added scheduler CPU, ms a minute (median, min–max): the 2 s loop ${spread(loop, 0)}`);
	for (const [label, mix] of [
		['an idle cluster', idleMix],
		['a busy cluster', busyMix],
	] as const) {
		const daskTop = Array.from({length: repeats}, (_, r) => cost(r, (p) => mix.get(p) ?? 0));
		const ratios = daskTop.map((d, r) => d / loop[r]!);
		out.push(`- dask-top, asking as on ${label}: ${spread(daskTop, 0)}; × the loop: ${spread(ratios)}`);
	}
	return out.join('\n');
}

if (process.argv[1]?.endsWith('endpoint-cost.ts')) {
	console.log(await endpointCost(Number(process.argv[2] ?? 3), Number(process.argv[3] ?? 15)));
	process.exit(0);
}
