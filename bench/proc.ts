/**
 * Reading another process's memory and CPU from /proc (Linux): VmRSS and VmHWM from
 * /proc/PID/status, user + system CPU time from /proc/PID/stat, and what the heap probe
 * (bench/heap-probe.mjs) wrote from inside it.
 */
import {execFileSync} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';

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

/** CPU seconds (user + system) the process has used so far. */
export function cpuSeconds(pid: number): number | undefined {
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
