/** Wrapping prose and parts onto lines of a width, and cutting names in the middle. */
import stringWidth from 'string-width';
import {describe, expect, it} from 'vitest';
import type {Segment} from '../../../source/ui/draw/bars.js';
import {fitMiddle} from '../../../source/ui/draw/cells.js';
import {part, seg} from '../../../source/ui/draw/parts.js';
import {wrapParts, wrapSegments, wrapSegmentsOnce} from '../../../source/ui/draw/wrap.js';

const text = (line: readonly Segment[]) => line.map((s) => s.text).join('');
/** Lines read back as prose: indents dropped, one space where a line was broken. */
const joinedText = (lines: readonly (readonly Segment[])[]) => lines.map((l) => text(l).trim()).join(' ');

describe('wrapSegments', () => {
	it('returns a line that fits as it is', () => {
		const line = [seg('beta: ', 'accent'), seg('spilling 1.2 GiB')];
		expect(wrapSegments(line, 40)).toEqual([line]);
	});

	it('wraps at spaces onto continuation lines with a hanging indent, none wider than the width', () => {
		const message =
			'worker gamma (tcp://127.0.0.1:50121) lost: last status running; ' +
			'memory 254.7 MiB (25 % of 1.0 GiB); last seen 18:37:03 UTC';
		const lines = wrapSegments([seg(message)], 40, 6);
		expect(lines.length).toBeGreaterThan(2);
		for (const line of lines) expect(text(line).length).toBeLessThanOrEqual(40);
		for (const line of lines.slice(1)) expect(text(line)).toMatch(/^ {6}\S/);
		expect(joinedText(lines)).toBe(message);
	});

	it('keeps a figure and its unit on one line', () => {
		const lines = wrapSegments([seg('beta is spilling to disk: 320.3 MiB on disk (+320.3 MiB)')], 52, 4);
		expect(lines.map(text)).toEqual(['beta is spilling to disk: 320.3 MiB on disk', '    (+320.3 MiB)']);
	});

	it('keeps the tones of the words it moves, a word spanning two segments included', () => {
		const lines = wrapSegments(
			[seg('cluster: ', 'accent'), seg('10 more tasks erred', 'normal'), seg(' (explode 6)', 'muted')],
			20,
			2,
		);
		expect(lines.map(text)).toEqual(['cluster: 10 more', '  tasks erred', '  (explode 6)']);
		expect(lines[0]![0]).toEqual({text: 'cluster:', tone: 'accent'});
		expect(lines[2]!.filter((s) => s.text.trim() !== '').every((s) => s.tone === 'muted')).toBe(true);
	});

	it('breaks a word longer than a line instead of cutting it', () => {
		const lines = wrapSegments([seg('key-abcdefghijklmnopqrstuvwxyz0123456789')], 16, 2);
		for (const line of lines) expect(text(line).length).toBeLessThanOrEqual(16);
		expect(
			lines
				.map(text)
				.map((t) => t.trim())
				.join(''),
		).toBe('key-abcdefghijklmnopqrstuvwxyz0123456789');
	});

	it(
		'starts after a prefix the caller puts on the first line, ' +
			'moving a word to the next line rather than breaking it',
		() => {
			const lines = wrapSegments([seg('beta is paused: it runs no new tasks')], 30, 4, 20);
			expect(lines.map(text)).toEqual(['beta is', '    paused: it runs no new', '    tasks']);
		},
	);

	it('counts wide characters as the two columns they take: a wide name wraps whole, nothing lost', () => {
		const message = 'worker 計算ノード東京-gpu-01 (tcp://127.0.0.1:45529) lost: last status running';
		const lines = wrapSegments([seg(message)], 40, 4, 10);
		for (const line of lines) expect(stringWidth(text(line)), text(line)).toBeLessThanOrEqual(40);
		// 'worker ' and the 21-column name fill 10 + 28 columns: the address moves to the next line
		expect(text(lines[0]!)).toBe('worker 計算ノード東京-gpu-01');
		expect(joinedText(lines)).toBe(message);
	});

	it('breaks a wide word between characters, never inside one, at every width', () => {
		const word = '計算ノード東京中文字-worker🙂名前';
		for (let width = 9; width <= 40; width++) {
			const lines = wrapSegments([seg(`x ${word}`)], width, 2);
			for (const line of lines) expect(stringWidth(text(line)), `${width}: ${text(line)}`).toBeLessThanOrEqual(width);
			expect(lines.map((l) => text(l).replaceAll(' ', '')).join(''), `at ${width}`).toBe(`x${word}`);
		}
	});

	it('keeps the spaces that indent the first line', () => {
		expect(wrapSegments([seg('  note: the Adaptive lives in the cluster manager')], 24, 8).map(text)).toEqual([
			'  note: the Adaptive',
			'        lives in the',
			'        cluster manager',
		]);
	});
});

describe('wrapSegmentsOnce', () => {
	const message = [seg('worker beta paused: process memory 3.9 GiB of 4 GiB (0.97), above the 0.8 pause', 'warning')];

	it('wraps as wrapSegments does, and hands back the same lines for the same text and layout', () => {
		const first = wrapSegmentsOnce(message, 40, 4, 10);
		expect(first).toEqual(wrapSegments(message, 40, 4, 10));
		expect(wrapSegmentsOnce([seg(message[0]!.text, 'warning')], 40, 4, 10)).toBe(first);
	});

	it('wraps again when the tone, the weight or the layout differ', () => {
		const first = wrapSegmentsOnce(message, 40, 4, 10);
		expect(wrapSegmentsOnce([seg(message[0]!.text, 'muted')], 40, 4, 10)).not.toBe(first);
		expect(wrapSegmentsOnce([seg(message[0]!.text, 'warning', true)], 40, 4, 10)).not.toBe(first);
		expect(wrapSegmentsOnce(message, 41, 4, 10)).not.toBe(first);
		expect(wrapSegmentsOnce(message, 40, 4, 10)).toBe(first);
	});
});

describe('wrapParts', () => {
	it('puts whole parts on a line and the rest on indented continuation lines', () => {
		const parts = [
			part(0, seg('Tasks 714')),
			part(0, seg('█ processing 12')),
			part(0, seg('▓ queued 27')),
			part(0, seg('! no-worker 2')),
		];
		expect(wrapParts(parts, 40, seg('  '), 6).map(text)).toEqual([
			'Tasks 714  █ processing 12  ▓ queued 27',
			'      ! no-worker 2',
		]);
		expect(wrapParts(parts, 200, seg('  '), 6).map(text)).toEqual([
			'Tasks 714  █ processing 12  ▓ queued 27  ! no-worker 2',
		]);
	});
});

describe('fitMiddle', () => {
	it('keeps the start and the end of a name longer than the width', () => {
		expect(fitMiddle('slow-process-late', 15)).toBe('slow-proc…-late');
		expect(fitMiddle('slow-process-late', 15)).toHaveLength(15);
		expect(fitMiddle('summarize-explode', 14)).toBe('summariz…plode');
	});

	it('pads a name that fits, like fit()', () => {
		expect(fitMiddle('inc', 6)).toBe('inc   ');
		expect(fitMiddle('inc', 6, 'right')).toBe('   inc');
	});
});
