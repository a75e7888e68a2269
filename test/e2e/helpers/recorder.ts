/**
 * `dask-top --record FILE --interval 1s [more] URL` without a terminal, as a test's recorder: it
 * polls until stopped (SIGTERM). Each recorder is kept in `running` until stopped, so a suite's
 * afterAll can kill what a failed test left behind.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import {setTimeout as sleep} from 'node:timers/promises';
import {CLI_PATH} from './cli.js';
import {REPO_ROOT} from './python.js';

export interface Recording {
	readonly file: string;
	/** Complete rounds in the file so far. */
	rounds(): number;
	/** SIGTERM; resolves with the recorder's stderr once it has exited 0, else throws with it. */
	stop(): Promise<string>;
}

export function startRecorder(
	url: string,
	file: string,
	running: Set<ChildProcess>,
	more: readonly string[] = [],
): Recording {
	const child = spawn(process.execPath, [CLI_PATH, '--record', file, '--interval', '1s', ...more, url], {
		cwd: REPO_ROOT,
		stdio: ['ignore', 'ignore', 'pipe'],
	});
	running.add(child);
	let stderr = '';
	child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
	const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
	return {
		file,
		rounds: () => (existsSync(file) ? Math.max(0, readFileSync(file, 'utf8').split('\n').length - 2) : 0),
		async stop() {
			child.kill('SIGTERM');
			await Promise.race([exited, sleep(10_000)]);
			running.delete(child);
			if (child.exitCode !== 0)
				throw new Error(`the recorder exited ${String(child.exitCode ?? child.signalCode)}: ${stderr}`);
			return stderr;
		},
	};
}
