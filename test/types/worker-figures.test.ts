import {describe, expect, it} from 'vitest';
import {workerRow} from '../../source/model/rows/rows.js';
import {initialState, reduce} from '../../source/model/state.js';
import {WorkerBuilder} from '../../source/parse/worker-builder.js';
import type {WorkerFigure} from '../../source/types/worker-figure-types.js';
import {WORKER_COLUMN_IDS} from '../../source/types/worker-column-ids.js';
import {FIGURE_COLUMNS, ONCE_COLUMNS, WORKER_FIGURES, WORKER_JSON_FIELDS} from '../../source/types/worker-figures.js';
import {detailPairs} from '../../source/ui/views/detail-figures.js';
import {fixtureSnapshot} from '../helpers/snapshots.js';

/** Every part a descriptor must give: a part a figure has not is said with null, never left out. */
const PARTS = ['unit', 'sources', 'row', 'sort', 'column', 'detail', 'json', 'once'] as const;

/** What is wrong with one descriptor: each part it lacks. */
function lacking(figure: Partial<WorkerFigure>): string[] {
	return PARTS.filter((part) => !(part in figure) || figure[part] === undefined);
}

const FIGURES = Object.entries(WORKER_FIGURES) as Array<[string, WorkerFigure]>;

describe('the worker figures table', () => {
	it('gives every part of every figure, or says it has none', () => {
		for (const [name, figure] of FIGURES) expect(lacking(figure), name).toEqual([]);
		for (const [name, figure] of FIGURES) expect(figure.sources.length, name).toBeGreaterThan(0);
	});

	it('finds a descriptor that lacks a part, even one it would leave null', () => {
		const {detail: _detail, ...noDetail} = WORKER_FIGURES.cpu_percent;
		expect(lacking(noDetail)).toEqual(['detail']);
		expect(lacking({...WORKER_FIGURES.num_fds, once: undefined} as never)).toEqual(['once']);
		expect(lacking({})).toEqual([...PARTS]);
	});

	it('gives each table column from exactly one figure, and draws no figure in a column that is not', () => {
		const owners = FIGURES.flatMap(([name, f]) => (f.column !== null && 'id' in f.column ? [[f.column.id, name]] : []));
		expect(owners.map(([id]) => id).sort()).toEqual([...WORKER_COLUMN_IDS].sort());
		expect([...FIGURE_COLUMNS.keys()].sort()).toEqual([...WORKER_COLUMN_IDS].sort());
		for (const [name, f] of FIGURES)
			if (f.column !== null && 'in' in f.column) expect(WORKER_COLUMN_IDS, name).toContain(f.column.in);
		// A column sorts by a key some figure orders by (the sort reads the row field from that figure).
		const keys = FIGURES.flatMap(([, f]) => (f.sort !== null && f.row !== null ? [f.sort] : []));
		for (const column of FIGURE_COLUMNS.values()) expect(keys, column.id).toContain(column.sort);
	});

	it('places --once columns one each, left to right, and a figure only in a column that is there', () => {
		expect(ONCE_COLUMNS.map((c) => c.position)).toEqual(ONCE_COLUMNS.map((_, i) => i));
		const headings = ONCE_COLUMNS.map((c) => c.heading);
		for (const [name, f] of FIGURES) if (f.once !== null && 'in' in f.once) expect(headings, name).toContain(f.once.in);
	});

	it("names a snapshot figure's --json key after the figure, in the order a built worker has its fields", () => {
		for (const [name, f] of FIGURES) if (f.json !== null) expect(f.json).toBe(name);
		const worker = new WorkerBuilder('tcp://10.0.0.1:1', 'w').build();
		expect(Object.keys(worker)).toEqual(['address', 'name', ...WORKER_JSON_FIELDS.slice(2), 'sources']);
		expect(WORKER_JSON_FIELDS.slice(0, 2)).toEqual(['address', 'name']);
	});

	it("gives each field of a row from a figure, and each figure's row field is in the row", () => {
		const snapshot = fixtureSnapshot('2026.7.1', 'busy');
		const state = reduce(initialState(), {type: 'snapshot', snapshot, nowMs: snapshot.time * 1000});
		const track = [...state.workers.values()][0]!;
		const row = workerRow(track, 'warning');
		const rowFields = FIGURES.flatMap(([, f]) => (f.row === null ? [] : [f.row]));
		// present and lost_at are the row's standing (listed or gone), not figures.
		expect(
			Object.keys(row)
				.filter((k) => k !== 'present')
				.sort(),
		).toEqual([...rowFields].sort());
	});

	it('labels the detail lines the detail shows', () => {
		const snapshot = fixtureSnapshot('2026.7.1', 'busy');
		const state = reduce(initialState(), {type: 'snapshot', snapshot, nowMs: snapshot.time * 1000});
		const track = [...state.workers.values()][0]!;
		const pairs = detailPairs({
			address: track.address,
			track,
			row: workerRow(track, 'warning'),
			index: 0,
			count: 1,
			memory: {target: 0.6, spill: 0.7, pause: 0.8, terminate: 0.95},
		});
		const labels = new Set(pairs.map(([label]) => label));
		const lines = new Set(FIGURES.flatMap(([, f]) => (f.detail === null ? [] : [f.detail.line])));
		// The detail's own lines beside the figures' (`seen`: when dask-top first saw the worker); `states`
		// and `memory`'s bar are drawn by detail-lines.ts.
		expect([...labels].filter((l) => !lines.has(l))).toEqual(['seen']);
		expect([...lines].filter((l) => !labels.has(l)).sort()).toEqual(['states']);
	});
});
