/** The detail's "what holds its memory" block counts keys in words that agree with the number. */
import {describe, expect, it} from 'vitest';
import {workerRows} from '../../source/model/index.js';
import {DASK_MEMORY_THRESHOLDS} from '../../source/ui/draw/bars.js';
import {detailLines} from '../../source/ui/views/detail-lines.js';
import {makeTheme} from '../../source/ui/draw/theme.js';
import {fixtureRun} from '../helpers/fixture-data.js';

const theme = makeTheme({color: false, ascii: false});

describe('the keys a worker holds', () => {
	it('says "1 key", not "1 keys", in the block head and per prefix', () => {
		const run = fixtureRun('2022.12.1', ['busy']);
		const rows = workerRows(run.model, {sort: {column: 'name', descending: false}}).rows;
		const row = rows[0]!;
		// One key of one prefix: the recorded pages hold more, so the page's reading is written here.
		const page = {
			address: row.address,
			keys: 1,
			inMemoryBytes: 800,
			byPrefix: [{prefix: 'sum', keys: 1, bytes: 800}],
			fetchedMs: run.nowMs,
		};
		const input = {
			address: row.address,
			track: run.model.workers.get(row.address)!,
			row,
			index: 0,
			count: rows.length,
			page,
			memory: DASK_MEMORY_THRESHOLDS,
			nowMs: run.nowMs,
		};
		const text = detailLines(input, theme, 120, 60).map((line) => line.map((s) => s.text).join(''));
		expect(text.some((l) => l.includes('1 key, '))).toBe(true);
		expect(text.find((l) => l.startsWith('sum '))).toMatch(/ 1 key {2}/);
		expect(text.join('\n')).not.toMatch(/\b1 keys\b/);
	});
});
