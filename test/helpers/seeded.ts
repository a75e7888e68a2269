/**
 * A seeded generator for randomized tests (the same inputs on every run): `next(n)` is a whole
 * number in [0, n), taken from the high bits of a linear congruential step (its low bits cycle fast).
 */
export function seeded(seed: number): (n: number) => number {
	let state = seed;
	return (n) => {
		state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
		return Math.floor((state / 2_147_483_648) * n);
	};
}
