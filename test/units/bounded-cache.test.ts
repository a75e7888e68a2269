import {describe, expect, it} from 'vitest';
import {boundedCache} from '../../source/units/bounded-cache.js';

describe('boundedCache', () => {
	it('makes a value once per key, an undefined one included', () => {
		const made: string[] = [];
		const cache = boundedCache<string, string | undefined>(8);
		const make = (key: string) => () => {
			made.push(key);
			return key === 'bad' ? undefined : key.toUpperCase();
		};
		for (let round = 0; round < 3; round++) {
			expect(cache('a', make('a'))).toBe('A');
			expect(cache('bad', make('bad'))).toBeUndefined();
		}
		expect(made).toEqual(['a', 'bad']);
	});

	it('starts afresh when full, so it never holds more than its limit', () => {
		let makes = 0;
		const cache = boundedCache<number, number>(3);
		const square = (n: number) =>
			cache(n, () => {
				makes++;
				return n * n;
			});
		expect([1, 2, 3].map(square)).toEqual([1, 4, 9]);
		expect(makes).toBe(3);
		expect(square(4)).toBe(16); // full: the three are dropped
		expect(makes).toBe(4);
		expect(square(4)).toBe(16);
		expect(square(1)).toBe(1); // made again
		expect(makes).toBe(5);
	});
});
