import {describe, expect, it} from 'vitest';
import {
	activeBindings,
	bindingFor,
	footerEntries,
	resolveKey,
	type KeyContext,
} from '../../source/ui/keys/key-lookup.js';
import {helpLines} from '../../source/ui/views/help-lines.js';
import {initialUiState} from '../../source/ui/state/ui-state.js';
import {ctx, pressOn} from '../helpers/ui-context.js';

const several = (mode: KeyContext['mode'], replay = false): KeyContext => ({mode, replay, clusters: true});
const one = (mode: KeyContext['mode']): KeyContext => ({mode, replay: false});

describe('c and C with several clusters', () => {
	it('switch to the next and previous cluster on every screen', () => {
		for (const mode of ['workers', 'progress', 'events', 'detail'] as const) {
			expect(resolveKey('c', several(mode))).toBe('cluster-next');
			expect(resolveKey('C', several(mode))).toBe('cluster-previous');
		}
		const state = initialUiState();
		const effectOf = (key: string) => bindingFor(key, several('workers'))?.effect?.(state, pressOn(ctx, key));
		expect(effectOf('c')).toEqual([{kind: 'cluster', step: 1, state}]);
		expect(effectOf('C')).toEqual([{kind: 'cluster', step: -1, state}]);
	});

	it('do nothing with one cluster, are filter text in the prompt, and nothing in the help', () => {
		expect(resolveKey('c', one('workers'))).toBeUndefined();
		expect(resolveKey('C', one('detail'))).toBeUndefined();
		expect(resolveKey('c', several('filter'))).toBe('filter-type');
		expect(resolveKey('c', several('help'))).toBeUndefined();
	});

	it('show in the footer only when several clusters are followed', () => {
		expect(footerEntries(several('workers')).map((e) => `${e.keys} ${e.label}`)).toContain('c/C cluster');
		expect(footerEntries(one('workers')).map((e) => e.label)).not.toContain('cluster');
	});

	it('bind each key at most once per mode, several clusters and replay included', () => {
		for (const mode of ['workers', 'progress', 'events', 'detail', 'help', 'filter'] as const) {
			for (const replay of [false, true]) {
				const keys = activeBindings(several(mode, replay)).flatMap((b) => b.keys);
				const cluster = keys.filter((k) => k === 'c' || k === 'C');
				expect(new Set(cluster).size).toBe(cluster.length);
			}
		}
	});

	it('have their own section in the help overlay', () => {
		const text = helpLines(120).map((line) => line.map((s) => s.text).join(''));
		const at = text.indexOf('Several clusters (dask-top URL URL …)');
		expect(at).toBeGreaterThan(0);
		expect(text[at + 1]).toMatch(/^ {2}c +next cluster/);
		expect(text[at + 2]).toMatch(/^ {2}C +previous cluster/);
	});
});
