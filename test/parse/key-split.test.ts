import {describe, expect, it} from 'vitest';
import {keySplit} from '../../source/parse/key-split.js';
import {parsePrometheus} from '../../source/parse/prometheus.js';
import {parseWorkerPage} from '../../source/parse/worker-page.js';
import {FIXTURE_VERSIONS, loadManifest, readScenarioFile, SCENARIOS} from '../helpers/fixtures.js';

// Input → dask.utils.key_split(input), printed by the Debian Dask 2022.12.1 installed here
// (the function's docstring cases plus keys seen in the fixtures).
const KEY_SPLIT: ReadonlyArray<readonly [string, string]> = [
	['x', 'x'],
	['x-1', 'x'],
	['x-1-2-3', 'x'],
	["('x-2', 1)", 'x'],
	["('x', 1)", 'x'],
	['hello-world-1', 'hello-world'],
	['ae05086432ca935f6eba409a8ecd4896', 'data'],
	['<module.submodule.myclass object at 0xdaf372', 'myclass'],
	['x-abcdefab', 'x'],
	['_(x)', 'x'],
	['finalize-hlgfinalizecompute-2b2e7f1d0a3b4c5d6e7f8a9b0c1d2e3f', 'finalize-hlgfinalizecompute'],
	['inc-87e2c05a-e5d6-41e6-9f3b-eba83eca8338-199', 'inc'],
	['make_blob-fb104cfa-62d5-4124-b9c3-a6da6701b72b-2', 'make_blob'],
	['cache-blob-7', 'cache-blob'],
	['slow_square-sum-part-abc', 'slow_square-sum-part-abc'],
	['x-abcdefgh', 'x'], // 8 letters starting with a–f: Dask takes it for a hash
	['x-ghijklmn', 'x-ghijklmn'],
	['rechunk-merge-1234', 'rechunk-merge'],
	["('getitem-abc123', 0, 1)", 'getitem'],
	['λ-1', 'λ'],
	['-x', 'Other'],
	['', 'Other'],
];

describe('keySplit', () => {
	it.each(KEY_SPLIT)('splits %j like dask.utils.key_split: %j', (key, prefix) => {
		expect(keySplit(key)).toBe(prefix);
	});

	it('names every key on every recorded worker page after a prefix the scheduler /metrics lists', () => {
		let checked = 0;
		for (const version of FIXTURE_VERSIONS) {
			for (const scenario of SCENARIOS) {
				const entries = loadManifest(version, scenario).entries;
				const prefixes = new Set<string>();
				const metrics = parsePrometheus(readScenarioFile(version, scenario, 'scheduler/%2Fmetrics'));
				for (const s of metrics.samples.get('dask_scheduler_prefix_state_totals_total') ?? [])
					prefixes.add(s.labels!['task_prefix_name']!);
				for (const entry of entries) {
					if (!entry.path.startsWith('/info/worker/') || !entry.file) continue;
					const page = parseWorkerPage(readScenarioFile(version, scenario, entry.file));
					for (const k of [...page.inMemory, ...page.processing]) {
						expect(prefixes, `${version}/${scenario} ${k.key}`).toContain(k.prefix);
						checked++;
					}
				}
			}
		}
		expect(checked).toBeGreaterThan(50);
	});
});
