import {describe, expect, it} from 'vitest';
import {segmentsWidth, type Segment} from '../../../source/ui/draw/bars.js';
import {clipSegments, fitParts, padSegments, part, seg, type Part} from '../../../source/ui/draw/parts.js';
import stringWidth from 'string-width';
import {seeded} from '../../helpers/seeded.js';

/** The rule written plainly: sort by priority (ties by position), keep what fits, show in position order. */
function plainFit(parts: readonly Part[], width: number, separator: Segment): Segment[] {
	const order = parts.map((p, i) => ({p, i})).sort((a, b) => a.p.priority - b.p.priority || a.i - b.i);
	const kept = new Set<number>();
	let used = 0;
	for (const {p, i} of order) {
		const w = segmentsWidth(p.segments);
		if (w === 0) continue;
		const cost = w + (kept.size > 0 ? stringWidth(separator.text) : 0);
		if (used + cost <= width) {
			kept.add(i);
			used += cost;
		}
	}
	return [...kept]
		.sort((a, b) => a - b)
		.flatMap((i, k) => (k > 0 ? [separator, ...parts[i]!.segments] : parts[i]!.segments));
}

describe('fitParts', () => {
	const sep = seg(' · ', 'muted');

	it('keeps the most important parts that fit, shown in their own order', () => {
		const parts = [part(2, seg('threads 8')), part(0, seg('workers 3')), part(1, seg('memory 1.2 GiB / 4 GiB'))];
		expect(fitParts(parts, 80, sep).map((s) => s.text)).toEqual([
			'threads 8',
			' · ',
			'workers 3',
			' · ',
			'memory 1.2 GiB / 4 GiB',
		]);
		expect(fitParts(parts, 35, sep).map((s) => s.text)).toEqual(['workers 3', ' · ', 'memory 1.2 GiB / 4 GiB']);
		// a smaller, less important part still fits where a larger one does not
		expect(fitParts(parts, 21, sep).map((s) => s.text)).toEqual(['threads 8', ' · ', 'workers 3']);
		expect(fitParts(parts, 5, sep)).toEqual([]);
	});

	it('gives what the plain rule gives over seeded parts, widths and priorities', () => {
		const next = seeded(5);
		for (let n = 0; n < 3000; n++) {
			const parts = Array.from({length: next(7)}, (_, i) =>
				part(next(4) - 1, ...Array.from({length: next(3)}, () => seg('x'.repeat(next(12)), 'normal')), seg(`${i}`)),
			);
			const width = next(60);
			expect(fitParts(parts, width, sep)).toEqual(plainFit(parts, width, sep));
		}
	});
});

describe('a cut that falls between two segments', () => {
	const text = (segments: readonly Segment[]) => segments.map((s) => s.text).join('');

	it('still ends with an ellipsis when something visible was left out', () => {
		const line = [seg('Memory', 'title'), seg(' 3.2 GiB'), seg(' (1 GiB spilled)', 'warning')];
		expect(clipSegments(line, 14)).toEqual([seg('Memory', 'title'), seg(' 3.2 Gi…')]);
		expect(text(clipSegments(line, 6))).toBe('Memor…');
		expect(text(padSegments(line, 14))).toBe('Memory 3.2 Gi…');
	});

	it('marks nothing when only blanks were left out, and skips empty segments to find the last column', () => {
		expect(text(clipSegments([seg('abc'), seg('   ')], 3))).toBe('abc');
		expect(clipSegments([seg('abc', 'accent'), seg(''), seg('d')], 3)).toEqual([seg('ab…', 'accent')]);
		expect(text(clipSegments([seg('ab'), seg('中')], 2))).toBe('a…');
		expect(text(clipSegments([seg('中'), seg('x')], 2))).toBe('…');
		expect(clipSegments([seg('x')], 0)).toEqual([]);
	});
});

describe('widths in terminal columns', () => {
	const text = (segments: readonly Segment[]) => segments.map((s) => s.text).join('');
	const name = seg('計算ノード東京-gpu-01', 'accent');

	it('fits parts by the columns they take: a wide name is not kept where it would overflow', () => {
		// 7 + 21 columns (7 + 14 UTF-16 units)
		const parts = [part(0, seg('Worker ')), part(1, name), part(2, seg('running'))];
		expect(text(fitParts(parts, 28, seg('')))).toBe('Worker 計算ノード東京-gpu-01');
		expect(text(fitParts(parts, 27, seg('')))).toBe('Worker running');
		expect(text(fitParts([part(0, seg('中文')), part(0, seg('中文'))], 9, seg(' · ')))).toBe('中文');
	});

	it('clips and pads to exactly the columns asked, a wide character never halved', () => {
		const line = [seg('ab'), name, seg(' x')];
		for (let width = 0; width <= 30; width++) {
			const clipped = text(clipSegments(line, width));
			const padded = text(padSegments(line, width));
			expect(stringWidth(clipped), `clip to ${width}`).toBeLessThanOrEqual(width);
			expect(stringWidth(padded), `pad to ${width}`).toBe(width);
			if (width >= 25) expect(clipped).toBe('ab計算ノード東京-gpu-01 x');
			// a cut always shows, also where it falls between two segments (at 2 and at 23 columns)
			else if (width > 0) expect(clipped, `clip to ${width}`).toMatch(/…$/);
		}
		expect(text(clipSegments(line, 2))).toBe('a…');
		expect(text(clipSegments(line, 23))).toBe('ab計算ノード東京-gpu-0…');
		expect(text(clipSegments(line, 6))).toBe('ab計…');
		expect(text(padSegments(line, 6))).toBe('ab計… ');
		expect(text(clipSegments(line, 7))).toBe('ab計算…');
	});
});
