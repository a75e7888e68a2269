import {describe, expect, it} from 'vitest';
// @ts-expect-error: a plain .mjs build script without type declarations
import {computeCliTexts} from '../../scripts/bake-cli-text.mjs';
import {helpPage, parseArgv} from '../../source/options/flags.js';

describe('the --version and --help texts baked into the bundle', () => {
	it('are what main() prints from the same source at run time', async () => {
		const {texts, inputs} = (await computeCliTexts()) as {texts: unknown; inputs: string[]};
		const parsed = parseArgv(['--help'], import.meta);
		if (!parsed.ok) throw new Error(parsed.error);
		expect(texts).toEqual({version: parsed.argv.version, helpPage: helpPage(parsed.argv)});
		// A rebuild in watch mode bakes them again when the flag table or the help changes.
		expect(inputs.some((path) => path.endsWith('source/options/flag-table.ts'))).toBe(true);
		expect(inputs.some((path) => path.endsWith('source/options/flags.ts'))).toBe(true);
	});
});
