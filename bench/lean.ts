/**
 * What dask-top costs beside what a top costs, in one run:
 * - dask-top at its defaults (`dask-top URL`: 2 s interval) and `htop -d 20` (Debian's htop, same
 *   2 s) side by side, each in its own 120×40 pseudo-terminal, over the same window, while dask-top
 *   watches a SYNTHESIZED cluster of 3, 100 and 1,000 workers whose figures move every poll: CPU
 *   (user + system time over wall time, from /proc), RSS (mean and max of VmRSS every second) and
 *   the bytes each wrote to its terminal per second (counted at the pseudo-terminal);
 * - the scheduler's cost: the added CPU of a REAL Debian Dask scheduler (3 workers, idle) while
 *   nothing watches it, while a plain loop fetches /metrics and /json/identity.json every 2 s,
 *   while dask-top runs at its defaults, and while the loop runs every 0.5 s; windows alternated
 *   and repeated, the median and the spread (min–max) printed, each relative to the "nothing"
 *   window of its own repetition.
 */
import {setTimeout as sleep} from 'node:timers/promises';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {startCluster} from '../test/e2e/helpers/cluster.js';
import {childPid, cpuSeconds, daskTopPid, treeCpuSeconds, treeResidentBytes} from './proc.js';
import {hasFirstFrame, startInPty, startProgramInPty, type PtyRun} from './pty.js';
import {startSynthDask} from './synth-server.js';
import {median} from './stats.js';

export interface Usage {
	readonly cpuPercent: number;
	readonly rssMeanBytes: number;
	readonly rssMaxBytes: number;
	readonly bytesPerSecond: number;
}

interface Watched {
	readonly run: PtyRun;
	readonly pid: number;
}

/**
 * Samples every watched process every second for `seconds`, from the same start: each with the
 * whole tree under it (a command that starts another process and waits pays for both).
 */
export async function measure(watched: readonly Watched[], seconds: number): Promise<Usage[]> {
	const cpu0 = watched.map((w) => treeCpuSeconds(w.pid) ?? Number.NaN);
	const bytes0 = watched.map((w) => w.run.bytes());
	const rss: number[][] = watched.map(() => []);
	const wall0 = performance.now();
	for (let s = 1; s <= seconds; s++) {
		await sleep(Math.max(0, wall0 + s * 1000 - performance.now()));
		watched.forEach((w, i) => {
			const resident = treeResidentBytes(w.pid);
			if (resident === undefined) throw new Error(`a measured program exited; screen: ${w.run.text().slice(-300)}`);
			rss[i]!.push(resident);
		});
	}
	const wallS = (performance.now() - wall0) / 1000;
	return watched.map((w, i) => ({
		cpuPercent: (100 * ((treeCpuSeconds(w.pid) ?? Number.NaN) - cpu0[i]!)) / wallS,
		rssMeanBytes: rss[i]!.reduce((a, b) => a + b, 0) / rss[i]!.length,
		rssMaxBytes: Math.max(...rss[i]!),
		bytesPerSecond: (w.run.bytes() - bytes0[i]!) / wallS,
	}));
}

const TERM_ENV = {TERM: 'xterm-256color'};

/** Two measured windows of the same run, one after the other. */
export interface BesideHtop {
	readonly daskTop: Usage;
	readonly htop: Usage;
	/**
	 * The next window: a long-running monitor's cost once V8's optimizing compiler has settled (it
	 * still compiles the hot code during the first minute or so, on its worker thread).
	 */
	readonly daskTopLater: Usage;
	readonly htopLater: Usage;
}

/** dask-top at its defaults against a synthesized cluster of `workers`, htop -d 20 beside it, measured together. */
export async function besideHtop(workers: number, seconds: number, warmupSeconds: number): Promise<BesideHtop> {
	const fake = await startSynthDask(workers);
	const home = mkdtempSync(join(tmpdir(), 'dask-top-htop-'));
	const daskTop = startInPty([fake.url], {env: TERM_ENV});
	// htop's own settings and state stay in a scratch home.
	const htop = startProgramInPty(['htop', '-d', '20'], {env: {...TERM_ENV, HOME: home, XDG_CONFIG_HOME: home}});
	try {
		await daskTop.waitFor('first frame', hasFirstFrame, 60_000);
		const watched = [
			{run: daskTop, pid: await daskTopPid(daskTop.child.pid!)},
			{run: htop, pid: await childPid(htop.child.pid!)},
		];
		await sleep(warmupSeconds * 1000);
		const [a, b] = await measure(watched, seconds);
		const [c, d] = await measure(watched, seconds);
		return {daskTop: a!, htop: b!, daskTopLater: c!, htopLater: d!};
	} finally {
		await daskTop.stop();
		htop.child.kill('SIGTERM');
		await fake.close();
		rmSync(home, {recursive: true, force: true});
	}
}

