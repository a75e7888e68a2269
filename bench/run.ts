/**
 * `npm run bench`: render time per frame of the TUI for 100 / 1,000 / 5,000 / 10,000 SYNTHESIZED
 * workers at 120×40 (median and p95), time to the first frame of the built CLI, and memory and
 * CPU of the built CLI: the UI polling synthesized 1,000- and 10,000-worker clusters every second
 * (60 s each), the model alone past its history capacity, `--once --json` at 10,000 workers, and
 * replaying a synthesized hour-long recording; `--version`, `--help` and usage errors beside
 * `node -e 0` (bench/startup.ts); dask-top beside htop at 3, 100 and 1,000 workers
 * (bench/lean.ts) and the scheduler's cost against a real Debian Dask (in windows, then request by
 * request: bench/endpoint-cost.ts); BENCH_SOAK=SECONDS adds the
 * soak (bench/soak.ts).
 * Prints markdown. React runs its production build (as the shipped bundle does) and colours are
 * on. BENCH_QUICK=1: 15 s memory runs, fewer frames and runs, a 10-minute recording.
 */
// Before React, chalk and Ink load: production React, colour output, and no CI mode in Ink.
process.env['NODE_ENV'] = 'production';
process.env['FORCE_COLOR'] = '3';
for (const name of ['CI', 'CONTINUOUS_INTEGRATION', 'BUILD_NUMBER', 'RUN_ID']) delete process.env[name];

// The frame bench runs as a bundle built like dist/ (bench/frames-bundle.mjs): the same patched Ink.
// @ts-expect-error: a plain .mjs script without type declarations
const {bundleFrames, removeBundle} = await import('./frames-bundle.mjs');
const framesBundle = await bundleFrames();
const {framesTable, warmUpFrames} = (await import(framesBundle)) as typeof import('./frames.js');
removeBundle(framesBundle);
const {measureFirstFrame} = await import('./first-frame.js');
const {flagRunners, measureStartup, startupTable} = await import('./startup.js');
const {measureOnceJson, measureTuiMemory} = await import('./memory.js');
const {measureReplay} = await import('./replay-memory.js');
const {measureModelMemory} = await import('./model-memory.js');
const {besideHtopTable, FLOOR_APPS, inkFloor, schedulerCost, schedulerTable} = await import('./lean.js');
const {soak, soakReport} = await import('./soak.js');
const {endpointCost} = await import('./endpoint-cost.js');
// @ts-expect-error: a plain .mjs script without type declarations
const {bundleShippedFloor} = await import('./ink-floor-shipped.mjs');
// @ts-expect-error: a plain .mjs build script without type declarations
const {V8_FLAGS} = (await import('../scripts/v8-flags.mjs')) as {V8_FLAGS: readonly string[]};
const {rmSync} = await import('node:fs');
const {dirname} = await import('node:path');
const {cpus, loadavg, totalmem} = await import('node:os');

const quick = process.env['BENCH_QUICK'] === '1';
// BENCH_NODE24: a node 24 binary (e.g. the node@24 npm package installed into a separate prefix:
// scripts/node24.mjs) for the start-up rows and Ink's floor; unset or empty, Node 24 is not measured.
const node24 = process.env['BENCH_NODE24'] || undefined;
const ms = (value: number) => `${Math.round(value).toLocaleString('en')} ms`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const n = (value: number) => value.toLocaleString('en');
const sizes = [100, 1000, 5000, 10_000];
const framesPer = Number(process.env['BENCH_FRAMES'] ?? (quick ? 20 : 60));
const benchStart = performance.now();

console.log(`# dask-top benchmark${quick ? ' (BENCH_QUICK)' : ''}\n`);
const load = loadavg()
	.map((l) => l.toFixed(2))
	.join(' ');
console.log(
	`Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ` +
		`${(totalmem() / 1024 ** 3).toFixed(0)} GiB, load ${load}`,
);
console.log(
	'Workers are synthesized (seeded generator, reduced through the real model; every data tick a new poll); ' +
		`120×40, ${framesPer} frames per case, after frames at 100 workers not counted.\n`,
);
await warmUpFrames();
console.log(await framesTable(sizes, framesPer));
// The same frames under the V8 settings of the bundle's first line (8 MiB semi-spaces: more
// scavenges, which fall inside frames), in a process of their own; the tier-up budget dask-top sets at
// run time (source/run/tiering.ts) is left out here, as in the frame table above.
const daskTopV8 = V8_FLAGS;
console.log(`\nThe same, under dask-top's V8 settings (\`${daskTopV8.join(' ')}\`):\n`);
const {spawnSync} = await import('node:child_process');
const underFlags = spawnSync(process.execPath, [...daskTopV8, 'bench/frames-bundle.mjs', ...sizes.map(String)], {
	encoding: 'utf8',
	env: {...process.env, BENCH_FRAMES: String(framesPer)},
});
console.log(underFlags.status === 0 ? underFlags.stdout.trim() : `failed: ${underFlags.stderr.slice(-500)}`);

