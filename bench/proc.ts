/**
 * Reading another process's memory and CPU from /proc (Linux): VmRSS and VmHWM from
 * /proc/PID/status, CPU time from each thread's /proc/PID/task/TID/schedstat (nanoseconds; /proc/PID/stat
 * as a fallback), and what the heap probe (bench/heap-probe.mjs) wrote from inside it.
 */
import {execFileSync} from 'node:child_process';
import {existsSync, readdirSync, readFileSync} from 'node:fs';

/** Clock ticks per second of /proc/PID/stat's times. */
export const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], {encoding: 'utf8'}).trim()) || 100;

/** VmRSS and VmHWM (peak) in bytes; undefined once the process is gone. */
export function residentBytes(pid: number): {readonly rss: number; readonly peak: number} | undefined {
	try {
		const status = readFileSync(`/proc/${pid}/status`, 'utf8');
		const kb = (field: string) =>
			Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
		return {rss: kb('VmRSS'), peak: kb('VmHWM')};
	} catch {
		return undefined;
	}
}

/** `pid` and every process under it, parents first; [] once `pid` is gone. */
export function processTree(pid: number): number[] {
	const out: number[] = [];
	const visit = (p: number) => {
		out.push(p);
		let children: number[] = [];
		try {
			children = readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
		} catch {
			if (p === pid) out.pop();
			return;
		}
		for (const child of children) visit(child);
	};
	visit(pid);
	return out;
}

/** VmRSS summed over the whole tree under `pid` (a launcher and what it waits for); undefined once `pid` is gone. */
export function treeResidentBytes(pid: number): number | undefined {
	const tree = processTree(pid);
	if (tree.length === 0) return undefined;
	return tree.reduce((sum, p) => sum + (residentBytes(p)?.rss ?? 0), 0);
}

/** CPU seconds of the whole tree under `pid`, its processes alive now. */
export function treeCpuSeconds(pid: number): number | undefined {
	const tree = processTree(pid);
	if (tree.length === 0) return undefined;
	return tree.reduce((sum, p) => sum + (cpuSeconds(p) ?? 0), 0);
}

/**
 * CPU seconds the process's threads have run so far, from the scheduler's own account of each thread
 * (schedstat's first field, in nanoseconds). Not /proc/PID/stat's user + system time alone: that is
 * counted in clock ticks of 10 ms, and a monitor at 0.5 % of a core runs some 300 ms a minute, so one
 * tick is 3 % of a window's figure, as much as the changes paired runs are asked to tell apart.
 * (Threads that have ended are not counted; node's live for the process's life.)
 */
export function cpuSeconds(pid: number): number | undefined {
	const precise = schedstatSeconds(pid);
	return precise ?? statSeconds(pid);
}

function schedstatSeconds(pid: number): number | undefined {
	try {
		let ns = 0;
		for (const tid of readdirSync(`/proc/${pid}/task`)) ns += threadNanoseconds(pid, tid);
		return Number.isFinite(ns) ? ns / 1e9 : undefined;
	} catch {
		return undefined;
	}
}

/** A thread's run time so far; 0 when it ended between the listing and the read. */
function threadNanoseconds(pid: number, tid: string): number {
	try {
		return Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
	} catch {
		return 0;
	}
}

/** User + system CPU seconds from /proc/PID/stat (clock ticks). */
function statSeconds(pid: number): number | undefined {
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
		// Fields after the command name (which may hold spaces) start at field 3; utime and stime are 14 and 15.
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
	} catch {
		return undefined;
	}
}

export interface ProbeSample {
	readonly rss: number;
	readonly heapUsed: number;
	readonly heapTotal: number;
	readonly external: number;
	readonly arrayBuffers: number;
}

export interface ProbeRecord {
	readonly atMs: number;
	readonly pid?: number;
	readonly sample?: ProbeSample;
	readonly exit?: ProbeSample;
	/** Right after a full garbage collection (asked with SIGUSR2): what is really kept. */
	readonly afterGc?: ProbeSample;
	readonly maxRssBytes?: number;
}

/** What the heap probe wrote so far (the last line may be half-written). */
export function readProbe(file: string): ProbeRecord[] {
	if (!existsSync(file)) return [];
	const records: ProbeRecord[] = [];
	for (const line of readFileSync(file, 'utf8').split('\n')) {
		try {
			if (line.trim() !== '') records.push(JSON.parse(line) as ProbeRecord);
		} catch {
			// a line still being written
		}
	}
	return records;
}

/** Asks the probe for a full collection and waits for its figures: the live heap, in bytes. */
export async function liveHeapBytes(pid: number, file: string, timeoutMs = 10_000): Promise<number> {
	const before = readProbe(file).filter((record) => record.afterGc !== undefined).length;
	process.kill(pid, 'SIGUSR2');
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const records = readProbe(file).filter((record) => record.afterGc !== undefined);
		if (records.length > before) return (records.at(-1)!.afterGc as ProbeSample).heapUsed;
		if (Date.now() > deadline) throw new Error('the heap probe did not answer SIGUSR2');
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
}

/** NODE_OPTIONS and the variable that load the probe into the CLI, writing to `file`. */
export function probeEnv(file: string, probePath: string): NodeJS.ProcessEnv {
	const inherited = process.env['NODE_OPTIONS'] ?? '';
	return {NODE_OPTIONS: `${inherited} --import=${probePath}`.trim(), DASK_TOP_HEAP_PROBE: file};
}

/**
 * The process that runs dask-top under `pid` (`script`'s): its first child. The installed command
 * (dist/dask-top) execs node, so it is one process from the start.
 */
export async function daskTopPid(pid: number, timeoutMs = 10_000): Promise<number> {
	return childPid(pid, timeoutMs);
}

/** The first child of `pid` (the program `script` ran: its shell exec'd it), once it exists. */
export async function childPid(pid: number, timeoutMs = 10_000): Promise<number> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		try {
			const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
				.trim()
				.split(/\s+/)
				.filter(Boolean)
				.map(Number);
			if (children.length > 0) return children[0]!;
		} catch {
			// not yet
		}
		if (Date.now() > deadline) throw new Error(`no child process under ${pid}`);
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}
