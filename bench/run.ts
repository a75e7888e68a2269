/**
 * `npm run bench`: render time per frame of the TUI for 100 / 1,000 / 5,000 / 10,000 SYNTHESIZED
 * workers at 120×40 (median and p95), and time to the first frame of the built CLI. Prints
 * markdown tables. React runs its production build (as the shipped bundle does) and colours are on.
 */
// Before React, chalk and Ink load: production React, colour output, and no CI mode in Ink.
process.env['NODE_ENV'] = 'production';
process.env['FORCE_COLOR'] = '3';
for (const name of ['CI', 'CONTINUOUS_INTEGRATION', 'BUILD_NUMBER', 'RUN_ID']) delete process.env[name];

const {measureFrames} = await import('./frames.js');
const {measureFirstFrame} = await import('./first-frame.js');
const {cpus, loadavg} = await import('node:os');

const fmt = (ms: number) => ms.toFixed(1);
const sizes = [100, 1000, 5000, 10_000];
const framesPer = Number(process.env['BENCH_FRAMES'] ?? 60);

console.log(`# dask-top render benchmark\n`);
console.log(`Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
console.log(`Workers are synthesized (seeded generator, reduced through the real model); 120×40, ${framesPer} frames per case.\n`);
console.log('| workers | data tick: median | p95 | scroll (j): median | p95 |');
console.log('|---:|---:|---:|---:|---:|');
for (const workers of sizes) {
	const [tick, scroll] = await measureFrames(workers, framesPer);
	console.log(`| ${workers.toLocaleString('en')} | ${fmt(tick!.medianMs)} ms | ${fmt(tick!.p95Ms)} ms | ${fmt(scroll!.medianMs)} ms | ${fmt(scroll!.p95Ms)} ms |`);
}

const runs = Number(process.env['BENCH_RUNS'] ?? 7);
console.log(`\nTime to first frame of \`node dist/dask-top.mjs\` in a pseudo-terminal (CI=true), ${runs} runs:\n`);
console.log('| target | median | min | max |');
console.log('|---|---:|---:|---:|');
for (const s of await measureFirstFrame(runs)) console.log(`| ${s.target} | ${Math.round(s.medianMs)} ms | ${Math.round(s.minMs)} ms | ${Math.round(s.maxMs)} ms |`);
process.exit(0);
