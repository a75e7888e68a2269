/**
 * The scheduler's cost of what dask-top asks, request by request: a sharper estimate than the
 * windows of lean.ts's schedulerCost, where a window's noise (heartbeats, Python's collector, the
 * kernel's 10 ms CPU ticks) is as large as the 2 s loop's whole cost.
 *
 * 1. What dask-top asks: the built CLI at its defaults against a SYNTHESIZED 3-worker cluster
 *    (bench/synth-server.ts), requests per minute by path, counted over 60 s after its first frame.
 * 2. What each request costs a real Debian Dask scheduler (3 workers, idle): bursts of GETs at a
 *    steady 20 a second, one path at a time, the scheduler's CPU over each burst less its idle rate
 *    (from idle windows in the same repetition), per request; repeated, the spread printed.
 * 3. dask-top's estimate (its mix times the costs) against the plain loop's (/metrics and
 *    /json/identity.json every 2 s).
 *
 *   npm run build && node --import tsx bench/endpoint-cost.ts [REPEATS] [SECONDS]
 */
import {setTimeout as sleep} from 'node:timers/promises';
import {startCluster} from '../test/e2e/helpers/cluster.js';
import {cpuSeconds} from './proc.js';
import {hasFirstFrame, startInPty} from './pty.js';
import {startSynthDask} from './synth-server.js';

const repeats = Number(process.argv[2] ?? 3);
const seconds = Number(process.argv[3] ?? 15);
const RATE_PER_SECOND = 20;
const LOOP = {'/metrics': 30, '/json/identity.json': 30} as const;

/** dask-top's requests per minute by path, at its defaults, against a synthesized 3-worker cluster. */
async function askedPerMinute(): Promise<Map<string, number>> {
	const fake = await startSynthDask(3);
	const run = startInPty([fake.url], {env: {TERM: 'xterm-256color'}});
	try {
		await run.waitFor('first frame', hasFirstFrame, 60_000);
		await sleep(10_000);
		const before = new Map(fake.served);
		await sleep(60_000);
		const mix = new Map<string, number>();
		for (const [path, count] of fake.served) mix.set(path, count - (before.get(path) ?? 0));
		return mix;
	} finally {
		await run.stop();
		await fake.close();
	}
}

/** The scheduler's CPU seconds over `seconds`, while `load` (if any) runs. */
async function window(
	pid: number,
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

const median = (values: readonly number[]) => {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const spread = (values: readonly number[], digits = 2) =>
	`${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;

const mix = await askedPerMinute();
const paths = [...new Set([...Object.keys(LOOP), ...mix.keys()])].filter((p) => p !== '/');
const cluster = await startCluster();
const perRequestMs = new Map<string, number[]>(paths.map((p) => [p, []]));
try {
	await sleep(10_000);
	for (let r = 0; r < repeats; r++) {
		const idle = [await window(cluster.schedulerPid, undefined)];
		const bursts: Array<[string, {cpu: number; wall: number; n: number}]> = [];
		for (const path of r % 2 === 0 ? paths : [...paths].reverse()) {
			const get = async () => {
				try {
					await (await fetch(new URL(path.slice(1), cluster.httpUrl))).arrayBuffer();
				} catch {}
			};
			bursts.push([path, await window(cluster.schedulerPid, get)]);
		}
		idle.push(await window(cluster.schedulerPid, undefined));
		const idleRate = (idle[0]!.cpu + idle[1]!.cpu) / (idle[0]!.wall + idle[1]!.wall);
		for (const [path, w] of bursts) perRequestMs.get(path)!.push(((w.cpu - idleRate * w.wall) * 1000) / w.n);
		console.error(`repetition ${r + 1}: idle ${(idleRate * 60_000).toFixed(0)} ms a minute`);
	}
} finally {
	await cluster.stop();
}

console.log(
	`The scheduler's CPU per request (real Debian Dask 2022.12.1, 3 idle workers; bursts of ${seconds} s at ` +
		`${RATE_PER_SECOND} a second less the idle rate, ${repeats} repetitions), and what each asks a minute:\n`,
);
console.log('| path | CPU per request, ms: median (min–max) | dask-top asks a minute | the 2 s loop asks a minute |');
console.log('|---|---:|---:|---:|');
for (const path of paths)
	console.log(
		`| ${path} | ${spread(perRequestMs.get(path)!)} | ${mix.get(path) ?? 0} | ${LOOP[path as keyof typeof LOOP] ?? 0} |`,
	);
// The estimate per repetition: each repetition's costs times the mixes.
const ratios: number[] = [];
const daskTop: number[] = [];
const loop: number[] = [];
for (let r = 0; r < repeats; r++) {
	const cost = (asks: (path: string) => number) =>
		paths.reduce((sum, path) => sum + asks(path) * perRequestMs.get(path)![r]!, 0);
	const d = cost((p) => mix.get(p) ?? 0);
	const l = cost((p) => LOOP[p as keyof typeof LOOP] ?? 0);
	daskTop.push(d);
	loop.push(l);
	ratios.push(d / l);
}
console.log(
	`\nEstimated added scheduler CPU, ms a minute: dask-top ${spread(daskTop, 0)}, the 2 s loop ${spread(loop, 0)}; ` +
		`dask-top × the loop: ${spread(ratios)}`,
);
process.exit(0);
