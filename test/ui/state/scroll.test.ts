import {describe, expect, it} from 'vitest';
import {scrollTop, scrollTopLines} from '../../../source/ui/state/scroll.js';

describe('where a scrolled list starts', () => {
	it('moves the window only as far as needed, and never past the last rows', () => {
		expect(scrollTop(0, 5, 10, 3)).toBe(0);
		expect(scrollTop(30, 31, 10, 35)).toBe(25);
	});

	it('shows the selected one of rows of different heights whole, leaving no room unused below the last', () => {
		const heights = [1, 3, 1, 4, 2, 1];
		expect(scrollTopLines(0, 2, 6, heights)).toBe(0);
		expect(scrollTopLines(0, 3, 6, heights)).toBe(2);
		expect(scrollTopLines(2, 1, 6, heights)).toBe(1);
		// The last rows fill the screen: the window stops at the top that shows them all.
		expect(scrollTopLines(5, 5, 6, heights)).toBe(4);
		// A row taller than the screen is shown from its start.
		expect(scrollTopLines(0, 3, 3, heights)).toBe(3);
		expect(scrollTopLines(3, 0, 6, [])).toBe(0);
	});
});
