/**
 * Dask 2023.4–2023.7: `adaptive_target()` still counts threads with 0.5 s per queued task, while
 * /metrics already looks like 2023.8+. The recorded 2023.6.0 session (real answers, the fixtures'
 * README gives the numbers) is replayed through the CLI, as a user would check it.
 */
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
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