/** The floor apps of bench/ink-floor.mjs, by what they draw. */
export type FloorVariant = 'empty' | 'full' | 'text';
export const FLOOR_APPS: Readonly<Record<FloorVariant, string>> = {
	empty: 'one changing line',
	full: 'every row changing',
	text: 'every row changing, one text (as dask-top draws)',
};

/**
 * Ink's floor (bench/ink-floor.mjs, or `script`: its bundle as dask-top ships Ink, from
 * bench/ink-floor-shipped.mjs) under `node`: CPU, RSS and bytes over `seconds`, after `warmupSeconds`.
 */
export async function inkFloor(
	node: string,
	variant: FloorVariant,
	seconds: number,
	warmupSeconds: number,
	nodeFlags: readonly string[] = [],
	script = join(process.cwd(), 'bench', 'ink-floor.mjs'),
): Promise<Usage> {
	// Ink draws nothing until exit in CI mode: the pseudo-terminal's CI=true is removed (dask-top's entry does the same).
	const run = startProgramInPty(['env', '-u', 'CI', node, ...nodeFlags, script, variant], {env: TERM_ENV});
	try {
		await run.waitFor('first frame', (text) => text.includes(variant === 'empty' ? 'tick' : '  0 '), 30_000);
		const pid = await childPid(run.child.pid!);
		await sleep(warmupSeconds * 1000);
		const [usage] = await measure([{run, pid}], seconds);
		return usage!;
	} finally {
		run.child.kill('SIGTERM');
	}
}

export type SchedulerCase = 'nothing' | 'loop 2 s' | 'dask-top' | 'loop 0.5 s';
export const SCHEDULER_CASES: readonly SchedulerCase[] = ['nothing', 'loop 2 s', 'dask-top', 'loop 0.5 s'];

/** A plain loop fetching /metrics and /json/identity.json every `everyMs` (keep-alive, as any HTTP client). */
function fetchLoop(url: string, everyMs: number): () => Promise<void> {
	let stopped = false;
	const done = (async () => {
		while (!stopped) {
			const started = performance.now();
			for (const path of ['metrics', 'json/identity.json']) {
				try {
					await (await fetch(new URL(path, url))).arrayBuffer();
				} catch {
					// counted as served or not, the scheduler did the work
				}
			}
			await sleep(Math.max(0, everyMs - (performance.now() - started)));
		}
	})();
	return async () => {
		stopped = true;
		await done;
	};
}

export interface SchedulerCost {
	readonly windowSeconds: number;
	readonly repeats: number;
	/** Scheduler CPU, ms per minute, per case, one per repetition (in the order run). */
	readonly msPerMinute: Readonly<Record<SchedulerCase, number[]>>;
}

/** The scheduler's CPU under each case, alternated, `repeats` times, windows of `seconds` after `settleSeconds`. */
export async function schedulerCost(seconds: number, repeats: number, settleSeconds = 10): Promise<SchedulerCost> {
	const cluster = await startCluster();
	const msPerMinute = Object.fromEntries(SCHEDULER_CASES.map((c) => [c, [] as number[]])) as Record<
		SchedulerCase,
		number[]
	>;
	try {
		await sleep(10_000); // the cluster settles after its start
		for (let r = 0; r < repeats; r++) {
			// Alternate the order between repetitions so no case always follows the same one.
			const order = r % 2 === 0 ? SCHEDULER_CASES : [...SCHEDULER_CASES].reverse();
			for (const which of order) {
				let stop: () => Promise<void> = async () => {};
				if (which === 'loop 2 s') stop = fetchLoop(cluster.httpUrl, 2000);
				else if (which === 'loop 0.5 s') stop = fetchLoop(cluster.httpUrl, 500);
				else if (which === 'dask-top') {
					const run = startInPty([cluster.httpUrl], {env: TERM_ENV});
					await run.waitFor('first frame', hasFirstFrame, 60_000);
					stop = () => run.stop();
				}
				await sleep(settleSeconds * 1000);
				const cpu0 = cpuSeconds(cluster.schedulerPid) ?? Number.NaN;
				const wall0 = performance.now();
				await sleep(seconds * 1000);
				const cpu1 = cpuSeconds(cluster.schedulerPid) ?? Number.NaN;
				const wallMin = (performance.now() - wall0) / 60_000;
				await stop();
				msPerMinute[which].push(((cpu1 - cpu0) * 1000) / wallMin);
			}
		}
		return {windowSeconds: seconds, repeats, msPerMinute};
	} finally {
		await cluster.stop();
	}
}

