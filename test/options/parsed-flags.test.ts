/**
 * The parsed flags come from the settings table (options/parsed-flags.ts): every flag of the table
 * is read by parseArgv under its name, with the value the command line gave, and at its default
 * when not given; no flag is read that the table does not hold.
 */
import {describe, expect, it} from 'vitest';
import {DRILL_SETTINGS} from '../../source/options/drill-flags.js';
import {parseArgv} from '../../source/options/flags.js';
import {readFlags} from '../../source/options/parsed-flags.js';
import {RECORD_SETTINGS} from '../../source/options/recording.js';
import {type FlagPart, kebab, longFlag, type Setting} from '../../source/options/setting-types.js';
import {SETTINGS} from '../../source/options/settings.js';

type FlagSetting = Setting & {readonly flag: FlagPart};
const flagSettings = (SETTINGS as readonly Setting[]).filter((s): s is FlagSetting => s.flag !== 'none');
const groupOf = (s: Setting) =>
	(DRILL_SETTINGS as readonly Setting[]).includes(s)
		? 'drill'
		: (RECORD_SETTINGS as readonly Setting[]).includes(s)
			? 'recording'
			: undefined;

/** The flags parseArgv gives for argv (throws on a usage error). */
function parsed(argv: string[]): Readonly<Record<string, unknown>> {
	const result = parseArgv(argv, import.meta);
	if (!result.ok) throw new Error(result.error);
	return result.argv.flags as Readonly<Record<string, unknown>>;
}

/** The value of one setting's flag among the parsed flags (in its group, if it has one). */
function flagValue(flags: Readonly<Record<string, unknown>>, s: Setting): unknown {
	const group = groupOf(s);
	return group === undefined ? flags[s.name] : (flags[group] as Readonly<Record<string, unknown>>)[s.name];
}

describe('the parsed flags', () => {
	it.each(flagSettings.map((s) => [s.name, s] as const))('reads --%s under its name', (_name, s) => {
		if (s.flag.type === 'boolean') {
			const turnedOff = s.flag.default === true;
			expect(flagValue(parsed([longFlag(s)]), s)).toBe(!turnedOff);
		} else if (s.flag.isMultiple === true) {
			expect(flagValue(parsed([`--${kebab(s.name)}=one`, `--${kebab(s.name)}=two`]), s)).toEqual(['one', 'two']);
		} else {
			expect(flagValue(parsed([`--${kebab(s.name)}=given`]), s)).toBe('given');
		}
	});

	it('gives every flag of the table at its default when none is given, and nothing else', () => {
		const flags = parsed([]);
		for (const s of flagSettings) {
			const value = flagValue(flags, s);
			if (s.flag.type === 'string') expect(value, s.name).toBeUndefined();
			else if (groupOf(s) === undefined) expect(value, s.name).toBe(s.flag.default === true);
			else expect(value, s.name).toBeUndefined();
		}
		const own = flagSettings.filter((s) => groupOf(s) === undefined && s.flag.type === 'boolean').map((s) => s.name);
		expect(Object.keys(flags).sort()).toEqual([...own, 'drill', 'recording'].sort());
		expect(readFlags({})).toEqual(flags);
	});
});
