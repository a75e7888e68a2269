/**
 * `--ascii` (and a non-UTF-8 locale, which sets it): every view, at 80×24 and 120×40, from the
 * recorded fixtures and the bundled demo, prints nothing but ASCII (code < 128): no braille, box
 * or block characters and none of `≈ · … → − × ≤ ≥ Σ —`, in the model's messages included.
 */
import {cleanup} from 'ink-testing-library';
import {afterEach, describe, expect, it} from 'vitest';
import {FIXTURE_VERSIONS} from '../helpers/fixtures.js';
import {demoRun, fixtureRun, fixtureWorkerPage, tuiData, type FixtureRun} from '../helpers/fixture-data.js';
import {ASCII, KEY, renderApp} from '../helpers/render.js';
import type {WorkerPageState} from '../../source/ui/views/detail-figures.js';

afterEach(() => cleanup());

const SEQUENCE = ['idle', 'busy', 'memory-heavy', 'errors', 'worker-died'] as const;
const SIZES = [
	[80, 24],
	[120, 40],
] as const;
// The views as keys reach them: workers (with the overview under it when there is room), the
// detail, progress, events, help.
const VIEWS: ReadonlyArray<readonly [string, readonly string[]]> = [
	['workers', []],
	['detail', [KEY.enter]],
	['progress', ['2']],
	['events', ['3']],
	['help', ['?']],
	['help scrolled', ['?', ...Array.from({length: 40}, () => 'j')]],
];

function nonAscii(frame: string): string[] {
	return [...new Set([...frame].filter((ch) => (ch.codePointAt(0) ?? 0) >= 128))];
}

async function expectAscii(run: FixtureRun, page: WorkerPageState | undefined): Promise<void> {
	for (const [columns, rows] of SIZES) {
		for (const [name, keys] of VIEWS) {
			const app = await renderApp(tuiData(run, page ? {workerPage: page} : {}), {columns, rows, theme: ASCII});
			await app.press(...keys);
			const frame = app.frame();
			expect(frame.length, `${name} at ${columns}x${rows} drew something`).toBeGreaterThan(columns);
			expect(nonAscii(frame), `${name} at ${columns}x${rows}:\n${frame}`).toEqual([]);
			app.unmount();
			cleanup();
		}
	}
}

describe('--ascii prints only ASCII', () => {
	it.each(FIXTURE_VERSIONS)(
		'in every view on the Dask %s fixtures',
		async (version) => {
			const run = fixtureRun(version, SEQUENCE);
			const first = run.model.workers.keys().next().value as string | undefined;
			await expectAscii(run, first === undefined ? undefined : fixtureWorkerPage(version, 'busy', first));
		},
		60_000,
	);

	it('in every view of the bundled demo', async () => {
		await expectAscii(await demoRun(86), undefined);
	}, 60_000);
});
