/**
 * Paired start-up costs of two or more builds of the CLI (e.g. `node scripts/build.mjs
 * --without=NAME --outdir=build/no-NAME`, docs/build-patches.md), run A/B/A/B: each round runs every
 * variant once per command, in an order rotated between rounds, so the drift of a loaded, shared
 * machine hits every variant alike. Each command is run by the variant's launcher (build/X/dask-top),
 * as an installed dask-top is. Printed per command and variant: the medians of CPU (user + system,
 * from the kernel's accounting of the finished child), wall time and peak RSS, and the ratios to the
 * FIRST variant taken round by round (median, min–max). The first frame is the wall time until the
 * full-screen UI's first frame in a 120×40 pseudo-terminal (`--demo`).
 *
 *   node --import tsx bench/paired-startup.ts ROUNDS all=build/all/dask-top B=build/no-X/dask-top ...
 *
 * PAIRED_COMMANDS=version,usage,once,frame picks the commands (all four by default).
 */
import {hasFirstFrame, startInPty} from './pty.js';
import {median, spread} from './stats.js';
import {startSynthDask} from './synth-server.js';
import {type Run, timed} from './startup.js';

async function firstFrame(cli: string): Promise<Run> {
	const run = startInPty(['--demo'], {program: [cli]});
	try {
		return {wallMs: await run.waitFor('first frame', hasFirstFrame, 20_000), cpuMs: Number.NaN, peakKiB: Number.NaN};
	} finally {
		await run.stop();
	}
}

const [rounds = '20', ...specs] = process.argv.slice(2);
const variants = specs.map((spec) => {
	const cut = spec.indexOf('=');
	if (cut <= 0) throw new Error(`a variant is LABEL=LAUNCHER: ${spec}`);
	return {label: spec.slice(0, cut), cli: spec.slice(cut + 1)};
});
if (variants.length < 2) throw new Error('give at least two variants: LABEL=build/X/dask-top');
const synth = await startSynthDask(3);
const ALL_COMMANDS: Record<string, readonly [string, (cli: string) => Run | Promise<Run>]> = {
	version: ['`--version`', (cli) => timed([cli, '--version'])],
	usage: ['`--interval 0s x` (usage error)', (cli) => timed([cli, '--interval', '0s', 'x'])],
	once: ['`--once --json` (3 synthesized workers)', (cli) => timed([cli, '--once', '--json', synth.url])],
	frame: ['first frame of `--demo` (wall)', firstFrame],
};
/** PAIRED_COMMANDS=usage,frame: only those (a loaded machine needs many rounds of the one that matters). */
const COMMANDS = (process.env['PAIRED_COMMANDS'] ?? Object.keys(ALL_COMMANDS).join(',')).split(',').map((key) => {
	const command = ALL_COMMANDS[key];
	if (command === undefined) throw new Error(`no command ${key} (${Object.keys(ALL_COMMANDS).join(', ')})`);
	return command;
});
const runs = COMMANDS.map(() => variants.map((): Run[] => []));
for (const [, command] of COMMANDS) for (const v of variants) await command(v.cli); // the file cache
for (let r = 0; r < Number(rounds); r++)
	for (const [c, [, command]] of COMMANDS.entries())
		for (let k = 0; k < variants.length; k++) {
			const i = (k + r) % variants.length;
			runs[c]![i]!.push(await command(variants[i]!.cli));
		}
await synth.close();
console.log(`${rounds} rounds, A/B/A/B (medians; × first: median of the round-by-round ratios, min–max)`);
console.log('| command | variant | CPU ms | × first | wall ms | × first | peak RSS MiB |');
console.log('|---|---|---:|---:|---:|---:|---:|');
for (const [c, [name]] of COMMANDS.entries())
	for (const [i, v] of variants.entries()) {
		const mine = runs[c]![i]!;
		const first = runs[c]![0]!;
		const ratio = (key: 'cpuMs' | 'wallMs') =>
			i === 0 || Number.isNaN(mine[0]![key])
				? ''
				: spread(
						mine.map((run, n) => run[key] / first[n]![key]),
						3,
					);
		const cpu = median(mine.map((run) => run.cpuMs));
		const peak = median(mine.map((run) => run.peakKiB / 1024));
		const cells = [
			name,
			v.label,
			Number.isNaN(cpu) ? '' : cpu.toFixed(1),
			ratio('cpuMs'),
			median(mine.map((run) => run.wallMs)).toFixed(1),
			ratio('wallMs'),
			Number.isNaN(peak) ? '' : peak.toFixed(1),
		];
		console.log(`| ${cells.join(' | ')} |`);
	}
process.exit(0);
