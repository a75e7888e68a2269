/** The figures the benchmarks print: medians and their spread over repeated windows or runs. */

export function median(values: readonly number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** `median (min–max)` with `digits` decimals. */
export function spread(values: readonly number[], digits = 2): string {
	const fixed = (v: number) => v.toFixed(digits);
	return `${fixed(median(values))} (${fixed(Math.min(...values))}–${fixed(Math.max(...values))})`;
}
