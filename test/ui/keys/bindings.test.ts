import {existsSync, readFileSync} from 'node:fs';
import {dirname, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';
import {keysMarkdownTable} from '../../../source/ui/keys/binding-text.js';
import type {Binding} from '../../../source/ui/keys/binding-types.js';
import {BINDINGS} from '../../../source/ui/keys/bindings.js';
import {activeBindings, footerEntries, resolveKey, type KeyContext} from '../../../source/ui/keys/key-lookup.js';

const live = (mode: KeyContext['mode']): KeyContext => ({mode, replay: false});
const replay = (mode: KeyContext['mode']): KeyContext => ({mode, replay: true});

describe('resolving keys through the bindings table', () => {
	it('moves with j/k and the arrows in every list view', () => {
		for (const mode of ['workers', 'progress', 'events'] as const) {
			expect(resolveKey('j', live(mode))).toBe('move-down');
			expect(resolveKey('down', live(mode))).toBe('move-down');
			expect(resolveKey('k', live(mode))).toBe('move-up');
			expect(resolveKey('pagedown', live(mode))).toBe('page-down');
			expect(resolveKey('G', live(mode))).toBe('last');
			expect(resolveKey('home', live(mode))).toBe('first');
		}
	});

	it('opens the detail with Enter only from the worker table, and Esc goes back', () => {
		expect(resolveKey('enter', live('workers'))).toBe('open-detail');
		expect(resolveKey('enter', live('progress'))).toBeUndefined();
		expect(resolveKey('escape', live('detail'))).toBe('back');
	});

	it('switches views with Tab and 1/2/3', () => {
		expect(resolveKey('tab', live('workers'))).toBe('next-view');
		expect(resolveKey('1', live('events'))).toBe('view-workers');
		expect(resolveKey('2', live('detail'))).toBe('view-progress');
		expect(resolveKey('3', live('workers'))).toBe('view-events');
		expect(resolveKey('shift+tab', live('progress'))).toBe('previous-view');
	});

	it("takes htop's direct sort keys: M memory, P CPU, T time (heartbeat age), N name, I invert", () => {
		expect(resolveKey('M', live('workers'))).toBe('sort-memory');
		expect(resolveKey('P', live('workers'))).toBe('sort-cpu');
		expect(resolveKey('T', live('workers'))).toBe('sort-time');
		expect(resolveKey('N', live('workers'))).toBe('sort-name');
		expect(resolveKey('I', live('workers'))).toBe('sort-reverse');
		// typed into the filter, they are text
		expect(resolveKey('M', live('filter'))).toBe('filter-type');
	});

	it("groups the worker table by host with t or F5 (htop's tree keys), and folds every host with *", () => {
		for (const context of [live('workers'), replay('workers')]) {
			expect(resolveKey('t', context)).toBe('group-hosts');
			expect(resolveKey('f5', context)).toBe('group-hosts');
			expect(resolveKey('*', context)).toBe('fold-all');
		}
		// Enter stays one key: on a host's row it folds (view-switch.ts), on a worker's it opens the detail.
		expect(resolveKey('enter', live('workers'))).toBe('open-detail');
		expect(resolveKey('t', live('filter'))).toBe('filter-type');
		expect(resolveKey('t', live('progress'))).toBeUndefined();
	});

	it('sorts with s, < and >, and reverses with r', () => {
		expect(resolveKey('s', live('workers'))).toBe('sort-next');
		expect(resolveKey('>', live('workers'))).toBe('sort-next');
		expect(resolveKey('<', live('workers'))).toBe('sort-previous');
		expect(resolveKey('r', live('workers'))).toBe('sort-reverse');
	});

	it('sends every printable key to the filter prompt, q included, but Ctrl-C still quits', () => {
		expect(resolveKey('q', live('filter'))).toBe('filter-type');
		expect(resolveKey('j', live('filter'))).toBe('filter-type');
		expect(resolveKey('space', live('filter'))).toBe('filter-type');
		expect(resolveKey('enter', live('filter'))).toBe('filter-accept');
		expect(resolveKey('escape', live('filter'))).toBe('filter-cancel');
		expect(resolveKey('backspace', live('filter'))).toBe('filter-delete');
		expect(resolveKey('ctrl+c', live('filter'))).toBe('quit');
	});

	it('closes the help with Esc or ?, scrolls it with j/k, quits with q, and ignores the rest', () => {
		expect(resolveKey('escape', live('help'))).toBe('help-close');
		expect(resolveKey('?', live('help'))).toBe('help-close');
		expect(resolveKey('q', live('help'))).toBe('quit');
		expect(resolveKey('j', live('help'))).toBe('move-down');
		expect(resolveKey('s', live('help'))).toBeUndefined();
		expect(resolveKey('enter', live('help'))).toBeUndefined();
	});

	it('keeps ←/→, [/], {/} and x free while live, and gives them to the replay', () => {
		for (const key of ['left', 'right', '[', ']', '{', '}', 'x'])
			expect(resolveKey(key, live('workers'))).toBeUndefined();
		expect(resolveKey('left', replay('workers'))).toBe('replay-step-back');
		expect(resolveKey('right', replay('detail'))).toBe('replay-step-forward');
		expect(resolveKey('[', replay('progress'))).toBe('replay-jump-back');
		expect(resolveKey(']', replay('events'))).toBe('replay-jump-forward');
		expect(resolveKey('{', replay('workers'))).toBe('replay-start');
		expect(resolveKey('}', replay('workers'))).toBe('replay-end');
		expect(resolveKey('x', replay('workers'))).toBe('replay-speed');
	});

	it('pauses the replay with space while replaying, and the display while live', () => {
		expect(resolveKey('space', replay('workers'))).toBe('replay-pause');
		expect(resolveKey('space', live('workers'))).toBe('pause');
		expect(resolveKey('x', replay('filter'))).toBe('filter-type');
	});

	it('changes the interval with + and -, refreshes with R, follows with F', () => {
		expect(resolveKey('+', live('workers'))).toBe('interval-up');
		expect(resolveKey('-', live('progress'))).toBe('interval-down');
		expect(resolveKey('R', live('events'))).toBe('refresh');
		expect(resolveKey('F', live('workers'))).toBe('follow');
		expect(resolveKey('?', live('workers'))).toBe('help');
		expect(resolveKey('q', live('detail'))).toBe('quit');
	});

	it('binds each key at most once per mode', () => {
		for (const mode of ['workers', 'progress', 'events', 'detail', 'help', 'filter'] as const) {
			for (const isReplay of [false, true]) {
				const seen = new Map<string, string>();
				const ctx = {mode, replay: isReplay};
				for (const binding of activeBindings(ctx)) {
					for (const key of binding.keys) {
						if (seen.has(key)) {
							// a shared key is allowed only when the replay binding shadows a live one
							expect(
								binding.modes.includes('replay') ||
									BINDINGS.find((b) => b.action === seen.get(key))!.modes.includes('replay'),
							).toBe(true);
						} else seen.set(key, binding.action);
					}
				}
			}
		}
	});

	it('lists in the footer only the keys of the current mode', () => {
		const workers = footerEntries(live('workers')).map((e) => e.label);
		expect(workers).toEqual(expect.arrayContaining(['help', 'quit', 'detail', 'filter', 'sort']));
		expect(workers).not.toContain('keep');
		expect(footerEntries(live('filter')).map((e) => e.label)).toEqual(['keep', 'clear', 'delete']);
		expect(footerEntries(replay('workers')).map((e) => e.label)).toContain('pause replay');
		expect(footerEntries(replay('workers')).map((e) => e.label)).not.toContain('pause');
	});

	it('says resume in the footer while what space pauses is paused', () => {
		expect(footerEntries(replay('workers'), {paused: true}).map((e) => e.label)).toContain('resume replay');
		expect(footerEntries(replay('workers'), {paused: true}).map((e) => e.label)).not.toContain('pause replay');
		expect(footerEntries(live('workers'), {paused: true}).map((e) => e.label)).toContain('resume');
		expect(footerEntries(live('workers'), {paused: false}).map((e) => e.label)).toContain('pause');
	});

	it('writes the replay step keys so plain ASCII does not read them as the sort keys < and >', () => {
		const step = (ascii: boolean) => footerEntries(replay('workers'), {ascii}).find((e) => e.label === 'step');
		expect(step(false)?.keys).toBe('←/→');
		expect(step(true)?.keys).toBe('Left/Right');
		for (const entry of footerEntries(replay('workers'), {ascii: true}).filter((e) => e.label !== 'sort'))
			expect(entry.keys).not.toMatch(/[<>]/);
	});

	it('keeps every footer label plain ASCII, or gives it an ASCII spelling (±1 min as +/-1 min, not +1 min)', () => {
		const jump = (ascii: boolean) => footerEntries(replay('workers'), {ascii}).find((e) => e.keys === '[/]');
		expect(jump(false)?.label).toBe('±1 min');
		expect(jump(true)?.label).toBe('+/-1 min');
		for (const binding of BINDINGS)
			if (binding.footer !== undefined) expect(binding.footerAscii ?? binding.footer).toMatch(/^[\x20-\x7e]*$/);
	});
});

describe('the README keys table', () => {
	it('has a row for every binding', () => {
		const table = keysMarkdownTable();
		expect(table.split('\n')).toHaveLength(BINDINGS.length + 2);
		expect(table).toContain('| `?` `F1` | show this help | all views |');
		expect(table).toContain(
			'| `click` | select the row under the pointer; ' +
				'a column heading sorts by that column (again: reverses); a footer entry presses its key (on every screen) ' +
				'| workers, progress, events, diagnosis, time |',
		);
		expect(table).toContain('| `←` | step one poll back | replay |');
	});

	it("equals the table between README.md's keys markers", () => {
		const readme = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'README.md');
		expect(
			existsSync(readme),
			'README.md is missing: paste keysMarkdownTable() between <!-- keys:start --> and <!-- keys:end -->',
		).toBe(true);
		const text = readFileSync(readme, 'utf8');
		const match = /<!-- keys:start -->\n([\s\S]*?)\n<!-- keys:end -->/.exec(text);
		expect(
			match,
			'README.md needs the markers <!-- keys:start --> and <!-- keys:end --> around the keys table',
		).not.toBeNull();
		expect(match![1]!.trim()).toBe(keysMarkdownTable());
	});
});

