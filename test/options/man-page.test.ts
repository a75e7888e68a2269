import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {manPage} from '../../source/options/man-page.js';
import {HELP_OPTIONS} from '../../source/options/flags.js';
import {BINDINGS} from '../../source/ui/keys/bindings.js';
import packageJson from '../../package.json' with {type: 'json'};

describe('the man page', () => {
	const page = manPage(packageJson.version, packageJson.description);

	it('is man/dask-top.1 as npm run readme wrote it, installed by the package', () => {
		expect(readFileSync('man/dask-top.1', 'utf8')).toBe(page);
		// A list: npm 11 links the man pages of a global install only from an array (bin-links' link-mans.js).
		expect(packageJson.man).toEqual(['./man/dask-top.1']);
		expect(packageJson.files).toContain('man/dask-top.1');
	});

	it('lists every option of --help and every key, in roff', () => {
		expect(page.startsWith('.TH DASK\\-TOP 1 ')).toBe(true);
		for (const [flag] of HELP_OPTIONS) expect(page).toContain(`.B ${flag.replace(/-/g, '\\-')}`);
		expect(page.split('\n').filter((l) => l === '.TP').length).toBeGreaterThanOrEqual(
			HELP_OPTIONS.length + BINDINGS.length,
		);
		for (const section of ['NAME', 'SYNOPSIS', 'OPTIONS', 'KEYS', 'FILES', 'ENVIRONMENT', 'EXIT STATUS'])
			expect(page).toContain(`.SH ${section}\n`);
	});
});
