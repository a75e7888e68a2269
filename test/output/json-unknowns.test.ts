/**
 * `--json` leaves a figure nobody gave out instead of writing null; the one known "none" is a
 * worker without a nanny (`"nanny": null`, as the README says). Over the recorded answers of every
 * fixture version, including a killed worker whose endpoints gave no HTTP status at all.
 */
import {describe, expect, it} from 'vitest';
import {formatJsonDocument, toJsonDocument} from '../../source/output/json-document.js';
import {SCENARIOS} from '../helpers/fixtures.js';
import {fixtureSnapshot} from '../helpers/snapshots.js';

function nullKeys(value: unknown, path: string, out: string[]): string[] {
	if (value === null) out.push(path);
	else if (Array.isArray(value)) for (const [i, v] of value.entries()) nullKeys(v, `${path}[${i}]`, out);
	else if (typeof value === 'object')
		for (const [k, v] of Object.entries(value as object)) nullKeys(v, `${path}.${k}`, out);
	return out;
}

describe('--json writes no null for an unknown figure', () => {
	it.each((['2022.12.1', '2026.7.1'] as const).flatMap((v) => SCENARIOS.map((s) => [v, s] as const)))(
		'%s %s',
		(version, scenario) => {
			const doc = JSON.parse(formatJsonDocument(toJsonDocument(fixtureSnapshot(version, scenario)))) as unknown;
			const nulls = nullKeys(doc, '', []).filter((p) => !/^\.workers\[\d+\]\.nanny$/.test(p));
			expect(nulls).toEqual([]);
		},
	);
});
