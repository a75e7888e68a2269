import stringWidth from 'string-width';
import {describe, expect, it} from 'vitest';
// @ts-expect-error: a plain .mjs build script without type declarations
import {NARROW_CLASS as BUILD_NARROW_CLASS} from '../../scripts/ink-cache-bound.mjs';
import {NARROW_CLASS, narrowWidth} from '../../source/units/narrow.js';

const isNarrow = (code: number) => narrowWidth(String.fromCharCode(code)) === 1;

describe('characters surely one column wide', () => {
	it("takes the screens' characters as one column, as string-width does", () => {
		for (const text of ['worker-1 12.5 GiB', 'é ß Ω Ж', '│┤─█▓░', '⣿⡇⢸', '↑ ↓ ▲ ▾', '… · × ‖ % ℃', '✓ ✗ ⁰ €']) {
			expect(narrowWidth(text), text).toBe(text.length);
			expect(narrowWidth(text), text).toBe(stringWidth(text));
		}
	});

	it('counts no character as one column that string-width measures otherwise (every UTF-16 code unit)', () => {
		const wrong: string[] = [];
		let counted = 0;
		for (let code = 0; code <= 0xffff; code++) {
			if (!isNarrow(code)) continue;
			counted += 1;
			const width = stringWidth(String.fromCharCode(code));
			if (width !== 1) wrong.push(`U+${code.toString(16)} is ${width} wide`);
		}
		expect(wrong).toEqual([]);
		expect(counted).toBeGreaterThan(2000);
		// the three that once were: the soft hyphen and the two wide squares
		expect([0xad, 0x25fd, 0x25fe].map(isNarrow)).toEqual([false, false, false]);
	});

	it("is one list with the build's patches of Ink and string-width", () => {
		expect(BUILD_NARROW_CLASS).toBe(NARROW_CLASS);
		expect(NARROW_CLASS).toMatch(/^(?:\\u[0-9A-F]{4}-\\u[0-9A-F]{4})+$/);
	});

	it('measures text of many characters only when every one of them is in the list', () => {
		expect(narrowWidth('')).toBe(0);
		expect(narrowWidth('ab\nc')).toBe(-1);
		expect(narrowWidth('abc中')).toBe(-1);
		expect(narrowWidth('█'.repeat(300))).toBe(300);
	});

	it('leaves anything else to be measured: wide, combining and control characters', () => {
		for (const text of ['中文', 'a🙂', 'e\u0301', 'tab\there', '\u001B[31m']) expect(narrowWidth(text), text).toBe(-1);
		expect(isNarrow('中'.charCodeAt(0))).toBe(false);
		expect(isNarrow(0x7f)).toBe(false);
	});
});
