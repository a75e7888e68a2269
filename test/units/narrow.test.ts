import stringWidth from 'string-width';
import {describe, expect, it} from 'vitest';
import {isNarrow, narrowWidth} from '../../source/units/narrow.js';

describe('characters surely one column wide', () => {
	it("takes the screens' characters as one column, as string-width does", () => {
		for (const text of ['worker-1 12.5 GiB', 'é ß Ω Ж', '│┤─█▓░', '⣿⡇⢸', '↑ ↓ ▲ ▾', '… · × ‖ % ℃']) {
			expect(narrowWidth(text), text).toBe(text.length);
			expect(narrowWidth(text), text).toBe(stringWidth(text));
		}
	});

	it('leaves anything else to be measured: wide, combining and control characters', () => {
		for (const text of ['中文', 'a🙂', 'e\u0301', 'tab\there', '\u001B[31m']) expect(narrowWidth(text), text).toBe(-1);
		expect(isNarrow('中'.charCodeAt(0))).toBe(false);
		expect(isNarrow(0x7f)).toBe(false);
	});
});