const runs = Number(process.env['BENCH_RUNS'] ?? (quick ? 3 : 7));
console.log(`\nTime to first frame of \`node dist/dask-top.cjs\` in a pseudo-terminal (CI=true), ${runs} runs:\n`);
console.log('| target | median | min | max |');
console.log('|---|---:|---:|---:|');
for (const s of await measureFirstFrame(runs))
	console.log(`| ${s.target} | ${Math.round(s.medianMs)} ms | ${Math.round(s.minMs)} ms | ${Math.round(s.maxMs)} ms |`);

const startupRuns = quick ? 9 : 25;
console.log(
	`\nWhat answers at once, run by the bundle's first line, alternated with \`node -e 0\`, ${startupRuns} pairs ` +
		'(CPU: user + system, from the kernel; the goal is 50 ms above node); then the bad value run by node ' +
		"with and without the first line's V8 flags (on Node 20 any V8 flag costs node its embedded code cache; " +
		'Node 24 if BENCH_NODE24 names it):\n',
);
console.log(startupTable(measureStartup(startupRuns, flagRunners(V8_FLAGS, node24))));

const seconds = Number(process.env['BENCH_MEMORY_SECONDS'] ?? (quick ? 15 : 60));
const warmup = quick ? 5 : 10;
console.log(
	`\nMemory and CPU of \`node dist/dask-top.cjs URL --interval 1s\` (full-screen UI, ` +
		`120×40 pseudo-terminal) for ${seconds} s from ${warmup} s after its first frame, ` +
		'against a local fake Dask serving a SYNTHESIZED cluster (Dask 2026.7.1 shapes; ' +
		'figures move every poll). RSS: /proc/PID/status VmRSS every second; heap: V8 heap used, ' +
		'sampled every second from inside the process; live heap: ' +
		'heap used right after a forced full GC at the start and at the end ' +
		'(what is really kept); CPU: user + system time over wall time.\n',
);
console.log(
	'| workers | first frame | polls (identity.json) | RSS start | RSS end | ' +
		'RSS max | heap start | heap end | heap max | live heap start → end | CPU |',
);
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const workers of [1000, 10_000]) {
	const m = await measureTuiMemory(workers, seconds, warmup);
	const {rssBytes: r, heapUsedBytes: h} = m;
	console.log(
		`| ${n(workers)} | ${ms(m.firstFrameMs)} | ${m.rounds} (${m.identityFetches}) | ${mib(r.start)} | ` +
			`${mib(r.end)} | ${mib(r.max)} | ${mib(h.start)} | ${mib(h.end)} | ${mib(h.max)} | ` +
			`${mib(m.liveHeapBytes.start)} → ${mib(m.liveHeapBytes.end)} | ${m.cpuPercent.toFixed(0)} % |`,
	);
}

console.log(
	'\nLive heap is what the process keeps; the gap up to RSS max is garbage ' +
		"V8 lets pile up between full collections (its heap limit follows the machine's memory, " +
		`${(totalmem() / 1024 ** 3).toFixed(0)} GiB here).`,
);

const marks = [150, 300, 600];
const model = measureModelMemory(1000, marks);
console.log(
	`\nThe model alone over ${marks.at(-1)} polls of 1,000 synthesized workers (in process; ` +
		`its history keeps ${model.historyLength} points): live heap ` +
		`${model.liveHeapBytes.map((m) => `${mib(m.bytes)} after ${m.polls}`).join(', ')} polls; ` +
		`${model.msPerPoll.toFixed(1)} ms per poll.`,
);

const once = await measureOnceJson(10_000);
console.log(
	`\nHeadless \`--once --json\` against the synthesized 10,000-worker cluster: ` +
		`${ms(once.wallMs)} wall, peak RSS ${mib(once.peakRssBytes)} (kernel's maxrss), ` +
		`heap used at exit ${mib(once.heapUsedAtExitBytes)}, ${mb(once.outputBytes)} of JSON.`,
);