/** The scheduler-cost table: added CPU over "nothing" of the same repetition, median and spread. */
export function schedulerTable(cost: SchedulerCost): string {
	const added = (which: SchedulerCase) => cost.msPerMinute[which].map((v, i) => v - cost.msPerMinute.nothing[i]!);
	const loop = median(added('loop 2 s'));
	const lines = [
		'| watching a real Debian Dask scheduler (3 workers, idle) | scheduler CPU, ' +
			'ms per minute: median (min–max) | added over nothing: median (min–max) | × the 2 s loop |',
		'|---|---:|---:|---:|',
	];
	for (const which of SCHEDULER_CASES) {
		const raw = cost.msPerMinute[which];
		const more = added(which);
		const range = (values: readonly number[]) =>
			`${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`;
		const addedText = which === 'nothing' ? '' : `${Math.round(median(more))} (${range(more)})`;
		// No ratio over a loop whose added CPU the window read as nothing or less (noise, not a cost).
		const ratio =
			which === 'nothing' || which === 'loop 2 s' ? '' : loop > 0 ? `${(median(more) / loop).toFixed(2)}` : '—';
		const watcher =
			which === 'dask-top'
				? '`dask-top URL` (defaults)'
				: which === 'nothing'
					? 'nothing'
					: `a loop fetching /metrics + /json/identity.json every ${which.slice(5)}`;
		lines.push(`| ${watcher} | ${Math.round(median(raw))} (${range(raw)}) | ${addedText} | ${ratio} |`);
	}
	// One window's noise (heartbeats, Python's GC, 10 ms CPU ticks) is as large as the 2 s loop's cost:
	// the 0.5 s loop makes four times its requests, so a quarter of its added CPU estimates it too.
	const estimate = median(added('loop 0.5 s')) / 4;
	const ownAdded = median(added('dask-top'));
	// A ratio of a figure that read zero or less (the windows' noise) would mean nothing.
	const quotient =
		estimate > 0 && ownAdded > 0
			? `dask-top ÷ that: ${(ownAdded / estimate).toFixed(2)}`
			: `dask-top's added CPU read ${Math.round(ownAdded)}, no ratio`;
	lines.push(
		'',
		"The 2 s loop estimated as a quarter of the 0.5 s loop's added CPU: " +
			`${Math.round(estimate)} ms per minute; ${quotient}. ` +
			'Spreads that overlap mean the windows could not tell the cases apart.',
	);
	return lines.join('\n');
}

export function besideTable(
	rows: ReadonlyArray<{readonly workers: number} & BesideHtop>,
	windows: readonly [string, string],
): string {
	const mib = (b: number) => `${(b / 1024 / 1024).toFixed(0)}`;
	const kb = (b: number) => `${(b / 1000).toFixed(2)}`;
	const lines = [
		`| watched cluster (synthesized) | dask-top CPU ${windows[0]} | dask-top CPU ${windows[1]} | ` +
			`dask-top RSS mean (max) ${windows[1]} | dask-top → terminal | htop -d 20 CPU | htop RSS | htop → terminal |`,
		'|---:|---:|---:|---:|---:|---:|---:|---:|',
	];
	for (const {workers, daskTop: d, daskTopLater: l, htop: h, htopLater: hl} of rows) {
		lines.push(
			`| ${workers.toLocaleString('en')} workers | ${d.cpuPercent.toFixed(2)} % | ${l.cpuPercent.toFixed(2)} % | ` +
				`${mib(l.rssMeanBytes)} (${mib(Math.max(d.rssMaxBytes, l.rssMaxBytes))}) MiB | ` +
				`${kb((d.bytesPerSecond + l.bytesPerSecond) / 2)} KB/s | ` +
				`${((h.cpuPercent + hl.cpuPercent) / 2).toFixed(2)} % | ${mib(hl.rssMeanBytes)} MiB | ` +
				`${kb((h.bytesPerSecond + hl.bytesPerSecond) / 2)} KB/s |`,
		);
	}
	return lines.join('\n');
}

/** dask-top beside htop at 3, 100 and 1,000 synthesized workers, one after the other: the table the bench prints. */
export async function besideHtopTable(seconds: number, warmupSeconds: number): Promise<string> {
	const rows = [];
	for (const workers of [3, 100, 1000]) rows.push({workers, ...(await besideHtop(workers, seconds, warmupSeconds))});
	const w = warmupSeconds;
	return besideTable(rows, [`${w}–${w + seconds} s`, `${w + seconds}–${w + 2 * seconds} s`]);
}

if (process.argv[1]?.endsWith('lean.ts')) {
	process.env['NODE_ENV'] = 'production';
	console.log(await besideHtopTable(Number(process.env['BENCH_LEAN_SECONDS'] ?? 60), 10));
	const cost = await schedulerCost(
		Number(process.env['BENCH_SCHEDULER_SECONDS'] ?? 60),
		Number(process.env['BENCH_SCHEDULER_REPEATS'] ?? 3),
	);
	console.log(`\n${schedulerTable(cost)}\n\n${JSON.stringify(cost.msPerMinute)}`);
	process.exit(0);
}
