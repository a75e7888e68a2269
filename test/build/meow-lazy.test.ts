import {cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {afterAll, describe, expect, it} from 'vitest';
// @ts-expect-error: a plain .mjs build script without type declarations
import {lazyMeowDependencies} from '../../scripts/meow-lazy.mjs';

const meowBuild = dirname(createRequire(import.meta.url).resolve('meow'));
const original = readFileSync(join(meowBuild, 'dependencies.js'), 'utf8');
const copy = mkdtempSync(join(tmpdir(), 'meow-lazy-'));
afterAll(() => rmSync(copy, {recursive: true, force: true}));

/** meow from a copy of its build directory whose dependencies.js is the bundle's lazy one. */
async function lazyMeow(): Promise<typeof import('meow').default> {
	cpSync(meowBuild, copy, {recursive: true});
	writeFileSync(join(copy, 'dependencies.js'), lazyMeowDependencies(original));
	return ((await import(pathToFileURL(join(copy, 'index.js')).href)) as typeof import('meow')).default;
}

describe("the bundle's lazy meow dependencies", () => {
	it('parses flags as meow does, and still normalizes the package when cli.pkg is read', async () => {
		const meow = await lazyMeow();
		const cli = meow('Usage: x', {
			importMeta: import.meta,
			pkg: {name: 'x', version: '1.2.3', description: 'd', repository: 'github:o/r'},
			argv: ['--interval', '3s', 'url', '--no-color'],
			flags: {interval: {type: 'string'}, color: {type: 'boolean', default: true}},
			autoHelp: false,
			autoVersion: false,
		});
		expect(cli.input).toEqual(['url']);
		expect(cli.flags).toMatchObject({interval: '3s', color: false});
		// normalize-package-data, run lazily on first use, turns the shorthand into a full repository.
		expect(cli.pkg.repository).toEqual({type: 'git', url: 'git+https://github.com/o/r.git'});
		expect(cli.pkg['_id']).toBe('x@1.2.3');
	});

	it("fails loudly when meow's code no longer holds a statement it makes lazy", () => {
		expect(() => lazyMeowDependencies(original.replace('promisify(execFile);', ''))).toThrow(/changed/);
	});
});