const replayRounds = quick ? 300 : 1800;
const replay = await measureReplay(100, replayRounds);
const hours = (replay.rounds * replay.intervalMs) / 3_600_000;
console.log(
	`\nReplay of a SYNTHESIZED recording: ${n(replay.rounds)} rounds ` +
		`(${hours >= 1 ? `${hours} h` : `${hours * 60} min`} at ${replay.intervalMs / 1000} s) ` +
		`of a ${replay.workers}-worker cluster written through the real recorder: ` +
		`${mb(replay.rawBytes)} of rounds, ${mb(replay.fileBytes)} gzip on disk ` +
		`(written in ${ms(replay.writeMs)}). The built CLI in the 120×40 pseudo-terminal:\n`,
);
console.log('| step | time | RSS after |');
console.log('|---|---:|---:|');
console.log(
	`| \`--replay FILE\`: read, check and pack every round, first frame | ${ms(replay.loadMs)} | ` +
		`${mib(replay.loadedRssBytes)} (live heap ${mib(replay.loadedLiveHeapBytes)}) |`,
);
console.log(
	`| \`}\` to the end: ${n(replay.rounds)} rounds fed through the model | ${ms(replay.toEndMs)} | ` +
		`${mib(replay.atEndRssBytes)} (live heap ${mib(replay.atEndLiveHeapBytes)}) |`,
);
console.log(
	`| \`←\` from the end: starts over, ${n(replay.rounds - 1)} rounds fed again | ` +
		`${ms(replay.stepBackMs)} | peak ${mib(replay.peakRssBytes)} |`,
);
console.log(
	`| \`--replay FILE --once --json\` (streaming) | ${ms(replay.once.wallMs)} | peak ${mib(replay.once.peakRssBytes)} |`,
);
const leanSeconds = Number(process.env['BENCH_LEAN_SECONDS'] ?? (quick ? 20 : 60));
console.log(
	`\ndask-top at its defaults (\`dask-top URL\`: 2 s, its V8 heap settings) ` +
		`beside \`htop -d 20\` (same 2 s), each in a 120×40 pseudo-terminal, ` +
		`measured over the same two windows of ${leanSeconds} s from ${warmup} s after dask-top's first frame ` +
		"(the first holds V8's optimizing compiler at work on the hot code; the second is the long-run cost); " +
		'dask-top watches a SYNTHESIZED cluster whose figures move every poll, htop this machine. CPU: ' +
		'user + system time over wall time; RSS: VmRSS every second; ' +
		'bytes: what each wrote to its pseudo-terminal.\n',
);
console.log(await besideHtopTable(leanSeconds, warmup));

// Ink's floor: an Ink app with nothing of dask-top redrawing 120×40 every 2 s, under Node 20 (this
// node) and Node 24 (node24), with node's defaults and with dask-top's V8 heap settings.
console.log(
	"\nInk's own floor: an Ink 6.8 app with nothing of dask-top (bench/ink-floor.mjs) " +
		`redrawing a 120×40 pseudo-terminal every 2 s, ${leanSeconds} s:\n`,
);
console.log('| node | Ink | app | CPU | RSS mean (max) | → terminal |');
console.log('|---|---|---|---:|---:|---:|');
const daskTopFlags = V8_FLAGS;
const shippedFloor = await bundleShippedFloor();
try {
	for (const [label, node] of [
		[`Node ${process.version}`, process.execPath],
		...(node24 ? [[`Node 24 (${node24.split('/').slice(-4, -2).join('/')})`, node24]] : []),
	] as const) {
		// Stock Ink under node's defaults and dask-top's V8 flags; Ink as dask-top ships it (patched,
		// drawing only changed cells) under dask-top's flags: the floor dask-top itself stands on.
		for (const [ink, flags, script] of [
			['stock', [], undefined],
			['stock', daskTopFlags, undefined],
			['as shipped', daskTopFlags, shippedFloor],
		] as const) {
			const variants: readonly (keyof typeof FLOOR_APPS)[] =
				script === undefined ? ['empty', 'full'] : ['empty', 'full', 'text'];
			for (const variant of variants) {
				const u = await inkFloor(node, variant, leanSeconds, warmup, flags, script);
				const app = FLOOR_APPS[variant];
				console.log(
					`| ${label}${flags.length > 0 ? ", dask-top's V8 flags" : ''} | ${ink} | ${app} | ` +
						`${u.cpuPercent.toFixed(2)} % | ${mib(u.rssMeanBytes)} (${mib(u.rssMaxBytes)}) | ` +
						`${(u.bytesPerSecond / 1000).toFixed(2)} KB/s |`,
				);
			}
		}
	}
} finally {
	rmSync(dirname(shippedFloor), {recursive: true, force: true});
}
if (!node24) console.log('\n(Node 24 not measured: set BENCH_NODE24 to a node 24 binary.)');

const schedulerSeconds = Number(process.env['BENCH_SCHEDULER_SECONDS'] ?? (quick ? 20 : 60));
const schedulerRepeats = Number(process.env['BENCH_SCHEDULER_REPEATS'] ?? (quick ? 1 : 3));
console.log(
	`\nThe scheduler's cost: CPU time of a real Debian Dask ${'2022.12.1'} scheduler (3 workers, ` +
		`idle) over ${schedulerSeconds} s windows after 10 s of settling, the four cases alternated, ` +
		`${schedulerRepeats} times; "added" is over the "nothing" window of the same repetition.\n`,
);
console.log(schedulerTable(await schedulerCost(schedulerSeconds, schedulerRepeats)));
// The same question request by request, sharper than the windows (bench/endpoint-cost.ts).
console.log(`\n${await endpointCost(quick ? 1 : 3, quick ? 10 : 15)}`);

const soakSeconds = Number(process.env['BENCH_SOAK'] ?? 0);
if (soakSeconds > 0) console.log(`\n${soakReport(await soak(soakSeconds))}`);

console.log(`\nBench wall time ${Math.round((performance.now() - benchStart) / 1000)} s.`);
process.exit(0);
