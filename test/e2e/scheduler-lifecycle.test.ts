/**
 * The scheduler itself, end to end against real Debian Dask 2022.12.1 clusters of this file's own:
 * the built CLI records while the scheduler is frozen (SIGSTOP 20 s, then SIGCONT; and 12 s while the
 * live screen runs in tmux, whose stale alert the replay must open at the same time, and whose screen
 * the replay must show as stale at a moment of the freeze), and while the
 * scheduler is stopped and a new one starts on the same ports with other workers (one of them on
 * the comm port a previous worker had), and while a worker then the scheduler are frozen for less
 * than the request deadline (the heartbeat ages of the answer that waited out the freeze). The
 * recordings are then replayed with --once --json: the event log over the whole recording, and
 * moments with --at.
 */
import {mkdtempSync, readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {setTimeout as sleep} from 'node:timers/promises';
import {afterAll, describe, expect, it} from 'vitest';
import type {ModelEvent} from '../../source/model/types.js';
import {roundTimeMs} from '../../source/parse/round-time.js';
import {parseRound} from '../../source/record/file-format.js';
import type {EndpointResult} from '../../source/types/raw-scrape.js';
import type {Snapshot} from '../../source/types/snapshot.js';
import {MODEL_TICK_MS} from '../../source/model/tick.js';
import {localClock} from '../../source/units/clock.js';
import {CLI, killAll, roundsOnDisk, run, start, waitFor} from './helpers/cli-runs.js';
import {startCluster, workerNamed, type Cluster} from './helpers/cluster.js';
import {TmuxSession} from './helpers/tmux.js';

const dir = mkdtempSync(join(tmpdir(), 'dask-top-lifecycle-e2e-'));
const clusters: Cluster[] = [];

afterAll(async () => {
	killAll();
	for (const cluster of clusters) await cluster.stop();
});

type Document = Snapshot & {
	readonly events: readonly ModelEvent[];
	readonly lost_workers?: ReadonlyArray<{readonly name: string}>;
};

async function replay(file: string, ...extra: string[]): Promise<Document> {
	const result = await run(['--replay', file, '--once', '--json', ...extra]);
	if (result.code !== 0) throw new Error(`replay exited ${String(result.code)}: ${result.stderr}`);
	return JSON.parse(result.stdout) as Document;
}

/** Records `url` with the built CLI (1 s interval) while `during` runs, after 4 rounds and until 6 more. */
async function recordWhile(
	file: string,
	url: string,
	during: () => Promise<void>,
	extra: readonly string[] = [],
): Promise<void> {
	const recorder = start(['--record', file, '--interval', '1s', ...extra, url]);
	await waitFor('4 recorded rounds', () => roundsOnDisk(file) >= 4);
	await during();
	const after = roundsOnDisk(file);
	await waitFor('6 more rounds', () => roundsOnDisk(file) >= after + 6, 60_000);
	recorder.child.kill('SIGTERM');
	const stopped = await recorder.done;
	expect(stopped.stderr).not.toMatch(/error/i);
}

const line = (e: ModelEvent) => `${e.kind} ${e.subject_name}: ${e.message}`;

describe('a scheduler frozen for 20 s (SIGSTOP, then SIGCONT)', () => {
	it('is the scheduler’s fault: stale/unreachable, and no worker is said to miss its heartbeat', async () => {
		const cluster = await startCluster();
		clusters.push(cluster);
		const file = join(dir, 'frozen.ndjson');
		let stoppedMs = 0;
		let resumedMs = 0;
		await recordWhile(file, cluster.httpUrl, async () => {
			stoppedMs = Date.now();
			process.kill(cluster.schedulerPid, 'SIGSTOP');
			try {
				await sleep(20_000);
			} finally {
				resumedMs = Date.now();
				process.kill(cluster.schedulerPid, 'SIGCONT');
			}
		});
		const doc = await replay(file);
		const events = doc.events.map(line);
		const stale = doc.events.filter((e) => e.kind === 'stale');
		expect(stale, events.join('\n')).not.toEqual([]);
		// Nothing the frozen scheduler said can be older than SIGCONT: the alert opens after the
		// freeze began and ends when answers came again (a round asked during the freeze and
		// answered after it counts from its answers, not from when it was asked).
		for (const e of stale) {
			expect(e.start_time * 1000).toBeGreaterThanOrEqual(stoppedMs);
			expect(e.state).toBe('resolved');
			expect(e.end_time! * 1000, events.join('\n')).toBeGreaterThanOrEqual(resumedMs);
		}
		expect(
			events.filter((e) => e.startsWith('heartbeat ')),
			events.join('\n'),
		).toEqual([]);
		expect(
			events.filter((e) => e.startsWith('worker_lost ') || e.startsWith('scheduler_restarted ')),
			events.join('\n'),
		).toEqual([]);
		expect(doc.workers.map((w) => w.name).sort()).toEqual(['alpha', 'beta', 'gamma']);
		await cluster.stop();
	}, 180_000);
});

describe('a worker frozen, then the scheduler frozen 4 s within the request deadline (SIGSTOP, SIGCONT)', () => {
	it('gives heartbeat ages as of the answer after SIGCONT, not of the request during the freeze', async () => {
		const cluster = await startCluster();
		clusters.push(cluster);
		const gamma = workerNamed(cluster, 'gamma');
		const file = join(dir, 'short-freeze.ndjson');
		let workerStoppedMs = 0;
		let stoppedMs = 0;
		let resumedMs = 0;
		const freeze = async () => {
			// gamma sends no heartbeat from here; a second later the scheduler stops answering.
			workerStoppedMs = Date.now();
			process.kill(gamma.pid, 'SIGSTOP');
			try {
				await sleep(1_000);
				stoppedMs = Date.now();
				process.kill(cluster.schedulerPid, 'SIGSTOP');
				try {
					await sleep(4_000);
				} finally {
					resumedMs = Date.now();
					process.kill(cluster.schedulerPid, 'SIGCONT');
				}
				await sleep(1_000);
			} finally {
				process.kill(gamma.pid, 'SIGCONT');
			}
		};
		await recordWhile(file, cluster.httpUrl, freeze, ['--timeout', '10s']);
		// The identity.json asked before SIGCONT and answered after the freeze began: once it resumed.
		const straddles = (r: EndpointResult) =>
			r.path === '/json/identity.json' && r.status === 200 && r.startedMs < resumedMs && (r.headersMs ?? 0) > stoppedMs;
		const rounds = readFileSync(file, 'utf8').trim().split('\n').slice(1).map(parseRound);
		const round = rounds.find((raw) => raw.responses.some(straddles))!;
		expect(round, 'a round whose identity.json waited out the freeze').toBeDefined();
		const identity = round.responses.find(straddles)!;
		expect(identity.startedMs).toBeLessThan(resumedMs - 2_000);
		expect(identity.headersMs!).toBeGreaterThanOrEqual(resumedMs);
		// --at names a moment by when a round's answers were in (the replay's clock): this round's.
		const doc = await replay(file, '--at', new Date(roundTimeMs(round)).toISOString());
		expect(doc.workers.map((w) => w.name).sort()).toEqual(['alpha', 'beta', 'gamma']);
		const said = doc.workers
			.map((w) => `${w.name}: last_seen ${w.last_seen} age ${w.heartbeat_age_seconds}`)
			.concat(`asked ${identity.startedMs}, headers ${identity.headersMs}`)
			.join('\n');
		for (const w of doc.workers) {
			// Every age counts to the answer, after SIGCONT (whether the scheduler took in the heartbeats
			// the freeze held up before it answered, or after); from the request's start it counted to a
			// moment inside the freeze.
			expect(w.last_seen! + w.heartbeat_age_seconds!, said).toBeCloseTo(identity.headersMs! / 1000, 2);
		}
		// gamma, frozen before the scheduler and still frozen when it answered, was not heard for the
		// whole time up to that answer; from the request's start it read about 4 s less.
		const frozen = doc.workers.find((w) => w.name === 'gamma')!;
		expect(frozen.last_seen! * 1000, said).toBeLessThanOrEqual(workerStoppedMs + 50);
		expect(frozen.heartbeat_age_seconds!, said).toBeGreaterThanOrEqual((resumedMs - workerStoppedMs) / 1000);
		await cluster.stop();
	}, 180_000);
});

/** Seconds from `earlier` to `later`, two local clock readings `HH:MM:SS` less than 12 h apart. */
function clockSeconds(earlier: string, later: string): number {
	const seconds = (clock: string) => clock.split(':').reduce((sum, part) => sum * 60 + Number(part), 0);
	const difference = seconds(later) - seconds(earlier);
	if (difference > 43_200) return difference - 86_400;
	return difference < -43_200 ? difference + 86_400 : difference;
}

describe('a scheduler frozen for 12 s on the live screen while it is recorded', () => {
	it('replays to the stale alert the live screen opened, at its time (within one 5 s tick)', async () => {
		const cluster = await startCluster();
		clusters.push(cluster);
		const file = join(dir, 'frozen-screen.ndjson');
		// The default 2 s interval and 5 s timeout, as the session this was seen in.
		const command = `CI=true node ${CLI} --record ${file} ${cluster.httpUrl}; echo EXITED $?; sleep 60`;
		const terminal = new TmuxSession({name: 'dask-top-frozen', width: 160, height: 40, command});
		let liveOnset: string | undefined;
		let liveFrozen = '';
		let frozenMs = 0;
		try {
			expect(terminal.start()).toBe(0);
			await terminal.waitFor('the workers on screen', (t) => /gamma/.test(t), 30_000);
			await waitFor('4 recorded rounds', () => roundsOnDisk(file) >= 4);
			process.kill(cluster.schedulerPid, 'SIGSTOP');
			try {
				// The live screen 9 s into the freeze: how old its figures are.
				await sleep(9000);
				liveFrozen = terminal.screen();
				frozenMs = Date.now();
				await sleep(3000);
			} finally {
				process.kill(cluster.schedulerPid, 'SIGCONT');
			}
			const after = roundsOnDisk(file);
			await waitFor('4 rounds after SIGCONT', () => roundsOnDisk(file) >= after + 4, 60_000);
			terminal.keys('3');
			const events = await terminal.waitFor('the stale event', (t) => /scheduler unreachable/.test(t));
			// The events view starts each event's line with its start, local time; the earliest one.
			const onsets = [...events.matchAll(/^(\d\d:\d\d:\d\d) .*scheduler unreachable/gm)].map((m) => m[1]!);
			liveOnset = onsets.sort().at(0);
			terminal.keys('q');
			await terminal.waitFor('the CLI to exit', (t) => /EXITED 0/.test(t), 15_000);
		} finally {
			terminal.kill();
		}
		expect(liveOnset, 'the stale event on the live screen').toBeDefined();
		const doc = await replay(file);
		const stale = doc.events.filter((e) => e.kind === 'stale').sort((a, b) => a.start_time - b.start_time);
		expect(stale, doc.events.map(line).join('\n')).not.toEqual([]);
		const replayed = localClock(stale[0]!.start_time * 1000);
		// Live passes time to the model every 5 s (and shows seconds): the replay opens within that of it.
		expect(Math.abs(clockSeconds(liveOnset!, replayed)), `live ${liveOnset}, replayed ${replayed}`).toBeLessThanOrEqual(
			MODEL_TICK_MS / 1000 + 1,
		);

		// The same moment replayed in the terminal says what the live screen said: stale, with the
		// time of the last fresh figures (the header's "stale Ns" is the replay's; live said "retrying").
		const lastFigures = /last figures (\d\d:\d\d:\d\d), (\d+(?:\.\d)?)s old/;
		const live = lastFigures.exec(liveFrozen);
		expect(live, liveFrozen).not.toBeNull();
		const replayScreen = new TmuxSession({
			name: 'dask-top-frozen-replay',
			width: 160,
			height: 40,
			command: `CI=true node ${CLI} --replay ${file} --at ${new Date(frozenMs).toISOString()}`,
		});
		try {
			expect(replayScreen.start()).toBe(0);
			const shown = await replayScreen.waitFor(
				'the replayed moment',
				(t) => /replay paused/.test(t) && /gamma/.test(t),
			);
			const replayed = lastFigures.exec(shown);
			expect(replayed, shown).not.toBeNull();
			expect(shown).toMatch(/stale \d+(\.\d)?s/);
			expect(
				Math.abs(clockSeconds(live![1]!, replayed![1]!)),
				`live ${live![0]}, replayed ${replayed![0]}`,
			).toBeLessThanOrEqual(1);
			// The replay stands at the last round answered by then: its figures are no older than live's.
			expect(Number(replayed![2])).toBeGreaterThan(5);
			expect(Number(replayed![2])).toBeLessThanOrEqual(Number(live![2]));
			replayScreen.keys('q');
			await waitFor('the replay to quit', () => !replayScreen.alive(), 5000);
		} finally {
			replayScreen.kill();
		}
		await cluster.stop();
	}, 240_000);
});

describe('a scheduler restarted on the same ports with other workers', () => {
	it('is a new cluster: one "scheduler restarted" event, ' +
		'the old workers closed with it, the new ones joined, nothing merged by address', async () => {
		const first = await startCluster();
		clusters.push(first);
		const beta = workerNamed(first, 'beta');
		const file = join(dir, 'restart.ndjson');
		let second: Cluster | undefined;
		await recordWhile(file, first.httpUrl, async () => {
			await first.stop();
			// delta takes the comm address beta had; alpha comes back on another one.
			second = await startCluster({
				schedulerPort: Number(new URL(first.schedulerAddress).port),
				httpPort: first.httpPort,
				workers: [
					{name: 'alpha', nthreads: 1, memoryLimitBytes: 1_073_741_824, nanny: false},
					{
						name: 'delta',
						nthreads: 1,
						memoryLimitBytes: 1_073_741_824,
						nanny: false,
						workerPort: Number(new URL(beta.address).port),
					},
				],
			});
			clusters.push(second);
		});
		const delta = workerNamed(second!, 'delta');
		expect(delta.address).toBe(beta.address);

		const doc = await replay(file);
		const events = doc.events.map(line);
		const restarts = doc.events.filter((e) => e.kind === 'scheduler_restarted');
		expect(restarts, events.join('\n')).toHaveLength(1);
		expect(restarts[0]!.message).toMatch(
			new RegExp(
				/^scheduler restarted: (another scheduler process|tcp:\/\/127\.0\.0\.1:\d+) answers on this port; /.source +
					/a new cluster from here, the previous cluster's 3 workers \(alpha, beta, gamma\) closed with it$/.source,
			),
		);
		const after = doc.events.filter((e) => e.start_time >= restarts[0]!.start_time && e !== restarts[0]);
		expect(
			after
				.filter((e) => e.kind === 'worker_joined')
				.map((e) => e.subject_name)
				.sort(),
			events.join('\n'),
		).toEqual(['alpha', 'delta']);
		expect(
			events.filter((e) => e.startsWith('worker_lost ')),
			events.join('\n'),
		).toEqual([]);
		// Every alert or event about delta's address after the restart names delta, never beta.
		expect(
			after.filter((e) => e.subject === beta.address).every((e) => e.subject_name === 'delta'),
			events.join('\n'),
		).toBe(true);
		expect(doc.workers.map((w) => `${w.name} ${w.address}`).sort()).toEqual(
			second!.workers.map((w) => `${w.name} ${w.address}`).sort(),
		);
		expect(doc.lost_workers ?? []).toEqual([]);
		expect(doc.scheduler.id).not.toBeUndefined();
		await second!.stop();
	}, 240_000);
});
