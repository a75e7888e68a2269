/**
 * A SYNTHESIZED long recording, written through the real Recorder: `rounds` poll rounds of a
 * `workers`-worker cluster (bench/synth-dask.ts answers), `intervalMs` apart, each round asking
 * what the poller's plan asks at that size (source/scrape/plan.ts): /metrics and identity.json
 * every round (at or below 200 workers the heartbeat is no slower than 2 s), workers.html every
 * 5 s, counts.json every 30 s, /health and /api/v1 once a minute.
 */
import {Recorder} from '../source/record/writer.js';
import {COUNTS_EVERY_MS, CAPABILITIES_EVERY_MS, identityEveryMs} from '../source/scrape/plan.js';
import type {EndpointResult, RawScrape} from '../source/types/raw-scrape.js';
import {countsBody, identityBody, metricsBody, noise, workersHtml} from './synth-dask.js';

export const SYNTH_BASE = 'http://10.0.0.1:8787/';
export const SYNTH_START_MS = Date.UTC(2026, 10, 30, 9, 0, 0);

function every(round: number, intervalMs: number, everyMs: number): boolean {
	const rounds = Math.max(1, Math.round(everyMs / intervalMs));
	return round % rounds === 0;
}

function answer(
	path: string,
	atMs: number,
	round: number,
	status: number,
	contentType: string,
	body: string,
): EndpointResult {
	return {
		target: 'scheduler',
		path,
		url: `${SYNTH_BASE}${path.slice(1)}`,
		startedMs: atMs,
		latencyMs: Math.round(2 + 20 * noise(round, path.length)),
		status,
		contentType,
		body,
	};
}

/** Poll round `round` (0-based) of the synthesized cluster. */
export function synthRound(workers: number, round: number, intervalMs = 2000, startMs = SYNTH_START_MS): RawScrape {
	const atMs = startMs + round * intervalMs;
	const nowS = atMs / 1000;
	const responses: EndpointResult[] = [
		answer('/metrics', atMs, round, 200, 'text/plain; version=0.0.4; charset=utf-8', metricsBody(workers, round)),
	];
	if (every(round, intervalMs, identityEveryMs(intervalMs, workers)))
		responses.push(
			answer(
				'/json/identity.json',
				atMs,
				round,
				200,
				'application/json; charset=UTF-8',
				identityBody(workers, round, nowS, startMs / 1000 - 3600),
			),
		);
	if (every(round, intervalMs, 5000))
		responses.push(
			answer('/info/main/workers.html', atMs, round, 200, 'text/html; charset=UTF-8', workersHtml(workers, round)),
		);
	if (round > 0 && every(round, intervalMs, COUNTS_EVERY_MS))
		responses.push(
			answer('/json/counts.json', atMs, round, 200, 'application/json; charset=UTF-8', countsBody(workers, round)),
		);
	if (every(round, intervalMs, CAPABILITIES_EVERY_MS)) {
		responses.push(answer('/health', atMs, round, 200, 'text/plain', 'ok'));
		responses.push(
			answer(
				'/api/v1',
				atMs,
				round,
				404,
				'text/html; charset=UTF-8',
				'<html><title>404: Not Found</title><body>404: Not Found</body></html>',
			),
		);
	}
	return {atMs, base: SYNTH_BASE, responses};
}

export interface SynthRecordingOptions {
	readonly workers: number;
	readonly rounds: number;
	readonly intervalMs?: number;
}

/** Writes the recording to `file` (gzip when it ends in .gz) and returns its size on disk and raw. */
export function writeSynthRecording(
	file: string,
	{workers, rounds, intervalMs = 2000}: SynthRecordingOptions,
): {readonly bytesOnDisk: number; readonly rawBytes: number} {
	const recorder = new Recorder({
		file,
		maxBytes: Number.MAX_SAFE_INTEGER,
		url: SYNTH_BASE,
		daskTopVersion: 'bench',
		nowMs: () => SYNTH_START_MS,
	});
	let rawBytes = 0;
	for (let round = 0; round < rounds; round++) {
		const raw = synthRound(workers, round, intervalMs);
		rawBytes += Buffer.byteLength(JSON.stringify(raw)) + 1;
		recorder.write(raw);
	}
	recorder.close();
	return {bytesOnDisk: recorder.status().bytesWritten, rawBytes};
}
