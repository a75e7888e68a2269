/** Terminal columns of the user's text (worker names, hosts, task keys), as string-width counts them. */
import stringWidth from 'string-width';
import {describe, expect, it} from 'vitest';
import {columnsOf, headColumns} from '../../../source/ui/draw/text-columns.js';
import {seeded} from '../../helpers/seeded.js';

/** Characters of every width: one column, two (CJK, emoji), none (a combining accent), and an emoji family. */
const ALPHABET = ['a', '-', '7', 'é', '│', '⣿', '中', '文', 'ノ', '🙂', 'e\u0301', '👩‍👩‍👧', '◽'];

describe('columnsOf', () => {
	it('counts as string-width does: wide characters two columns, combining ones none', () => {
		for (const text of ['worker-1', '計算ノード東京-gpu-01', 'gpu🙂', 'cafe\u0301', '◽◾', '', '⣿⡇ 12 %'])
			expect(columnsOf(text), text).toBe(stringWidth(text));
	});
});

describe('headColumns', () => {
	it('keeps the start that fits, never halving a wide character nor splitting a grapheme', () => {
		expect(headColumns('worker-1', 4)).toEqual({text: 'work', columns: 4});
		expect(headColumns('worker-1', 20)).toEqual({text: 'worker-1', columns: 8});
		expect(headColumns('中文中文', 3)).toEqual({text: '中', columns: 2});
		expect(headColumns('a👩‍👩‍👧b', 3)).toEqual({text: 'a👩‍👩‍👧', columns: 3});
		expect(headColumns('e\u0301x', 1)).toEqual({text: 'e\u0301', columns: 1});
		expect(headColumns('中', 1)).toEqual({text: '', columns: 0});
		expect(headColumns('abc', 0)).toEqual({text: '', columns: 0});
	});

	it('is a start of the text, as wide as it says, and the next grapheme would not fit (random texts)', () => {
		const next = seeded(7);
		for (let round = 0; round < 500; round++) {
			const text = Array.from({length: 1 + next(12)}, () => ALPHABET[next(ALPHABET.length)]!).join('');
			const columns = next(stringWidth(text) + 2);
			const head = headColumns(text, columns);
			expect(text.startsWith(head.text)).toBe(true);
			expect(stringWidth(head.text)).toBe(head.columns);
			expect(head.columns).toBeLessThanOrEqual(columns);
			const rest = text.slice(head.text.length);
			if (rest.length > 0) {
				const [following] = new Intl.Segmenter(undefined, {granularity: 'grapheme'}).segment(rest);
				expect(head.columns + stringWidth(following!.segment), `${text} to ${columns}`).toBeGreaterThan(columns);
			}
		}
	});
});
