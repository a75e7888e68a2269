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

	it('counts no character as one column that string-width measures otherwise (every UTF-16 code unit)', () => {
		const wrong: string[] = [];
		for (let code = 0; code <= 0xffff; code++) {
			const width = stringWidth(String.fromCharCode(code));
			if (isNarrow(code) && width !== 1) wrong.push(`U+${code.toString(16)} is ${width} wide`);
		}
		expect(wrong).toEqual([]);
		// the three that once were: the soft hyphen and the two wide squares
		expect([0xad, 0x25fd, 0x25fe].map(isNarrow)).toEqual([false, false, false]);
	});

	it('tells surely narrow text by one regular expression that agrees with isNarrow (every UTF-16 code unit)', () => {
		const disagree: string[] = [];
		for (let code = 0; code <= 0xffff; code++) {
			const text = String.fromCharCode(code);
			if ((narrowWidth(text) === 1) !== isNarrow(code)) disagree.push(`U+${code.toString(16)}`);
		}
		expect(disagree).toEqual([]);
		expect(narrowWidth('')).toBe(0);
		expect(narrowWidth('ab\nc')).toBe(-1);
	});

	it('leaves anything else to be measured: wide, combining and control characters', () => {
		for (const text of ['中文', 'a🙂', 'e\u0301', 'tab\there', '\u001B[31m']) expect(narrowWidth(text), text).toBe(-1);
		expect(isNarrow('中'.charCodeAt(0))).toBe(false);
		expect(isNarrow(0x7f)).toBe(false);
	});
});
