/**
 * The footer as htop's function bar: each entry drawn is a click target that presses its key. Over
 * the screen of REAL fixture data (Dask 2022.12.1) laid out by appView and drawn by frameLines, at 80
 * and 120 columns, in Unicode and --ascii, live and replayed, on the views and the overlays.
 */
import {describe, expect, it} from 'vitest';
import {dispatchInput, inputContext} from '../../../source/ui/keys/app-keys.js';
import {appView, type AppView} from '../../../source/ui/frame/app-view.js';
import {createBodyMemo} from '../../../source/ui/frame/body-lines.js';
import {frameLines} from '../../../source/ui/frame/frame-lines.js';
import {lineText} from '../../../source/ui/draw/line-text.js';
import type {Theme} from '../../../source/ui/draw/theme.js';
import {seg} from '../../../source/ui/draw/parts.js';
import {footerKeyAt} from '../../../source/ui/keys/pointer.js';
import {footerEntries} from '../../../source/ui/keys/key-lookup.js';
import {leftPress} from '../../helpers/mouse.js';
import {initialUiState, type UiState} from '../../../source/ui/state/ui-state.js';
import {fixtureRun, tuiData} from '../../helpers/fixture-data.js';
import {ASCII, PLAIN} from '../../helpers/render.js';

const run = fixtureRun('2022.12.1', ['idle', 'busy', 'memory-heavy', 'errors', 'worker-died']);
const data = tuiData(run);

const screen = (ui: UiState, columns: number, theme: Theme, kind: 'live' | 'replay' = 'live') =>
	appView({
		ui,
		data,
		url: 'http://scheduler:8787/',
		size: {columns, rows: 30},
		theme,
		source: {kind, clusters: false},
		clusterBar: false,
		allowActions: false,
	});

/** The screen's rows as plain text. */
function drawn(view: AppView, theme: Theme): string[] {
	const {lines, width} = frameLines(view, theme, undefined, createBodyMemo());
	return lines.map((line) => lineText(line, theme, width));
}

const base = initialUiState();
const STATES: ReadonlyArray<[string, UiState]> = [
	['the workers view', base],
	['the progress view', {...base, view: 'progress'}],
	['the help', {...base, help: true}],
	['the filter prompt', {...base, filterEditing: true, filterText: 'al'}],
	['the sort list', {...base, sortMenu: 2}],
	['a paused display', {...base, paused: true}],
	['the column setup', {...base, columnSetup: {cursor: 1, before: base.columns}}],
];

describe.each([
	[80, 'Unicode', PLAIN],
	[120, 'Unicode', PLAIN],
	[80, 'ASCII', ASCII],
	[120, 'ASCII', ASCII],
])('the footer at %i columns in %s', (columns, _, theme) => {
	describe.each(['live', 'replay'] as const)('%s', (kind) => {
		it.each(STATES)('on %s: each target covers one entry as drawn, and nothing else', (_, ui) => {
			const view = screen(ui, columns, theme, kind);
			const rows = drawn(view, theme);
			const footer = rows[view.footer.row]!;
			expect(footer, 'the footer is the row the targets name').toBe(
				lineText({segments: view.screen.kind === 'screen' ? view.screen.footer : []}, theme, columns),
			);
			expect(view.footer.targets.length).toBeGreaterThan(0);
			const entries = footerEntries(view.keyContext, {paused: ui.paused, ascii: theme.ascii});
			// (as drawn: --ascii writes ± as +)
			const asDrawn = (text: string) => lineText({segments: [seg(text)]}, theme, 200).trimEnd();
			for (const target of view.footer.targets) {
				const text = footer.slice(target.x, target.x + target.width);
				const entry = entries.find((e) => text === asDrawn(`${e.keys} ${e.label}`) && e.press === target.key);
				expect(entry, `"${text}" at ${target.x} is an entry pressing ${target.key}`).toBeDefined();
				expect(footer[target.x - 1] ?? ' ', 'starts after a blank').toBe(' ');
			}
			// Between the targets: nothing to press.
			const covered = new Set(view.footer.targets.flatMap((t) => Array.from({length: t.width}, (_, i) => t.x + i)));
			for (let x = 0; x < columns; x++)
				if (!covered.has(x)) expect(footerKeyAt(view.footer, x, view.footer.row)).toBeUndefined();
			expect(footerKeyAt(view.footer, view.footer.targets[0]!.x, view.footer.row - 1), 'another row').toBeUndefined();
		});

		it.each(STATES)('on %s: a click on each entry does what pressing its key does', (_, ui) => {
			const view = screen(ui, columns, theme, kind);
			const context = inputContext(view, data, {
				source: {kind, clusters: false},
				allowActions: false,
				terminal: false,
				canAct: false,
			});
			for (const target of view.footer.targets) {
				for (const x of [target.x, target.x + target.width - 1]) {
					const clicked = dispatchInput(view.shown, [leftPress(x, view.footer.row)], 5000, undefined, context);
					const pressed = dispatchInput(view.shown, [{kind: 'key', key: target.key}], 5000, undefined, context);
					expect({...clicked, lastPress: undefined}, `a click at ${x} presses ${target.key}`).toEqual({
						...pressed,
						lastPress: undefined,
					});
					expect(clicked.lastPress, 'not remembered as a press of the body').toBeUndefined();
				}
			}
		});
	});
});

describe('footer clicks in a row', () => {
	it('two quick clicks on "space pause" pause and resume (two presses, not a double-click)', () => {
		const view = screen(base, 120, PLAIN);
		const context = inputContext(view, data, {
			source: {kind: 'live', clusters: false},
			allowActions: false,
			terminal: false,
			canAct: false,
		});
		const pause = view.footer.targets.find((t) => t.key === 'space')!;
		const at = leftPress(pause.x + 2, view.footer.row);
		expect(dispatchInput(view.shown, [at], 5000, undefined, context).state.paused).toBe(true);
		expect(dispatchInput(view.shown, [at, at], 5000, undefined, context).state.paused).toBe(false);
	});

	it('the gaps, other rows and other buttons press nothing', () => {
		const view = screen(base, 120, PLAIN);
		const context = inputContext(view, data, {
			source: {kind: 'live', clusters: false},
			allowActions: false,
			terminal: false,
			canAct: false,
		});
		const [first, second] = view.footer.targets;
		const gap = first!.x + first!.width;
		expect(second!.x).toBeGreaterThan(gap);
		for (const event of [
			leftPress(gap, view.footer.row),
			leftPress(first!.x, view.footer.row, {button: 'right'}),
			leftPress(first!.x, view.footer.row, {action: 'release'}),
		]) {
			const result = dispatchInput(view.shown, [event], 5000, undefined, context);
			expect(result.state).toBe(view.shown);
			expect(result.effects).toEqual([]);
		}
	});

	it('q quits, from a click as from the key', () => {
		const view = screen(base, 80, PLAIN);
		const context = inputContext(view, data, {
			source: {kind: 'live', clusters: false},
			allowActions: false,
			terminal: false,
			canAct: false,
		});
		const quit = view.footer.targets.find((t) => t.key === 'q')!;
		const result = dispatchInput(view.shown, [leftPress(quit.x, view.footer.row)], 5000, undefined, context);
		expect(result.effects).toEqual([{kind: 'quit'}]);
		expect(result.stopped).toBe(true);
	});
});
