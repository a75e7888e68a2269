/**
 * What the commands that answer at once cost: `--version`, `--help`, an unknown option and a bad
 * value, each run by the bundle's first line (as an installed `dask-top` is), alternated run by run
 * with `node -e 0` (node's own start on this machine, the floor any node program stands on). CPU is
 * user + system time of the finished child as the kernel accounts it (getrusage(RUSAGE_CHILDREN),
 * read by a few lines of Python: GNU time prints it in 10 ms steps); the figure to hold against the
 * 50 ms goal is the CPU above node's, median of the pairs.
 */
import {spawnSync} from 'node:child_process';
import {CLI} from './pty.js';
import {median} from './stats.js';

export interface StartupRow {
	readonly command: string;
	/** Medians over the runs, in ms. */
	readonly cpuMs: number;
	readonly wallMs: number;
	readonly nodeCpuMs: number;
	/** Median of (command − node) pair by pair. */
	readonly aboveNodeMs: number;
	readonly peakRssMiB: number;
}

export interface Run {
	readonly cpuMs: number;
	readonly wallMs: number;
	readonly peakKiB: number;
}

const RUSAGE = [
	'import resource, subprocess, sys, time',
	'start = time.perf_counter()',
	'subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)',
	'wall = time.perf_counter() - start',
	'usage = resource.getrusage(resource.RUSAGE_CHILDREN)',
	'print(wall, usage.ru_utime, usage.ru_stime, usage.ru_maxrss)',
].join('\n');

/** One run: its CPU, wall time and peak RSS from the kernel's accounting of the finished child. */
export function timed(argv: readonly string[]): Run {
	const result = spawnSync('/usr/bin/python3', ['-c', RUSAGE, ...argv], {encoding: 'utf8'});
	const [wall, user, sys, peak] = result.stdout.trim().split(' ').map(Number);
	if (![wall, user, sys, peak].every((v) => Number.isFinite(v))) throw new Error(`rusage: ${result.stderr}`);
	return {wallMs: wall! * 1000, cpuMs: (user! + sys!) * 1000, peakKiB: peak!};
}

/** A usage error that needs meow's parse and the option checks (flagRunners runs it again). */
const BAD_VALUE: readonly [string, readonly string[]] = ['`--interval 0s x` (bad value)', ['--interval', '0s', 'x']];

export const STARTUP_COMMANDS: ReadonlyArray<readonly [string, readonly string[]]> = [
	['`--version`', ['--version']],
	['`--help`', ['--help']],
	['`--bogus` (unknown option)', ['--bogus']],
	BAD_VALUE,
];

/**
 * How a row is started: by the bundle's first line (as an installed `dask-top` is), or by a node
 * binary with the given flags, beside that binary's own `node -e 0`.
 */
interface Runner {
	readonly label: string;
	readonly node: string;
	/** undefined: run by the first line. */
	readonly nodeFlags?: readonly string[];
}

/**
 * The bad value again, run by node with and without the first line's V8 flags: on Node 20 (V8 11)
 * any V8 flag changes the hash node's embedded code cache of its own modules is keyed on, so the ES
 * module loader's modules compile from source; V8 later left heap-size flags out of that hash
 * (v8/v8@87356585659b), which Node 24 has.
 */
export function flagRunners(v8Flags: readonly string[], node24: string | undefined): Runner[] {
	return [
		{label: 'node, no V8 flags', node: process.execPath, nodeFlags: []},
		{label: 'node, the V8 flags', node: process.execPath, nodeFlags: v8Flags},
		...(node24 === undefined
			? []
			: [
					{label: 'Node 24, no V8 flags', node: node24, nodeFlags: []},
					{label: 'Node 24, the V8 flags', node: node24, nodeFlags: v8Flags},
				]),
	];
}

function measureRow(command: string, args: readonly string[], runner: Runner, runs: number): StartupRow {
	const argv = runner.nodeFlags === undefined ? [CLI, ...args] : [runner.node, ...runner.nodeFlags, CLI, ...args];
	timed(argv); // the file cache
	const mine: Run[] = [];
	const node: Run[] = [];
	for (let i = 0; i < runs; i++) {
		mine.push(timed(argv));
		node.push(timed([runner.node, '-e', '0']));
	}
	return {
		command: runner.nodeFlags === undefined ? command : `${command}, ${runner.label}`,
		cpuMs: median(mine.map((r) => r.cpuMs)),
		wallMs: median(mine.map((r) => r.wallMs)),
		nodeCpuMs: median(node.map((r) => r.cpuMs)),
		aboveNodeMs: median(mine.map((r, i) => r.cpuMs - node[i]!.cpuMs)),
		peakRssMiB: median(mine.map((r) => r.peakKiB / 1024)),
	};
}

/** Each command run by the first line, then the bad value under each of `runners` (flagRunners). */
export function measureStartup(runs: number, runners: readonly Runner[] = []): StartupRow[] {
	const firstLine: Runner = {label: 'first line', node: process.execPath};
	return [
		...STARTUP_COMMANDS.map(([command, args]) => measureRow(command, args, firstLine, runs)),
		...runners.map((runner) => measureRow(BAD_VALUE[0], BAD_VALUE[1], runner, runs)),
	];
}

export function startupTable(rows: readonly StartupRow[]): string {
	const lines = [
		'| command | CPU | wall | `node -e 0` CPU beside it (same node) | CPU above node (median of pairs) | peak RSS |',
		'|---|---:|---:|---:|---:|---:|',
	];
	for (const r of rows)
		lines.push(
			`| ${r.command} | ${r.cpuMs.toFixed(0)} ms | ${r.wallMs.toFixed(0)} ms | ${r.nodeCpuMs.toFixed(0)} ms | ` +
				`${r.aboveNodeMs.toFixed(0)} ms | ${r.peakRssMiB.toFixed(1)} MiB |`,
		);
	return lines.join('\n');
}
