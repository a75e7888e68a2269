/** Reading the harness's Dask logs: tails for error messages, and the port a server says it listens on. */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';

export function tail(path: string, lines: number): string {
	try {
		return readFileSync(path, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
	} catch {
		return '(no log)';
	}
}

/**
 * A worker's name as a part of a file name: letters, digits, `.`, `_` and `-` as they are, anything
 * else (a `/`, a control: a worker may be named anything) as `%` and its code point in hex.
 */
export function fileNamePart(name: string): string {
	return name.replace(/[^\p{L}\p{N}._-]/gu, (char) => `%${(char.codePointAt(0) ?? 0).toString(16)}`);
}

/** The log file of a worker, in its cluster's temp dir. */
export function workerLogName(name: string): string {
	return `worker-${fileNamePart(name)}.log`;
}

/** The last lines of the scheduler's and every worker's log in a cluster's temp dir, for error messages. */
export function clusterLogs(tempDir: string, workerNames: readonly string[], lines = 40): string {
	const files = ['scheduler.log', ...workerNames.map(workerLogName)];
	return files.map((file) => `--- ${file} (last ${lines} lines)\n${tail(join(tempDir, file), lines)}`).join('\n');
}

/** The port after "dashboard at:" in a Dask log, once the line is there (Dask moves it if taken). */
export function loggedDashboardPort(logPath: string): number | undefined {
	const match = /dashboard at:\s+\S*?:(\d+)/.exec(tail(logPath, 200));
	return match?.[1] === undefined ? undefined : Number(match[1]);
}
