import {describe, expect, it} from 'vitest';
import {segmentsWidth, type Segment} from '../../source/ui/bars.js';
import {fitParts, part, seg, type Part} from '../../source/ui/parts.js';
import {seeded} from '../helpers/seeded.js';

/** The rule written plainly: sort by priority (ties by position), keep what fits, show in position order. */
function plainFit(parts: readonly Part[], width: number, separator: Segment): Segment[] {
	const order = parts.map((p, i) => ({p, i})).sort((a, b) => a.p.priority - b.p.priority || a.i - b.i);
	const kept = new Set<number>();
	let used = 0;
	for (const {p, i} of order) {
		const w = segmentsWidth(p.segments);
		if (w === 0) continue;
		const cost = w + (kept.size > 0 ? separator.text.length : 0);
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
