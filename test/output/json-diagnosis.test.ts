/**
 * `--json`'s diagnosis: `diagnosis[]` (current findings in their stable shape), `diagnosis_ended[]`
 * and `diagnosis_not_visible[]`, from the recorded fixtures of both Dask versions (worker gamma
 * killed, two tasks pinned to it left without a worker).
 */
import {describe, expect, it} from 'vitest';
import {triageView} from '../../source/model/index.js';
import {
	formatJsonDocument,
	toJsonDocument,
	triageExtras,
	type JsonDocument,
} from '../../source/output/json-document.js';
import {FIXTURE_VERSIONS} from '../helpers/fixtures.js';
import {reduceAll, steadyPolls} from '../helpers/diagnosis-rounds.js';

function documentAfter(version: (typeof FIXTURE_VERSIONS)[number], polls: number): JsonDocument {
	const states = reduceAll(steadyPolls(version, 'worker-died', polls));
	const state = states.at(-1)!;
	return JSON.parse(formatJsonDocument(toJsonDocument(state.snapshot!, triageExtras(triageView(state), state))));
}

describe.each(FIXTURE_VERSIONS)('the --json document on Dask %s', (version) => {
	it('carries each current finding as {cause, severity, subject, since, evidence, next, summary}', () => {
		const doc = documentAfter(version, 4);
		expect(doc.diagnosis).toHaveLength(1);
		const finding = doc.diagnosis![0]!;
		expect(Object.keys(finding).sort()).toEqual([
			'cause',
			'evidence',
			'next',
			'severity',
			'since',
			'subject',
			'summary',
		]);
		expect(finding.cause).toBe('no-worker');
		expect(finding.subject).toEqual({kind: 'prefix', id: 'pinned-sleep'});
		// Epoch milliseconds of the first poll, not seconds.
		expect(finding.since).toBe(doc.time * 1000 - 3 * 2000);
		for (const e of finding.evidence) {
			expect(Object.keys(e).sort()).toEqual(['ageMs', 'figure', 'source', 'value']);
			expect(e.ageMs).toBeGreaterThanOrEqual(0);
		}
		expect(doc.diagnosis_ended).toEqual([]);
	});

	it('logs the finding as an event when it starts', () => {
		const doc = documentAfter(version, 4);
		const started = doc.events!.filter((e) => e.kind === 'diagnosis');
		expect(started.map((e) => [e.severity, e.subject_name, e.message])).toEqual([
			['critical', 'pinned-sleep', `likely no-worker: ${doc.diagnosis![0]!.summary}`],
		]);
	});

	it('says which causes this version cannot show, and what would', () => {
		const blind = documentAfter(version, 1).diagnosis_not_visible!;
		expect(blind.find((b) => b.cause === 'gil-contention')?.note).toMatch(/needs Dask >= 2023\.4\.0 with gilknocker/);
		expect(blind.some((b) => b.cause === 'transfer-bound')).toBe(version === '2022.12.1');
	});
});
