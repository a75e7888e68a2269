/**
 * Running the built CLI for the record/replay end-to-end tests: one-shot runs, long-running
 * recorders stopped by signals, and what a recording file holds while it is being written.
 */
import {localClock} from '../../../source/units/clock.js';
import {spawn, type ChildProcess} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import {setTimeout as sleep} from 'node:timers/promises';
import {constants as zlibConstants, gunzipSync} from 'node:zlib';
import {formatOnce} from '../../../source/output/once-format.js';
import {roundTimeMs} from '../../../source/parse/round-time.js';
import {createPipeline} from '../../../source/pipeline.js';
import {recordedFeed} from '../../../source/record/recorded-feed.js';
import type {RawScrape} from '../../../source/types/raw-scrape.js';
import type {Snapshot} from '../../../source/types/snapshot.js';
import {CLI_PATH} from './cli.js';
import {REPO_ROOT} from './python.js';

/** The built CLI (DASK_TOP_TEST_CLI runs the tests against another build of it: cli.ts). */
export const CLI = CLI_PATH;

const children = new Set<ChildProcess>();

export interface Run {
	readonly code: number | null;
	readonly signal: NodeJS.Signals | null;
	readonly stdout: string;
	readonly stderr: string;
}

/** A running CLI: stdout and stderr piped (not a terminal), stdin closed. */
export function start(args: readonly string[]): {child: ChildProcess; done: Promise<Run>; stderr: () => string} {
	const child = spawn(process.execPath, [CLI, ...args], {cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe']});
	children.add(child);
	let stdout = '';
	let stderr = '';
	child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
	child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
	const done = new Promise<Run>((resolve) => {
		child.once('close', (code, signal) => {
			children.delete(child);
			resolve({code, signal, stdout, stderr});
		});
	});
	return {child, done, stderr: () => stderr};
}

/** Runs the CLI to its end (SIGKILLed after timeoutMs). */
export async function run(args: readonly string[], timeoutMs = 30_000): Promise<Run> {
	const {child, done} = start(args);
	const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
	try {
		return await done;
	} finally {
		clearTimeout(timer);
	}
}

/** SIGKILLs every CLI still running (afterAll). */
export function killAll(): void {
	for (const child of children) child.kill('SIGKILL');
}

/** Rounds in a recording file so far (complete lines after the header), read as gzip or plain. */
export function roundsOnDisk(file: string): number {
	if (!existsSync(file)) return 0;
	const bytes = readFileSync(file);
	let text: string;
	try {
		text =
			bytes[0] === 0x1f ? gunzipSync(bytes, {finishFlush: zlibConstants.Z_SYNC_FLUSH}).toString() : bytes.toString();
	} catch {
		return 0;
	}
	return Math.max(0, text.split('\n').length - 2);
}

export async function waitFor(what: string, check: () => boolean, timeoutMs = 30_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!check()) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await sleep(100);
	}
}

/** The --json document a run printed; throws with its stderr when it failed. */
export function json(result: Run): Snapshot {
	if (result.code !== 0) throw new Error(`exit ${String(result.code)}: ${result.stderr}`);
	return JSON.parse(result.stdout) as Snapshot;
}

/**
 * What a pipeline fed these rounds prints with --once --json after each of them (snapshot and
 * triage), round by round. Fed as the live pipeline was: each round told the interval it was
 * polled at, the time between rounds passed as live's screen passed it (record/recorded-feed.ts).
 */
export function pipelineDocuments(rounds: readonly RawScrape[]): unknown[] {
	// As the CLI builds it: alert times in local time (options/model.ts).
	const pipeline = createPipeline({model: {clockText: localClock}});
	const feed = recordedFeed(pipeline, {state: 'replay', requestsPerSecond: 0, bytesPerSecond: 0});
	return rounds.map((raw) => {
		feed.add(raw);
		return JSON.parse(formatOnce(pipeline, true) ?? 'null');
	});
}

/** What such a pipeline prints at `atMs`: the rounds answered by then, and the time after them up to it. */
export function pipelineDocumentAt(rounds: readonly RawScrape[], atMs: number): unknown {
	const pipeline = createPipeline({model: {clockText: localClock}});
	const feed = recordedFeed(pipeline, {state: 'replay', requestsPerSecond: 0, bytesPerSecond: 0});
	for (const raw of rounds) if (roundTimeMs(raw) <= atMs) feed.add(raw);
	feed.until(atMs);
	return JSON.parse(formatOnce(pipeline, true) ?? 'null');
}
