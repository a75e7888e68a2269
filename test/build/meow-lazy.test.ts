import {cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {afterAll, describe, expect, it} from 'vitest';
// @ts-expect-error: a plain .mjs build script without type declarations
import {lazyMeowDependencies, leanMeowOptions} from '../../scripts/meow-lazy.mjs';

const meowBuild = dirname(createRequire(import.meta.url).resolve('meow'));
const original = readFileSync(join(meowBuild, 'dependencies.js'), 'utf8');
const originalOptions = readFileSync(join(meowBuild, 'options.js'), 'utf8');
const copy = mkdtempSync(join(tmpdir(), 'meow-lazy-'));
afterAll(() => rmSync(copy, {recursive: true, force: true}));

/** meow from a copy of its build directory whose dependencies.js and options.js are the bundle's. */
async function lazyMeow(): Promise<typeof import('meow').default> {
	cpSync(meowBuild, copy, {recursive: true});
	writeFileSync(join(copy, 'dependencies.js'), lazyMeowDependencies(original));
	writeFileSync(join(copy, 'options.js'), leanMeowOptions(originalOptions));
	return ((await import(pathToFileURL(join(copy, 'index.js')).href)) as typeof import('meow')).default;
}

describe("the bundle's lazy meow dependencies", () => {
	it('parses flags and help as meow does; cli.pkg is the package as given', async () => {
		const meow = await lazyMeow();
		const stock = (await import('meow')).default;
		const options = {
			importMeta: import.meta,
			pkg: {name: 'x', version: '1.2.3', description: 'd', repository: 'github:o/r'},
			argv: ['--interval', '3s', 'url', '--no-color', '-H', 'a: b', '--header=c: d'],
			flags: {
				interval: {type: 'string'},
				color: {type: 'boolean', default: true},
				header: {type: 'string', shortFlag: 'H', isMultiple: true},
			},
			autoHelp: false,
			autoVersion: false,
		} as const;
		const cli = meow('Usage: x', options);
		const reference = stock('Usage: x', options);
		expect(cli.input).toEqual(['url']);
		expect(cli.flags).toEqual({interval: '3s', color: false, header: ['a: b', 'c: d']});
		expect(cli.flags).toEqual(reference.flags);
		expect(cli.unnormalizedFlags).toEqual(reference.unnormalizedFlags);
		expect(cli.help).toBe(reference.help);
		// No normalize-package-data in the bundle: the shorthand stays as given (stock meow expands it).
		expect(cli.pkg.repository).toBe('github:o/r');
		expect(reference.pkg.repository).toEqual({type: 'git', url: 'git+https://github.com/o/r.git'});
	});

	it('says what to do when no package is given (it cannot read one up the tree)', async () => {
		const meow = await lazyMeow();
		expect(() => meow('Usage: x', {importMeta: import.meta, flags: {}})).toThrow(/pass meow its package\.json/);
	});

	it("fails loudly when meow's code no longer holds a statement it makes lazy", () => {
		expect(() => lazyMeowDependencies(original.replace('promisify(execFile);', ''))).toThrow(/changed/);
		expect(() => leanMeowOptions(originalOptions.replace('readPackageUpSync', 'readPackage'))).toThrow(/changed/);
	});
});
