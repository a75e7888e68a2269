/**
 * The whole recorded Dask 2023.6.0 session (test/fixtures/dask-2023.6.0/tui-session.ndjson.gz:
 * idle → busy → memory → errors, identity.json answering HTTP 500 in 16 rounds) replayed as a user
 * does: `--replay … --once --json`, over the whole recording and at every 5 s of it with `--at`.
 *
 * What the recording shows: every heartbeat in it is under 0.6 s old (identity.json's last_seen,
 * workers.html's "last seen"); beta really spilled once, 80 MiB written to disk between two
 * identity.json answers 4 s apart (00:26:18 → 00:26:22, the memory phase), and freed it by 00:27:21.
 * Before per-source freshness the replay raised 9 "no heartbeat" warnings (a cached workers.html
 * aged by adding its own age) and a second spilling warning after the data was freed ("0 B on disk
 * (+80.0 MiB)": a worker /metrics read 63 s earlier compared with identity.json's figure).
 */
import {describe, expect, it} from 'vitest';
import type {Alert, ModelEvent} from '../../source/model/types.js';
import {FIXTURES_ROOT} from '../helpers/fixtures.js';
import {runMain} from '../helpers/run-main.js';

const SESSION = `${FIXTURES_ROOT}/dask-2023.6.0/tui-session.ndjson.gz`;
/** The recording's first and last rounds, epoch ms. */
const FIRST_MS = Date.UTC(2026, 11, 1, 0, 25, 8, 337);
const LAST_MS = Date.UTC(2026, 11, 1, 0, 27, 55, 255);
/** The round where identity.json first shows beta's 80 MiB on disk. */
const SPILL_MS = Date.UTC(2026, 11, 1, 0, 26, 22, 914);

interface Document {
	readonly time: number;
	readonly alerts: readonly Alert[];
	readonly events: readonly ModelEvent[];
}

async function replay(...extra: string[]): Promise<Document> {
	const {code, stdout, stderr} = await runMain(['--replay', SESSION, '--once', '--json', ...extra]);
	expect(stderr).toBe('');
	expect(code).toBe(0);
	return JSON.parse(stdout) as Document;
}

describe('replaying the recorded Dask 2023.6.0 session', () => {
	it('logs no heartbeat warning over the whole recording, and the one true spill only', async () => {
		const doc = await replay();
		expect(doc.time * 1000).toBeCloseTo(LAST_MS, -1);
		expect(doc.events.filter((e) => e.kind === 'heartbeat')).toEqual([]);
		const spilling = doc.events.filter((e) => e.kind === 'spilling');
		expect(spilling.map((e) => [e.subject_name, e.start_time * 1000])).toEqual([['beta', SPILL_MS]]);
		expect(spilling[0]?.message).toMatch(
			/^beta is spilling to disk: 80\.0 MiB on disk \(\+80\.0 MiB written since 00:26:22( UTC)?\)$/,
		);
		expect(doc.events.some((e) => e.message.includes('0 B on disk'))).toBe(false);
	});

	it('has no heartbeat alert at any moment, ' +
		'and a spilling alert only in the rising window after the true spill', async () => {
		const moments: number[] = [];
		for (let offsetS = 0; FIRST_MS + offsetS * 1000 <= LAST_MS; offsetS += 5) moments.push(offsetS);
		expect(moments.length).toBeGreaterThanOrEqual(33);
		for (const offsetS of moments) {
			const doc = await replay('--at', `+${offsetS}s`);
			const kinds = doc.alerts.map((a) => `${a.kind} ${a.subject_name}`);
			expect(
				kinds.filter((k) => k.startsWith('heartbeat')),
				`at +${offsetS}s`,
			).toEqual([]);
			const spilling = doc.alerts.filter((a) => a.kind === 'spilling');
			const inWindow = doc.time * 1000 >= SPILL_MS && doc.time * 1000 - SPILL_MS <= 30_000;
			expect(
				spilling.map((a) => a.subject_name),
				`at +${offsetS}s`,
			).toEqual(inWindow ? ['beta'] : []);
		}
	}, 120_000);
});
