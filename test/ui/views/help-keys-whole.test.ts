/**
 * The help overlay never cuts a key: keys wider than their column (double-click) stand on a line of
 * their own with what they do under them, at every width the screen takes.
 */
import {describe, expect, it} from 'vitest';
import {helpLines} from '../../../source/ui/views/help-lines.js';

const text = (width: number) => helpLines(width).map((line) => line.map((s) => s.text).join(''));

describe('the help overlay', () => {
	it.each([80, 100, 120])('writes every key whole at %i columns', (width) => {
		const lines = text(width);
		expect(lines.filter((line) => line.includes('…'))).toEqual(
			lines.filter((line) => line.includes('(dask-top URL URL …)')),
		);
		const at = lines.indexOf('  double-click');
		expect(at).toBeGreaterThan(0);
		expect(lines[at + 1]).toMatch(/^ {14}open the clicked worker's detail/);
		for (const line of lines) expect(line.length).toBeLessThanOrEqual(width);
	});
});
