/**
 * Dask 2023.4–2023.7: `adaptive_target()` still counts threads with 0.5 s per queued task, while
 * /metrics already looks like 2023.8+. The recorded 2023.6.0 session (real answers, the fixtures'
 * README gives the numbers) is replayed through the CLI, as a user would check it.
 */
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {triageView} from '../../source/model/index.js';
import type {AdaptiveView} from '../../source/model/types.js';
import {adaptiveLines} from '../../source/output/triage-text.js';
import {createPipeline} from '../../source/pipeline.js';
import {loadRecording} from '../../source/record/reader.js';
import type {Snapshot} from '../../source/types/snapshot.js';
import {FIXTURES_ROOT} from '../helpers/fixtures.js';
import {runMain} from '../helpers/run-main.js';

const SESSION = join(FIXTURES_ROOT, 'dask-2023.6.0', 'tui-session.ndjson.gz');

interface Doc {
	readonly adaptive: {
		readonly desired_workers?: number;
		readonly flavor: string;
		readonly flavor_note: string;
		readonly recomputed?: {
			readonly target?: number;
			readonly explanation: readonly string[];
			readonly inputs: ReadonlyArray<{
				readonly name: string;
				readonly value?: number;
				readonly status: string;
				readonly note: string;
			}>;
		};
	};
}

async function at(offset: string): Promise<Doc> {
	const run = await runMain(['--replay', SESSION, '--once', '--json', '--at', offset]);
	expect(run.stderr).toBe('');
	expect(run.code).toBe(0);
	return JSON.parse(run.stdout) as Doc;
}

describe('the recorded Dask 2023.6.0 session', () => {
	it("busy (+15 s): the ≤ 2023.7 formula reproduces the scheduler's 35 and is picked, saying why", async () => {
		const a = (await at('+15s')).adaptive;
		expect(a.desired_workers).toBe(35);
		expect(a.flavor).toBe('legacy');
		expect(a.recomputed?.target).toBe(35);
		// ceil((65.97 s occupancy + 214 queued × 0.5 s) / 5 s), as the fixtures' README measured.
		expect(a.recomputed?.explanation[0]).toMatch(
			/^cpu: ceil\(\(65\.97 s occupancy \+ 214 queued x 0\.50 s\) \/ 5 s\) = 35/,
		);
		expect(a.flavor_note).toMatch(/cannot tell 2023\.4-2023\.7 .* from 2023\.8\+/);
		expect(a.flavor_note).toMatch(
			new RegExp(
				/the <= 2023\.7 formula \(threads, 0\.5 s per queued task\) /.source +
					/reproduces the scheduler's 35 \(the other gives 15\): used/.source,
			),
		);
	});

	it('the recomputed target equals desired_workers at ≥ 90 % of the moments where both exist, every 5 s', async () => {
		let both = 0;
		let equal = 0;
		const misses: string[] = [];
		// The recording lasts 166.9 s.
		for (let s = 0; s <= 165; s += 5) {
			const a = (await at(`+${s}s`)).adaptive;
			if (a.desired_workers === undefined || a.recomputed?.target === undefined) continue;
			both += 1;
			if (a.recomputed.target === a.desired_workers) equal += 1;
			else misses.push(`+${s}s: ${a.recomputed.target} vs ${a.desired_workers}`);
		}
		expect(both).toBeGreaterThanOrEqual(30);
		expect(equal / both, misses.join('; ')).toBeGreaterThanOrEqual(0.9);
	}, 120_000);

	it('once the formulas were told apart, a moment where they tie keeps the flavor and says why', async () => {
		const a = (await at('+60s')).adaptive;
		expect(a.flavor).toBe('legacy');
		expect(a.flavor_note).toMatch(
			/it alone reproduced the scheduler's number at \d+ of \d+ moments that told them apart/,
		);
	});

	it(
		'memory (+80 s): counts.json bytes from before the data was stored is not used for workers_to_close(); ' +
			"the workers' bytes are, and give the scheduler's 2",
		async () => {
			const a = (await at('+80s')).adaptive;
			expect(a.desired_workers).toBe(2);
			expect(a.recomputed?.target).toBe(2);
			const stored = a.recomputed?.inputs.find((i) => i.name === 'stored_bytes');
			expect(stored?.status).toBe('estimated');
			expect(stored?.note).toMatch(
				/^the workers' summed managed \+ spilled bytes \(counts\.json bytes is \d+ s older than the worker list\)$/,
			);
			// alpha, beta and gamma hold 280 + 280 (+ 80 spilled) + 160 MiB.
			expect(stored?.value).toBe(293601280 * 2 + 83886430 + 167772160);
		},
	);
});

