import chalk from 'chalk';
import {Box, Text} from 'ink';
import {cleanup, render} from 'ink-testing-library';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import type {Segment} from '../../../source/ui/draw/bars.js';
import {createFrameText, lineText, mergeSegments} from '../../../source/ui/draw/line-text.js';
import {styledText} from '../../../source/ui/draw/styled-line.js';
import {makeTheme, toneColor, type Theme, type Tone} from '../../../source/ui/draw/theme.js';

/** Ink's colour prop of a tone, left out for the terminal default (Ink's `color` is optional, not undefined). */
function toneProps(theme: Theme, tone: Tone): {color?: string} {
	const color = toneColor(theme, tone);
	return color === undefined ? {} : {color};
}

/** The line as dask-top drew it before: a `<Text>` with one nested `<Text color bold>` per span (Ink styles it). */
function NestedLine({segments, theme, inverse = false}: {segments: Segment[]; theme: Theme; inverse?: boolean}) {
	const merged = mergeSegments(segments, theme);
	return (
		<Text wrap="truncate" inverse={inverse}>
			{merged.length === 0
				? ' '
				: merged.map((s, i) => (
						// biome-ignore lint/suspicious/noArrayIndexKey: test spans are named by their place.
						<Text key={i} {...toneProps(theme, s.tone)} bold={s.bold === true}>
							{s.text}
						</Text>
					))}
		</Text>
	);
}

const TONES: Tone[] = [
	'normal',
	'muted',
	'accent',
	'title',
	'ok',
	'info',
	'warning',
	'critical',
	'managed',
	'unmanaged',
	'free',
	'mark',
];
const TEXTS = ['alpha', ' ', '', '█▓░│', '⣿⡇ 12.3 GiB', 'x'.repeat(150), '▲ 97 %', '‖ paused'];

/** Lines of a seeded walk through every tone, weight and kind of text (wider than the screen too). */
function lines(count: number): Segment[][] {
	let seed = 7;
	const next = (n: number) => {
		seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
		return seed % n;
	};
	return Array.from({length: count}, () =>
		Array.from({length: next(12)}, () => ({
			text: TEXTS[next(TEXTS.length)]!,
			tone: TONES[next(TONES.length)]!,
			...(next(3) === 0 ? {bold: true} : {}),
		})),
	);
}

afterEach(cleanup);

/** ink-testing-library's terminal is this wide: the Text of a line is cut to it. */
const COLUMNS = 100;

describe('a line drawn from its pre-styled text', () => {
	const level = chalk.level;
	beforeEach(() => {
		chalk.level = 1; // styled as on a terminal (vitest's output is not one)
		return () => {
			chalk.level = level;
		};
	});

	for (const [name, theme] of [
		['colour', makeTheme({color: true, ascii: false})],
		['no colour', makeTheme({color: false, ascii: false})],
		['--ascii', makeTheme({color: true, ascii: true})],
	] as const) {
		it(`reaches the screen byte for byte as the nested spans did (${name})`, () => {
			let styled = 0;
			for (const segments of lines(300)) {
				for (const inverse of [false, true]) {
					const nested = render(<NestedLine segments={segments} theme={theme} inverse={inverse} />);
					const flat = render(<Text>{lineText({segments, inverse}, theme, COLUMNS)}</Text>);
					expect(flat.lastFrame()).toBe(nested.lastFrame());
					if (flat.lastFrame()?.includes('\u001B[')) styled++;
					nested.unmount();
					flat.unmount();
				}
			}
			expect(styled, 'frames that carry SGR codes (inverse or bold at least)').toBeGreaterThan(300);
		});
	}

	it('draws a whole screen as one text as the nested lines stacked in a column did', () => {
		const theme = makeTheme({color: true, ascii: false});
		const frameText = createFrameText();
		const all = lines(120);
		for (let start = 0; start + 30 <= all.length; start += 15) {
			const screen = all.slice(start, start + 30);
			const nested = render(
				<Box flexDirection="column" width={COLUMNS}>
					{screen.map((segments, i) => (
						// biome-ignore lint/suspicious/noArrayIndexKey: test rows are named by their place.
						<NestedLine key={i} segments={segments} theme={theme} inverse={i === 3} />
					))}
				</Box>,
			);
			const text = frameText(
				screen.map((segments, i) => ({segments, inverse: i === 3})),
				theme,
				COLUMNS,
			);
			const flat = render(<Text>{text}</Text>);
			expect(flat.lastFrame()).toBe(nested.lastFrame());
			nested.unmount();
			flat.unmount();
		}
	});

	it('carries colour and bold as SGR codes, and nothing at colour level 0', () => {
		const theme = makeTheme({color: true, ascii: false});
		const segments: Segment[] = [
			{text: 'ok', tone: 'ok', bold: true},
			{text: ' 3', tone: 'normal'},
		];
		expect(styledText(segments, theme)).toBe('\u001B[1m\u001B[32mok\u001B[39m\u001B[22m 3');
		chalk.level = 0;
		expect(styledText(segments, theme)).toBe('ok 3');
	});
});
