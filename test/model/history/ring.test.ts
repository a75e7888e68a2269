import {describe, expect, it} from 'vitest';
import {Ring} from '../../../source/model/history/ring.js';

describe('Ring', () => {
	it('keeps only the newest points once full, oldest first', () => {
		const ring = new Ring(300);
		for (let i = 0; i < 100_000; i++) ring.push(i);
		expect(ring.length).toBe(300);
		expect(ring.at(0)).toBe(99_700);
		expect(ring.last()).toBe(99_999);
		expect(ring.values(3)).toEqual([99_997, 99_998, 99_999]);
		expect(ring.values()).toHaveLength(300);
	});

	it('grows its storage on demand and keeps order across growth', () => {
		const ring = new Ring(40);
		for (let i = 0; i < 37; i++) ring.push(i);
		expect(ring.values()).toEqual(Array.from({length: 37}, (_, i) => i));
		for (let i = 37; i < 45; i++) ring.push(i);
		expect(ring.values()).toEqual(Array.from({length: 40}, (_, i) => i + 5));
	});

	it('stores a missing figure as NaN, never as zero', () => {
		const ring = new Ring(4);
		ring.push(undefined);
		expect(ring.last()).toBeNaN();
	});

	it('overwrites instead of appending when the same stamp comes twice', () => {
		const ring = new Ring(4);
		ring.push(1, 1);
		ring.push(2, 2);
		ring.push(3, 2);
		expect(ring.values()).toEqual([1, 3]);
	});

	it('answers undefined outside its points', () => {
		const ring = new Ring(4);
		expect(ring.last()).toBeUndefined();
		ring.push(1);
		expect(ring.at(1)).toBeUndefined();
		expect(ring.at(-1)).toBeUndefined();
	});
});
