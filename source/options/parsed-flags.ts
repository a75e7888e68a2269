/**
 * The flags as parseArgv (flags.ts) gives them, made from the settings table (settings.ts): their
 * type, mapped from the descriptors, and their reading out of meow's result, driven by the same
 * descriptors, so a flag added to the table is parsed and typed with no line of its own. Pure.
 *
 * The drill-down's and the recording's flags are passed to their resolvers (drill-flags.ts,
 * recording.ts) as two groups, `drill` and `recording`, holding the flags given only.
 */
import {DRILL_SETTINGS, type DrillFlags} from './drill-flags.js';
import {RECORD_SETTINGS, type RecordFlags} from './recording.js';
import type {ParsedFlags, Setting} from './setting-types.js';
import {SETTINGS} from './settings.js';

type GroupSetting = (typeof DRILL_SETTINGS)[number] | (typeof RECORD_SETTINGS)[number];
type TopSetting = Exclude<(typeof SETTINGS)[number], GroupSetting>;

/** Every flag of the command line: those of the table's own settings, then the two groups. */
export type CommandFlags = ParsedFlags<TopSetting> & {
	/** --record, --record-max, --replay, --at, --diff, --demo, as given (recording.ts). */
	readonly recording?: RecordFlags;
	/** --stacks, --worker, --errors, --logs, as given (drill-flags.ts). */
	readonly drill?: DrillFlags;
};

/** The flag settings' values out of meow's result; `givenOnly`: a boolean off and an empty list left out too. */
function flagValues(
	settings: readonly Setting[],
	meowFlags: Readonly<Record<string, unknown>>,
	givenOnly: boolean,
): Record<string, unknown> {
	return Object.fromEntries(
		settings.flatMap((s): Array<[string, unknown]> => {
			if (s.flag === 'none') return [];
			const value = meowFlags[s.name];
			if (s.flag.type === 'boolean') {
				const on = s.flag.default === true ? value !== false : value === true;
				return givenOnly && !on ? [] : [[s.name, on]];
			}
			if (s.flag.isMultiple === true) return Array.isArray(value) && value.length > 0 ? [[s.name, value]] : [];
			return value === undefined ? [] : [[s.name, value]];
		}),
	);
}

const GROUPED: ReadonlySet<Setting> = new Set<Setting>([...DRILL_SETTINGS, ...RECORD_SETTINGS]);

/** The command line's flags out of meow's result, by the settings table. */
export function readFlags(meowFlags: Readonly<Record<string, unknown>>): CommandFlags {
	const own = SETTINGS.filter((s: Setting) => !GROUPED.has(s));
	return {
		...flagValues(own, meowFlags, false),
		recording: flagValues(RECORD_SETTINGS, meowFlags, true),
		drill: flagValues(DRILL_SETTINGS, meowFlags, true),
	} as CommandFlags;
}