describe('the recorded Dask 2023.6.0 session, round by round', () => {
	interface Moment {
		readonly offsetS: number;
		readonly snapshot: Snapshot;
		readonly adaptive: AdaptiveView;
	}

	async function moments(): Promise<Moment[]> {
		const pipeline = createPipeline();
		const out: Moment[] = [];
		let startMs: number | undefined;
		for (const raw of (await loadRecording(SESSION)).rounds) {
			const snapshot = pipeline.ingest(raw);
			startMs ??= raw.atMs;
			out.push({offsetS: (raw.atMs - startMs) / 1000, snapshot, adaptive: triageView(pipeline.state()).adaptive});
		}
		return out;
	}

	it("recomputes the scheduler's number at all but the ramp-up moments, " +
		'and at each of those says so beside the figure, with how much older its inputs are', async () => {
		const both = (await moments()).filter(
			(m) => m.adaptive.desired_workers !== undefined && m.adaptive.recomputed?.target !== undefined,
		);
		const apart = both.filter((m) => m.adaptive.disagreement);
		expect(both.length).toBeGreaterThanOrEqual(80);
		// 8 of 83 moments before (occupancy read while idle, a stale stored-bytes figure); 5 of 84 now,
		// each while tasks ramp up and workers.html (every 5 s) lags.
		expect(apart.length, apart.map((m) => `+${m.offsetS}s`).join(' ')).toBeLessThanOrEqual(5);
		for (const m of apart) {
			const r = m.adaptive.recomputed!;
			expect((r.inputs_age_seconds ?? 0) >= 1 || r.estimated, `+${m.offsetS}s`).toBe(true);
			const line = adaptiveLines(m.adaptive).find((l) => l.includes('recomputed '));
			expect(line).toMatch(
				new RegExp(
					`recomputed ${r.target} \\(the scheduler says ${m.adaptive.desired_workers}; ` +
						'(inputs up to \\d+ s older than its number|some inputs estimated)\\)',
				),
			);
		}
	}, 60_000);

	it('counts nothing stored when /metrics has no task in memory, so workers_to_close() retires all three ' +
		'as the scheduler does (counts.json and the heartbeats still said otherwise)', async () => {
		const idleAfterData = (await moments()).filter(
			(m) =>
				m.adaptive.desired_workers === 0 &&
				m.snapshot.scheduler.tasks.memory === 0 &&
				(m.snapshot.scheduler.stored_bytes ?? 0) > 0,
		);
		expect(idleAfterData.length).toBeGreaterThanOrEqual(2);
		for (const m of idleAfterData) {
			expect(m.adaptive.recomputed?.target, `+${m.offsetS}s`).toBe(0);
			expect(m.adaptive.recomputed?.inputs.find((i) => i.name === 'stored_bytes')).toMatchObject({
				value: 0,
				status: 'exact',
				note: 'no task in memory (/metrics): 0 B stored',
			});
		}
	}, 60_000);

	it('estimates the occupancy of tasks that started after workers.html was read on an idle cluster, ' +
		"and so gives the scheduler's 25", async () => {
		const first = (await moments()).find((m) =>
			m.adaptive.recomputed?.inputs.some((i) => i.name === 'occupancy' && i.status === 'estimated'),
		);
		const occupancy = first?.adaptive.recomputed?.inputs.find((i) => i.name === 'occupancy');
		expect(occupancy?.note).toMatch(
			new RegExp(
				/^workers\.html was read while no task was processing \(\d s before \/metrics\); /.source +
					/29 are now: occupancy estimated as 29 x 0\.50 s/.source,
			),
		);
		expect(first?.adaptive.desired_workers).toBe(25);
		expect(first?.adaptive.recomputed?.target).toBe(25);
	}, 60_000);
});
