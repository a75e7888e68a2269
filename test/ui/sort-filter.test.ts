import {describe, expect, it} from 'vitest';
import {workerRows} from '../../source/model/index.js';
import {SORT_ORDER} from '../../source/ui/state/sort-order.js';
import {synthState} from '../../bench/synth.js';
import {fixtureRun} from '../helpers/fixture-data.js';

describe('sorting and filtering through the model', () => {
	it('keeps a stable order for every sort column, ties broken by address (synthesized 500 workers)', () => {
		const state = synthState(500, 2);
		for (const {column, descending} of SORT_ORDER) {
			const rows = workerRows(state, {sort: {column, descending}}).rows;
			const again = workerRows(state, {sort: {column, descending}}).rows;
			expect(again.map((r) => r.address)).toEqual(rows.map((r) => r.address));
			expect(rows).toHaveLength(500);
		}
		const byThreads = workerRows(state, {sort: {column: 'threads', descending: true}}).rows.map((r) => r.address);
		expect(byThreads).toEqual([...byThreads].sort());
	});

	it('filters by name, address or host, and reports a bad pattern instead of throwing', () => {
		const {model} = fixtureRun('2026.7.1', ['busy']);
		const sort = {column: 'name' as const, descending: false};
		expect(workerRows(model, {sort, filter: 'bet'}).rows.map((r) => r.name)).toEqual(['beta']);
		expect(workerRows(model, {sort, filter: '41003'}).rows.map((r) => r.name)).toEqual(['gamma']);
		expect(workerRows(model, {sort, filter: '127.0.0.1'}).rows).toHaveLength(3);
		expect(workerRows(model, {sort, filter: '/^(alpha|gamma)$/'}).rows.map((r) => r.name)).toEqual(['alpha', 'gamma']);
		const bad = workerRows(model, {sort, filter: '/(/'});
		expect(bad.error).toMatch(/bad filter pattern/);
		expect(bad.rows).toHaveLength(3);
	});
});
