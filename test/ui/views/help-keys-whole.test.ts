/**
 * The help overlay never cuts a key: keys wider than their column (double-click) stand on a line of
 * their own with what they do under them, at every width the screen takes.
 */
import {describe, expect, it} from 'vitest';
import {helpLines} from '../../../source/ui/views/help-lines.js';
import {COLUMN_MEANINGS, WORKER_COLUMNS} from '../../../source/ui/views/worker-columns.js';

const text = (width: number) => helpLines(width).map((line) => line.map((s) => s.text).join(''));

describe('the help overlay', () => {
	it.each([80, 100, 120])('writes every key whole at %i columns', (width) => {
		const lines = text(width);
		// The key column (2 to 13) never ends in a cut.
		expect(lines.filter((line) => line.slice(2, 13).includes('…'))).toEqual([]);
		const at = lines.indexOf('  double-click');
		expect(at).toBeGreaterThan(0);
		expect(lines[at + 1]).toMatch(/^ {14}open the clicked worker's detail/);
		for (const line of lines) expect(line.length).toBeLessThanOrEqual(width);
	});

	it('ends with a glossary of the worker table: every heading, once, with what it shows', () => {
		const lines = text(120);
		const start = lines.indexOf('Columns of the worker table (F2 chooses them; a heading click sorts)');
		expect(start).toBeGreaterThan(0);
		const glossary = lines.slice(start + 1);
		const headings = WORKER_COLUMNS.map((c) => (c.id === 'mark' ? '✗ ▲' : c.title));
		expect(glossary.map((line) => line.slice(2, 13).trim())).toEqual(headings);
		for (const column of WORKER_COLUMNS) expect(glossary.join('\n')).toContain(COLUMN_MEANINGS[column.id]);
		expect(glossary.find((line) => line.startsWith('  LOOP'))).toBe(
			"  LOOP        the worker's event-loop interval: long means it is blocked (the GIL, a long task)",
		);
	});
});
