/**
 * Each source file's name says its job, so no two share one: `output/check.ts` beside `run/check.ts`
 * told neither what it held. index.ts alone may repeat, as a folder's public API.
 */
import {readdirSync} from 'node:fs';
import {basename, dirname, join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';

const source = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'source');

function sourceFiles(dir: string): string[] {
	return readdirSync(dir, {withFileTypes: true}).flatMap((entry) =>
		entry.isDirectory()
			? sourceFiles(join(dir, entry.name))
			: /\.tsx?$/.test(entry.name)
				? [join(dir, entry.name)]
				: [],
	);
}

describe('source file names', () => {
	it('are each used once, but index.ts', () => {
		const byName = new Map<string, string[]>();
		for (const file of sourceFiles(source)) {
			const name = basename(file).replace(/\.tsx?$/, '');
			byName.set(name, [...(byName.get(name) ?? []), file.slice(source.length + 1)]);
		}
		expect(byName.size).toBeGreaterThan(100);
		const shared = [...byName].filter(([name, files]) => name !== 'index' && files.length > 1);
		expect(shared).toEqual([]);
	});
});
