/**
 * The worker detail keeps every figure whole at 80 and 120 columns (present, paused and lost
 * workers of the real fixture sequence of both Dask versions), and writes occupancy compactly.
 */
import {cleanup} from 'ink-testing-library';
import {afterEach, describe, expect, it} from 'vitest';
import {workerRows} from '../../source/model/index.js';
import {DASK_MEMORY_THRESHOLDS} from '../../source/ui/draw/bars.js';
import {formatOccupancy} from '../../source/ui/views/detail-figures.js';
import {detailFigureLines} from '../../source/ui/views/detail-lines.js';
import {FIXTURE_VERSIONS} from '../helpers/fixtures.js';
import {fixtureRun, fixtureWorkerPage, tuiData} from '../helpers/fixture-data.js';
import {bodyStart, KEY, renderApp} from '../helpers/render.js';

afterEach(() => cleanup());

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('occupancy in the detail', () => {
	it.each([
		[0, '0s'],
		[0.85, '850ms'],
		[1.5, '1.5s'],
		[45.2, '45s'],
		[123, '2m03s'],
		[3725, '1h02m'],
		[undefined, '—'],
	])('writes %s seconds as %s', (seconds, text) => {
		expect(formatOccupancy(seconds)).toBe(text);
	});
});

describe.each(FIXTURE_VERSIONS)('the worker detail on Dask %s fixtures', (version) => {
	const run = fixtureRun(version, ['idle', 'busy', 'memory-heavy', 'errors', 'worker-died']);
	const rows = workerRows(run.model, {sort: {column: 'name', descending: false}}).rows;

	describe.each([
		[80, 24],
		[120, 40],
	])('at %i×%i', (columns, screenRows) => {
		it.each(['alpha', 'beta', 'gamma'])('shows every figure of %s whole, nothing cut', async (name) => {
			const index = rows.findIndex((r) => r.name === name);
			const row = rows[index]!;
			const page = fixtureWorkerPage(version, 'memory-heavy', row.address);
			const app = await renderApp(tuiData(run, page ? {workerPage: page} : {}), {columns, rows: screenRows});
			await app.press(...Array.from({length: index}, () => 'j'), KEY.enter);
			const lines = app.lines();
			// (gamma's loss in the sequence puts the diagnosis' verdict under the header)
			expect(lines[bodyStart(lines)]).toMatch(new RegExp(`^Worker ${name} `));
			const body = lines.slice(bodyStart(lines), -1);
			for (const line of body) expect(line).not.toContain('…');
			for (const line of lines) expect([...line].length).toBeLessThanOrEqual(columns);
			const {pairs} = detailFigureLines(
				{
					address: row.address,
					track: run.model.workers.get(row.address)!,
					row,
					index,
					count: rows.length,
					memory: DASK_MEMORY_THRESHOLDS,
				},
				columns,
			);
			expect(pairs.map(([label]) => label)).toEqual(
				expect.arrayContaining(['scheduler', 'occupancy', 'heartbeat', 'seen']),
			);
			const text = body.join('\n');
			for (const [label, value] of pairs)
				expect(text).toMatch(new RegExp(`${escapeRegExp(label)} +${escapeRegExp(value)}( |$)`, 'm'));
			if (name === 'gamma') expect(text).toMatch(/^LOST at \d\d:\d\d:\d\d/m);
		});
	});
});
