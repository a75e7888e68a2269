import chalk from 'chalk';
import {Text} from 'ink';
import {cleanup, render} from 'ink-testing-library';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import type {Segment} from '../../source/ui/bars.js';
import {Line, mergeSegments} from '../../source/ui/components/line.js';
import {styledText} from '../../source/ui/styled-line.js';
import {makeTheme, toneProps, type Theme, type Tone} from '../../source/ui/theme.js';

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
					const flat = render(<Line segments={segments} theme={theme} inverse={inverse} />);
					expect(flat.lastFrame()).toBe(nested.lastFrame());
					if (flat.lastFrame()?.includes('\u001B[')) styled++;
					nested.unmount();
					flat.unmount();
				}
			}
			expect(styled, 'frames that carry SGR codes (inverse or bold at least)').toBeGreaterThan(300);
		});
	}

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
