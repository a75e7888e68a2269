/**
 * One diagnosis scenario, recorded: a cluster of its own, the built CLI recording it headless
 * (`--record FILE --interval POLL_S`) from a few idle polls before the workload starts until
 * HOLD_POLLS polls after the onset, then the workload's own account of what happened.
 *
 * What the live process diagnosed at each round is what its pipeline built from that round: the
 * recorder writes every round the live pipeline ingests, and the same pipeline code fed the same
 * rounds with the same clock (record/recorded-feed.ts, as record-replay.test.ts proves for the
 * snapshots) gives the same documents. The replay through the CLI is then checked against them.
 */
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {constants as zlibConstants, gunzipSync} from 'node:zlib';
import {formatOnce} from '../../../source/output/once-format.js';
import {resolveModelFlags, type ModelFlags} from '../../../source/options/model.js';
import {roundTimeMs} from '../../../source/parse/round-time.js';
import {createPipeline} from '../../../source/pipeline.js';
import {loadRecording} from '../../../source/record/reader.js';
import {recordedFeed} from '../../../source/record/recorded-feed.js';
import type {RawScrape} from '../../../source/types/raw-scrape.js';
import {localClock} from '../../../source/units/clock.js';
import {start, waitFor} from './cli-runs.js';
import {startCluster, type Cluster} from './cluster.js';
import type {DaskRelease} from './python.js';
import {startScenario} from './scenario.js';
import {BASELINE_POLLS, HOLD_POLLS, POLL_S, type ScenarioRun, type ScenarioSpec} from './scenario-specs.js';

export interface RecordedScenario {
	readonly dask: DaskRelease;
	readonly spec: ScenarioSpec;
	readonly file: string;
	readonly run: ScenarioRun;
	/** When the workload started (epoch ms): findings before it are findings on an idle cluster. */
	readonly startedMs: number;
	/** When the cause holds (epoch ms). */
	readonly onsetMs: number;
	readonly rounds: readonly RawScrape[];
	/** The `--json` document after each round, as the live process built it. */
	readonly documents: readonly unknown[];
	readonly seconds: number;
	/** Seconds of each phase: cluster start, idle baseline, workload to onset, hold, stop. */
	readonly phases: Readonly<Record<string, number>>;
}

/** The spec's dask-top flags, as command-line arguments. */
export function cliFlags(spec: ScenarioSpec): string[] {
	const model = spec.model ?? {};
	return [
		...(model.stallAfter === undefined ? [] : ['--stall-after', model.stallAfter]),
		...(model.threshold ?? []).flatMap((threshold) => ['--threshold', threshold]),
	];
}

function modelOptions(flags: ModelFlags) {
	const resolved = resolveModelFlags(flags, undefined, POLL_S * 1000);
	if (!resolved.ok) throw new Error(resolved.error);
	return {...resolved.model, clockText: localClock};
}

/** The --json document after each round, from a pipeline with the CLI's options for these flags. */
export function liveDocuments(rounds: readonly RawScrape[], flags: ModelFlags = {}): unknown[] {
	const pipeline = createPipeline({model: modelOptions(flags)});
	const feed = recordedFeed(pipeline, {state: 'replay', requestsPerSecond: 0, bytesPerSecond: 0});
	return rounds.map((raw) => {
		feed.add(raw);
		return JSON.parse(formatOnce(pipeline, true) ?? 'null');
	});
}

/** A round on disk: its time (epoch ms) and whether it carries a worker's call stacks (a finding's frame). */
interface RoundOnDisk {
	readonly atMs: number;
	readonly stacks: boolean;
}

/** The rounds of a recording being written (gzip flushed per round). */
function roundsOnDisk(file: string): RoundOnDisk[] {
	if (!existsSync(file)) return [];
	let text: string;
	try {
		text = gunzipSync(readFileSync(file), {finishFlush: zlibConstants.Z_SYNC_FLUSH}).toString();
	} catch {
		return [];
	}
	return text
		.split('\n')
		.slice(1)
		.filter((line) => line.endsWith('}'))
		.map((line) => {
			const raw = JSON.parse(line) as RawScrape;
			const stacks = raw.responses.some((r) => r.onDemand === true && r.path.startsWith('/info/call-stacks/'));
			return {atMs: roundTimeMs(raw), stacks};
		});
}

function roundTimesOnDisk(file: string): number[] {
	return roundsOnDisk(file).map((round) => round.atMs);
}

/**
 * Records the scenario on `cluster` (its plan's layout, idle). With `cluster` undefined, starts one of
 * the plan's layout and stops it after.
 */
export async function recordScenario(
	dask: DaskRelease,
	spec: ScenarioSpec,
	dir: string,
	shared?: Cluster,
): Promise<RecordedScenario> {
	const began = performance.now();
	const phases: Record<string, number> = {};
	let phaseStart = began;
	const phase = (name: string) => {
		const now = performance.now();
		phases[name] = Math.round((now - phaseStart) / 100) / 10;
		phaseStart = now;
	};
	const cluster = shared ?? (await startCluster({dask, workers: spec.cluster.workers}));
	phase('cluster');
	const file = join(dir, `${dask}-${spec.name}.ndjson.gz`);
	try {
		const recorder = start(['--record', file, '--interval', `${POLL_S}s`, ...cliFlags(spec), cluster.httpUrl]);
		const pollMs = POLL_S * 1000;
		await waitFor('the idle baseline', () => roundTimesOnDisk(file).length >= BASELINE_POLLS, 30_000);
		phase('baseline');
		const startedMs = Date.now();
		const scenario = await startScenario(cluster, spec.name, (spec.onsetWithinS ?? 90) * 1000);
		const onsetMs = 1000 * (spec.onsetAt?.(scenario.onset) ?? scenario.onset.at);
		phase('onset');
		await waitFor(
			`${HOLD_POLLS} polls after the onset`,
			() => roundTimesOnDisk(file).filter((ms) => ms >= onsetMs).length >= HOLD_POLLS,
			(HOLD_POLLS + 10) * pollMs + Math.max(0, onsetMs - Date.now()),
		);
		// A finding whose frame is checked asks its worker's call stacks when it starts; the next round
		// carries the answer. A finding made late in the hold (a loaded machine) gets those rounds too.
		if (spec.frame !== undefined)
			await waitFor(
				"a round carrying the worker's call stacks",
				() => roundsOnDisk(file).some((round) => round.stacks && round.atMs >= onsetMs),
				4 * pollMs,
			).catch(() => undefined);
		phase('hold');
		recorder.child.kill('SIGTERM');
		const stopped = await recorder.done;
		if (stopped.code !== 0) throw new Error(`the recorder failed (exit ${stopped.code}): ${stopped.stderr}`);
		const end = await scenario.stop();
		const logs = Object.fromEntries(
			cluster.workers.map((worker) => [worker.name, readFileSync(worker.logPath, 'utf8')]),
		);
		const run: ScenarioRun = {onset: scenario.onset, notes: scenario.notes(), end, logs};
		const {rounds} = await loadRecording(file);
		if (!shared) await cluster.stop();
		phase('stop');
		return {
			dask,
			spec,
			file,
			run,
			startedMs,
			onsetMs,
			rounds,
			documents: liveDocuments(rounds, spec.model),
			seconds: (performance.now() - began) / 1000,
			phases,
		};
	} finally {
		if (!shared) await cluster.stop();
	}
}
