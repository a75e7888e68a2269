/**
 * Paired runs: two or more bundles (or one bundle under different node flags) side by side, each in
 * its own 120×40 pseudo-terminal against its own synthesized cluster of the same size, measured over
 * the same windows, so the machine's drift (a loaded, shared machine moves by more than one change
 * saves) hits every variant alike. Each repetition starts the variants afresh, in an order rotated
 * between repetitions, and prints each one's CPU and RSS; the ratios are each variant over the FIRST
 * one, taken window by window, as the median and the spread (min–max).
 *
 *   node --import tsx bench/paired.ts WORKERS SECONDS REPEATS 'A=path/to/dask-top.cjs' \
 *     'B=other/dask-top.cjs --max-old-space-size=1024 --max-semi-space-size=1'
 *
 * A variant is LABEL=BUNDLE, then node flags if any: with flags the bundle runs as `node FLAGS
 * BUNDLE` (its first line's flags are then not applied: give them all), without as its first line says.
 * Each window starts 10 s after the first frames; PAIRED_WARMUP=70 measures the bench's long-run window.
 */
import {setTimeout as sleep} from 'node:timers/promises';
import {measure, type Usage} from './lean.js';
import {daskTopPid} from './proc.js';
import {hasFirstFrame, startInPty} from './pty.js';
import {startSynthDask} from './synth-server.js';
import {spread} from './stats.js';

interface Variant {
	readonly label: string;
	readonly cli: string;
	readonly nodeFlags: readonly string[];
}

function parseVariant(spec: string): Variant {
	const [head = '', ...nodeFlags] = spec.split(/\s+/).filter((part) => part !== '');
	const cut = head.indexOf('=');
	if (cut <= 0) throw new Error(`a variant is LABEL=BUNDLE [node flags]: ${spec}`);
	return {label: head.slice(0, cut), cli: head.slice(cut + 1), nodeFlags};
}

/** One window: every variant started (in `order`), warmed up, then measured over the same `seconds`. */
async function pairedWindow(
	variants: readonly Variant[],
	order: readonly number[],
	workers: number,
	seconds: number,
	warmupSeconds: number,
): Promise<Usage[]> {
	const fakes = await Promise.all(variants.map(() => startSynthDask(workers)));
	const runs = order.map((i) =>
		startInPty([fakes[i]!.url], {
			cli: variants[i]!.cli,
			nodeFlags: variants[i]!.nodeFlags,
			env: {TERM: 'xterm-256color'},
		}),
	);
	try {
		await Promise.all(runs.map((run) => run.waitFor('first frame', hasFirstFrame, 60_000)));
		const pids = await Promise.all(runs.map((run) => daskTopPid(run.child.pid!)));
		await sleep(warmupSeconds * 1000);
		const usage = await measure(
			runs.map((run, k) => ({run, pid: pids[k]!})),
			seconds,
		);
		// Back in the variants' order.
		const byVariant: Usage[] = [];
		order.forEach((i, k) => {
			byVariant[i] = usage[k]!;
		});
		return byVariant;
	} finally {
		await Promise.all(runs.map((run) => run.stop()));
		await Promise.all(fakes.map((fake) => fake.close()));
	}
}

const [workers = '100', seconds = '30', repeats = '3', ...specs] = process.argv.slice(2);
/** PAIRED_WARMUP: seconds from the first frame to each window (see above). */
const WARMUP_SECONDS = Number(process.env['PAIRED_WARMUP'] ?? 10);
const variants = specs.map(parseVariant);
if (variants.length < 2) throw new Error('give at least two variants: LABEL=BUNDLE [node flags]');
const windows: Usage[][] = [];
for (let r = 0; r < Number(repeats); r++) {
	const order = variants.map((_, i) => (i + r) % variants.length);
	const usage = await pairedWindow(variants, order, Number(workers), Number(seconds), WARMUP_SECONDS);
	windows.push(usage);
	const each = variants.map(
		(v, i) => `${v.label} ${usage[i]!.cpuPercent.toFixed(2)} % ${(usage[i]!.rssMeanBytes / 2 ** 20).toFixed(1)} MiB`,
	);
	console.log(`window ${r + 1}: ${each.join(' | ')}`);
}
const mib = (b: number) => b / 2 ** 20;
console.log(`\n${workers} synthesized workers, ${repeats} windows of ${seconds} s (medians, min–max):`);
console.log('| variant | CPU % | × first | RSS mean MiB | RSS max MiB | × first (RSS mean) |');
console.log('|---|---:|---:|---:|---:|---:|');
variants.forEach((v, i) => {
	const cpu = windows.map((w) => w[i]!.cpuPercent);
	const rss = windows.map((w) => mib(w[i]!.rssMeanBytes));
	const rssMax = windows.map((w) => mib(w[i]!.rssMaxBytes));
	const cpuRatio = windows.map((w) => w[i]!.cpuPercent / w[0]!.cpuPercent);
	const rssRatio = windows.map((w) => w[i]!.rssMeanBytes / w[0]!.rssMeanBytes);
	const ratio = (values: readonly number[], digits: number) => (i === 0 ? '' : spread(values, digits));
	const cells = [v.label, spread(cpu, 2), ratio(cpuRatio, 2), spread(rss, 1), spread(rssMax, 1), ratio(rssRatio, 3)];
	console.log(`| ${cells.join(' | ')} |`);
});
process.exit(0);
