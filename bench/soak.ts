/**
 * The soak: the built CLI's full-screen UI at its defaults (2 s interval, 120×40 pseudo-terminal)
 * against a REAL Debian Dask whose client runs busy (with erred tasks) and memory-filling
 * workloads in turn, for BENCH_SOAK seconds (default 3600). RSS from /proc/PID/status every 10 s;
 * printed: start, end, max, the slope of the last 45 minutes (least squares, MiB per hour; "flat"
 * when under 5 MiB/h) and CPU over the whole run. Every sample is also written, as it is taken,
 * to BENCH_SOAK_LOG (default: a file in the temp directory) so a long run can be followed.
 *
 *   BENCH_SOAK=3600 node --import tsx bench/soak.ts      (or BENCH_SOAK=3600 npm run bench)
 */
import {appendFileSync, cpSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {basename, dirname, join} from 'node:path';
import {setTimeout as sleep} from 'node:timers/promises';
import {startCluster} from '../test/e2e/helpers/cluster.js';
import {runWorkload, type Workload, type WorkloadKind} from '../test/e2e/helpers/workload.js';
import {cpuSeconds, daskTopPid, residentBytes} from './proc.js';
import {CLI, hasFirstFrame, startInPty} from './pty.js';

export interface SoakResult {
	readonly seconds: number;
	readonly samples: ReadonlyArray<{readonly s: number; readonly rssBytes: number}>;
	readonly rssStart: number;
	readonly rssEnd: number;
	readonly rssMax: number;
	/** Least-squares slope over the last 45 minutes (or the last three quarters of a shorter run), MiB per hour. */
	readonly slopeMiBPerHour: number;
	readonly slopeWindowS: number;
	readonly cpuPercent: number;
	readonly workloads: number;
	readonly terminalBytesPerSecond: number;
}

export function slope(points: ReadonlyArray<{readonly s: number; readonly rssBytes: number}>): number {
	const n = points.length;
	if (n < 2) return Number.NaN;
	const mx = points.reduce((a, p) => a + p.s, 0) / n;
	const my = points.reduce((a, p) => a + p.rssBytes, 0) / n;
	let num = 0;
	let den = 0;
	for (const p of points) {
		num += (p.s - mx) * (p.rssBytes - my);
		den += (p.s - mx) ** 2;
	}
	return ((num / den) * 3600) / 1024 / 1024;
}

export async function soak(
	seconds: number,
	log = process.env['BENCH_SOAK_LOG'] ?? join(tmpdir(), `dask-top-soak-${Date.now()}.jsonl`),
): Promise<SoakResult> {
	// A private copy of the bundle (its entry and the chunks it loads): rebuilding dist/ during an
	// hour-long run must not change what runs.
	const copy = mkdtempSync(join(tmpdir(), 'dask-top-soak-'));
	cpSync(dirname(CLI), copy, {recursive: true, filter: (path) => !path.endsWith('.map')});
	const cli = join(copy, basename(CLI));
	writeFileSync(log, '');
	const cluster = await startCluster();
	const run = startInPty([cluster.httpUrl], {cli});
	let workloads = 0;
	let stopWorkloads = false;
	const loop = (async () => {
		const kinds: WorkloadKind[] = ['busy', 'fill-memory'];
		for (let i = 0; !stopWorkloads; i++) {
			let workload: Workload | undefined;
			try {
				workload = await runWorkload(cluster, kinds[i % kinds.length]!);
				workloads += 1;
				for (let s = 0; s < 60 && !stopWorkloads; s++) await sleep(1000);
			} catch (error) {
				appendFileSync(log, `${JSON.stringify({workloadError: String(error).slice(0, 300)})}\n`);
				await sleep(5000);
			} finally {
				await workload?.stop().catch(() => undefined);
			}
			if (!stopWorkloads) await sleep(10_000); // an idle stretch between workloads
		}
	})();
	try {
		await run.waitFor('first frame', hasFirstFrame, 60_000);
		const pid = await daskTopPid(run.child.pid!);
		const samples: Array<{s: number; rssBytes: number}> = [];
		const cpu0 = cpuSeconds(pid) ?? Number.NaN;
		const bytes0 = run.bytes();
		const wall0 = performance.now();
		for (let s = 0; s <= seconds; s += 10) {
			await sleep(Math.max(0, wall0 + s * 1000 - performance.now()));
			const resident = residentBytes(pid);
			if (resident === undefined) throw new Error(`the CLI exited during the soak; screen: ${run.text().slice(-300)}`);
			samples.push({s, rssBytes: resident.rss});
			appendFileSync(
				log,
				`${JSON.stringify({s, rssMiB: +(resident.rss / 1024 / 1024).toFixed(1), cpuS: cpuSeconds(pid), workloads})}\n`,
			);
		}
		const wallS = (performance.now() - wall0) / 1000;
		const cpuPercent = (100 * ((cpuSeconds(pid) ?? Number.NaN) - cpu0)) / wallS;
		const windowS = Math.min(45 * 60, Math.round((seconds * 3) / 4));
		const tail = samples.filter((p) => p.s >= seconds - windowS);
		const rss = samples.map((p) => p.rssBytes);
		const result: SoakResult = {
			seconds,
			samples,
			rssStart: rss[0]!,
			rssEnd: rss.at(-1)!,
			rssMax: Math.max(...rss),
			slopeMiBPerHour: slope(tail),
			slopeWindowS: windowS,
			cpuPercent,
			workloads,
			terminalBytesPerSecond: (run.bytes() - bytes0) / wallS,
		};
		appendFileSync(log, `${JSON.stringify({result: {...result, samples: undefined}})}\n`);
		return result;
	} finally {
		stopWorkloads = true;
		await run.stop();
		await loop;
		await cluster.stop();
	}
}

export function soakReport(r: SoakResult): string {
	const mib = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MiB`;
	const flat = Math.abs(r.slopeMiBPerHour) < 5 ? 'flat' : 'NOT flat';
	return (
		`Soak: \`dask-top URL\` at its defaults (2 s, 120×40 pseudo-terminal) ` +
		'against a real Debian Dask (3 workers) running busy (with erred tasks) ' +
		`and memory-filling workloads in turn (${r.workloads} workloads), ` +
		`${Math.round(r.seconds / 60)} min, RSS every 10 s:\n\n` +
		`| RSS start | RSS end | RSS max | slope of the last ${Math.round(r.slopeWindowS / 60)} min | ` +
		'CPU | to the terminal |\n|---:|---:|---:|---:|---:|---:|\n' +
		`| ${mib(r.rssStart)} | ${mib(r.rssEnd)} | ${mib(r.rssMax)} | ${r.slopeMiBPerHour.toFixed(1)} MiB/h ` +
		`(${flat}) | ${r.cpuPercent.toFixed(2)} % | ${(r.terminalBytesPerSecond / 1000).toFixed(2)} KB/s |`
	);
}

if (process.argv[1]?.endsWith('soak.ts')) {
	const seconds = Number(process.env['BENCH_SOAK'] ?? 3600);
	console.log(soakReport(await soak(seconds)));
	process.exit(0);
}
