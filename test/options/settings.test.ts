/**
 * The settings table: every descriptor says every part of itself (a flag or "none", a config key or
 * "none", its environment or "none", its default, its help text), its default lies in its range,
 * and the docs made from it (docs/config.example.json, docs/reference.md's settings table) are as
 * npm run readme wrote them.
 */
import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {configExampleText, settingsMarkdownTable} from '../../source/options/settings-docs.js';
import {type FlagPart, type Setting, settingHelp} from '../../source/options/setting-types.js';
import {SETTINGS} from '../../source/options/settings.js';
import {DEFAULT_INTERVAL_MS, MIN_INTERVAL_MS} from '../../source/types/poll-interval.js';

const PARTS = ['name', 'flag', 'config', 'env', 'default', 'help'] as const;

/** What a descriptor leaves out or gets wrong, one line each (none: it is whole). */
function problems(s: Setting): string[] {
	const out: string[] = [];
	const record = s as unknown as Readonly<Record<string, unknown>>;
	for (const part of PARTS)
		if (record[part] === undefined || record[part] === '') out.push(`${s.name}: no ${part} (write "none")`);
	if (s.flag === 'none' && s.config === 'none') out.push(`${s.name}: neither a flag nor a config key`);
	if (s.flag !== 'none' && s.flag !== undefined) {
		if (s.flag.type !== 'boolean' && s.flag.type !== 'string') out.push(`${s.name}: a flag needs its type`);
		if (s.flag.type === 'string' && !s.flag.value) out.push(`${s.name}: a value flag needs its placeholder`);
		if (s.flag.type === 'boolean' && s.flag.value !== undefined) out.push(`${s.name}: a boolean takes no value`);
	}
	if (s.config !== 'none' && s.config !== undefined) {
		if (!s.config.key || !s.config.kind) out.push(`${s.name}: a config part needs its key and kind`);
		if (s.config.example === undefined) out.push(`${s.name}: a config part needs its example (null: unset)`);
	}
	if (Array.isArray(s.env) && s.env.length === 0) out.push(`${s.name}: an empty environment (write "none")`);
	const isDuration = s.config !== 'none' && s.config?.kind === 'duration';
	if (isDuration && s.range === undefined) out.push(`${s.name}: a duration needs its range`);
	if (s.help?.includes('{range}') && s.range === undefined) out.push(`${s.name}: {range} without a range`);
	if (s.help?.includes('{default}') && (typeof s.default !== 'object' || s.default === null))
		out.push(`${s.name}: {default} without a default value`);
	return out;
}

describe('the settings table', () => {
	it('has every part of every descriptor', () => {
		expect((SETTINGS as readonly Setting[]).flatMap(problems)).toEqual([]);
	});

	it('finds a descriptor that lacks a part', () => {
		const whole = SETTINGS.find((s) => s.name === 'interval') as Setting;
		const {help: _help, ...noHelp} = whole;
		const {config: _config, ...noConfig} = whole;
		const {range: _range, ...noRange} = whole;
		expect(problems(noHelp as Setting)).toEqual(['interval: no help (write "none")']);
		expect(problems(noConfig as Setting)).toEqual(['interval: no config (write "none")']);
		expect(problems({...whole, flag: {type: 'string'}})).toEqual(['interval: a value flag needs its placeholder']);
		expect(problems({...whole, flag: 'none', config: 'none'})).toEqual(['interval: neither a flag nor a config key']);
		expect(problems({...whole, flag: {value: 'DURATION'} as FlagPart})).toEqual(['interval: a flag needs its type']);
		expect(problems(noRange)).toContain('interval: a duration needs its range');
	});

	it('names each setting, flag and config key once', () => {
		const names = SETTINGS.map((s) => s.name);
		expect(new Set(names).size).toBe(names.length);
		const keys = (SETTINGS as readonly Setting[]).flatMap((s) => (s.config === 'none' ? [] : [s.config.key]));
		expect(new Set(keys).size).toBe(keys.length);
	});

	it('keeps each default in its range and fills in every placeholder', () => {
		for (const s of SETTINGS as readonly Setting[]) {
			expect(settingHelp(s), s.name).not.toMatch(/\{default\}|\{range\}/);
			if (s.range === undefined || typeof s.default !== 'object' || !('ms' in s.default)) continue;
			expect(s.default.ms, s.name).toBeGreaterThanOrEqual(s.range.minMs);
			expect(s.default.ms, s.name).toBeLessThanOrEqual(s.range.maxMs);
		}
		const interval = SETTINGS.find((s) => s.name === 'interval') as Setting;
		expect(interval.default).toEqual({ms: DEFAULT_INTERVAL_MS});
		expect(interval.range?.minMs).toBe(MIN_INTERVAL_MS);
		expect(settingHelp(interval)).toBe('Poll interval: 2s, 1m, 1h or a number of seconds (default 2s; 1s to 1h)');
	});

	it('is docs/config.example.json as npm run readme wrote it', () => {
		expect(readFileSync('docs/config.example.json', 'utf8')).toBe(configExampleText());
	});

	it("is docs/reference.md's settings table as npm run readme wrote it", () => {
		const block = /<!-- settings:start -->\n([\s\S]*?)\n<!-- settings:end -->/.exec(
			readFileSync('docs/reference.md', 'utf8'),
		);
		expect(block?.[1]).toBe(settingsMarkdownTable());
		for (const s of SETTINGS as readonly Setting[])
			if (s.config !== 'none') expect(block?.[1]).toContain(`"${s.config.key}"`);
	});
});
