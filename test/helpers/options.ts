import {resolveOptions, type OptionsInput, type OptionsResult} from '../../source/options/resolve.js';
import type {ParsedArgv} from '../../source/options/flags.js';
import {readFlags} from '../../source/options/parsed-flags.js';

/** Every flag at its default, as meow gives them when none is on the command line. */
export const noFlags: ParsedArgv['flags'] = readFlags({});

/** resolveOptions on a terminal with an empty environment, the given arguments and flags over the defaults. */
export function resolveArgs(
	input: string[],
	flags: Partial<ParsedArgv['flags']> = {},
	rest: Partial<OptionsInput> = {},
): OptionsResult {
	return resolveOptions({argv: {input, flags: {...noFlags, ...flags}}, env: {}, stdoutIsTTY: true, ...rest});
}

/** The options of a result that must be accepted (throws with the usage error otherwise). */
export function ok(result: OptionsResult) {
	if (!result.ok) throw new Error(result.error);
	return result.options;
}

/** The usage error of a result that must be refused. */
export function error(result: OptionsResult): string {
	if (result.ok) throw new Error('expected a usage error');
	return result.error;
}
