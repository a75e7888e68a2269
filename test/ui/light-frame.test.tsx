/**
 * A whole frame drawn with `--theme light` on the real fixture snapshots (memory pressure, errors,
 * a lost worker: every tone shows): no foreground that fades on a white background — white, bright
 * white, yellow, bright yellow, cyan or bright cyan — where the dark theme's frame has some.
 */
import chalk from 'chalk';
import {cleanup} from 'ink-testing-library';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {makeTheme} from '../../source/ui/draw/theme.js';
import {FIXTURE_VERSIONS} from '../helpers/fixtures.js';
import {fixtureRun, tuiData} from '../helpers/fixture-data.js';
import {renderApp} from '../helpers/render.js';

/** SGR foregrounds: 33 yellow, 36 cyan, 37 white, 93 bright yellow, 96 bright cyan, 97 bright white. */
const PALE_ON_WHITE = /\u001B\[(?:33|36|37|93|96|97)m/;

afterEach(() => cleanup());

describe('a frame drawn with --theme light', () => {
	const level = chalk.level;
	beforeEach(() => {
		chalk.level = 1; // colours as on a terminal (vitest's output is not one)
		return () => {
			chalk.level = level;
		};
	});
	const data = tuiData(fixtureRun(FIXTURE_VERSIONS[0]!, ['idle', 'busy', 'memory-heavy', 'errors', 'worker-died']));

	it('has colours, none of them pale on a white background; the dark theme has some', async () => {
		for (const view of ['1', '2', '3']) {
			const light = await renderApp(data, {theme: makeTheme({color: true, ascii: false, light: true})});
			const dark = await renderApp(data, {theme: makeTheme({color: true, ascii: false})});
			await light.press(view);
			await dark.press(view);
			expect(light.frame()).toMatch(/\u001B\[3[1-5]m/);
			expect(light.frame()).not.toMatch(PALE_ON_WHITE);
			if (view === '1') expect(dark.frame()).toMatch(PALE_ON_WHITE);
			light.unmount();
			dark.unmount();
		}
	});
});
