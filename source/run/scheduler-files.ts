/**
 * Reads the --scheduler-file files (options/scheduler-file.ts parses them), in the order given. A
 * file that does not exist yet (a batch job still queued: dask-jobqueue, dask-mpi) is waited for,
 * said once on stderr; one that appears is read again for a moment while it is empty or half
 * written. --check waits for nothing: a missing file is its UNKNOWN line at once.
 */
import {readFileSync, statSync} from 'node:fs';
import {setTimeout as sleep} from 'node:timers/promises';
import {parseSchedulerFile} from '../options/scheduler-file.js';
import type {SchedulerFileUrl} from '../options/urls.js';

export type SchedulerFilesResult =
	| {readonly ok: true; readonly files: readonly SchedulerFileUrl[]}
	| {readonly ok: false; readonly error: string};

export interface SchedulerFilesOptions {
	/** Wait for a file that does not exist yet (false: a missing file is an error). */
	readonly wait: boolean;
	/** Tells the user what is awaited (one line, once per file). */
	readonly say: (line: string) => void;
	/** How often a missing or half-written file is looked at again. */
	readonly pollMs?: number;
	/** How long a file that was just written may stay unreadable as a scheduler file. */
	readonly settleMs?: number;
}

/** The dashboard URL of each file, or a one-line error that says what to do. */
export async function readSchedulerFiles(
	files: readonly string[],
	{wait, say, pollMs = 500, settleMs = 3000}: SchedulerFilesOptions,
): Promise<SchedulerFilesResult> {
	const out: SchedulerFileUrl[] = [];
	for (const file of files) {
		if (file.trim() === '') return {ok: false, error: '--scheduler-file needs a file name'};
		let waited = false;
		let firstSeen: number | undefined;
		for (;;) {
			let text: string;
			try {
				text = readFileSync(file, 'utf8');
			} catch (error) {
				const code = (error as NodeJS.ErrnoException).code;
				if (code !== 'ENOENT')
					return {
						ok: false,
						error: `--scheduler-file ${file}: cannot read it (${code ?? 'error'}): give the file the scheduler writes`,
					};
				if (!wait)
					return {
						ok: false,
						error: `--scheduler-file ${file}: no such file (yet): start the scheduler that writes it first`,
					};
				if (!waited) say(`waiting for ${file}: its scheduler writes it as it starts (Ctrl-C stops)`);
				waited = true;
				await sleep(pollMs);
				continue;
			}
			const parsed = parseSchedulerFile(text, file);
			if (parsed.ok) {
				out.push({file, url: parsed.url});
				break;
			}
			// A file being written: empty or cut short for a moment after it appears.
			const now = Date.now();
			firstSeen ??= now;
			if (now - firstSeen < settleMs && (waited || now - modifiedMs(file) < settleMs)) {
				await sleep(Math.min(pollMs, 200));
				continue;
			}
			return {ok: false, error: parsed.error};
		}
	}
	return {ok: true, files: out};
}

function modifiedMs(file: string): number {
	try {
		return statSync(file).mtimeMs;
	} catch {
		return 0;
	}
}