/** What a row of the table lacks: its keys, where they work, its help text, its name, a handler. */
function missingParts(binding: Partial<Binding>): string[] {
	const missing: string[] = [];
	if (!binding.keys?.length || binding.keys.some((k) => k === '')) missing.push('keys');
	if (!binding.modes?.length) missing.push('modes');
	if (!binding.label?.trim()) missing.push('label');
	if (!binding.action) missing.push('action');
	if (typeof binding.update !== 'function' && typeof binding.effect !== 'function') missing.push('handler');
	if (binding.update !== undefined && typeof binding.update !== 'function') missing.push('update');
	if (binding.effect !== undefined && typeof binding.effect !== 'function') missing.push('effect');
	return missing;
}

describe('each row of the bindings table', () => {
	it('holds its keys, where they work, its help text, its name and its handler', () => {
		for (const binding of BINDINGS) expect(missingParts(binding), binding.action).toEqual([]);
	});

	it('is found lacking when a part is missing', () => {
		const row = BINDINGS[0]!;
		expect(missingParts({...row, keys: []})).toEqual(['keys']);
		expect(missingParts({...row, modes: []})).toEqual(['modes']);
		expect(missingParts({...row, label: ' '})).toEqual(['label']);
		expect(missingParts({...row, action: ''})).toEqual(['action']);
		const {update: _update, effect: _effect, ...unhandled} = row;
		expect(missingParts(unhandled)).toEqual(['handler']);
	});
});
