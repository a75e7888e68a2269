/** The README's troubleshooting table names the placeholder the screen really shows for an unknown worker status. */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {MISSING} from '../../source/ui/draw/cells.js';
import {statusText} from '../../source/ui/views/worker-columns.js';

describe('the placeholder of an unknown figure', () => {
	it('is the same on screen (status column) and in the README troubleshooting table', () => {
		expect(statusText('unknown')).toBe(MISSING);
		const readme = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
		const row = readme
			.split('\n')
			.find((line) => line.startsWith('| the source line says workers come from `/info/main/workers.html`'));
		expect(row).toContain(`show \`${MISSING}\``);
		expect(row).not.toContain('`?`');
	});
});
