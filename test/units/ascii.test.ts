import {fileURLToPath} from 'node:url';
import {afterEach, describe, expect, it} from 'vitest';
import {bakedTexts} from '../../source/options/baked.js';
import {helpPage, parseArgv} from '../../source/options/flags.js';
import {quickAnswer} from '../../source/run/quick.js';
import {setPlainText} from '../../source/run/say.js';
import {asciiCells, asciiProse, asciiWanted, localeIsUtf8} from '../../source/units/ascii.js';
import {captureOutput, runMain} from '../helpers/run-main.js';

const NON_ASCII = /[^\u0000-\u007f]/;

describe('ASCII output', () => {
	afterEach(() => setPlainText(false));

	it.each([
		[{}, true],
		[{LANG: 'en_US.UTF-8'}, true],
		[{LANG: 'C.utf8'}, true],
		[{LANG: 'C'}, false],
		[{LC_ALL: 'POSIX', LANG: 'en_US.UTF-8'}, false],
		[{LC_ALL: '', LC_CTYPE: 'en_US.ISO-8859-1', LANG: 'en_US.UTF-8'}, false],
	])('locale %j is UTF-8: %s', (env, utf8) => {
		expect(localeIsUtf8(env)).toBe(utf8);
	});

	it('--ascii counts among the options only, before a bare --', () => {
		expect(asciiWanted(['--ascii', 'http://h:8787'], {})).toBe(true);
		expect(asciiWanted(['http://h:8787', '--', '--ascii'], {})).toBe(false);
		expect(asciiWanted(['http://h:8787'], {LANG: 'C'})).toBe(true);
		expect(asciiWanted(['http://h:8787'], {LANG: 'C.UTF-8'})).toBe(false);
	});

	it('spells glyphs out in prose, where no column layout has to hold', () => {
		expect(asciiProse('URL URL… [/] ±1 min, ←/→ step, ≤ 3 × 2 — ok')).toBe(
			'URL URL... [/] +/-1 min, <-/-> step, <= 3 x 2 - ok',
		);
		expect(asciiProse('plain')).toBe('plain');
		// cells keep one character per glyph, so a laid-out line keeps its width
		expect(asciiCells('a…b→c')).toBe('a~b>c');
	});

	it('--help --ascii and --help in a C locale print only ASCII, the same page otherwise', async () => {
		const parsed = parseArgv(['--help'], import.meta);
		if (!parsed.ok) throw new Error(parsed.error);
		const page = helpPage(parsed.argv);
		expect(page).toMatch(NON_ASCII);

		const viaMain = await runMain(['--help', '--ascii']);
		expect(viaMain.code).toBe(0);
		expect(viaMain.stdout).not.toMatch(NON_ASCII);
		expect(viaMain.stdout).toBe(asciiProse(page));

		// the entry's own answer (no meow) with the plain text chosen from the locale
		setPlainText(asciiWanted(['--help'], {LANG: 'C'}));
		const baked = bakedTexts() ?? {version: parsed.argv.version, helpPage: page};
		const {result, stdout} = await captureOutput(async () => quickAnswer(['--help'], baked));
		expect(result).toBe(0);
		expect(stdout).toBe(asciiProse(page));
	});

	it('a usage error under --ascii is plain ASCII too', async () => {
		const {stderr} = await runMain(['--ascii', '--interval', '…']);
		expect(stderr).toMatch(/^dask-top: --interval: "\.\.\." is not/);
		expect(stderr).not.toMatch(NON_ASCII);
		// without it, the user's own text comes back as typed
		expect((await runMain(['--interval', '…'])).stderr).toContain('"…"');
	});

	it('the --diff report of a recording is plain ASCII under --ascii, the same figures otherwise', async () => {
		const file = fileURLToPath(new URL('../fixtures/dask-2023.6.0/tui-session.ndjson.gz', import.meta.url));
		const fancy = await runMain(['--replay', file, '--diff', '0s,2m']);
		const plain = await runMain(['--ascii', '--replay', file, '--diff', '0s,2m']);
		expect(fancy.code).toBe(0);
		expect(fancy.stdout).toContain('workers  3 → 3 (0)');
		expect(plain.code).toBe(0);
		expect(plain.stdout).not.toMatch(NON_ASCII);
		expect(plain.stdout).toBe(asciiProse(fancy.stdout));
	});
});
