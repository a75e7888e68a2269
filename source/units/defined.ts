/** `T` with every key that may hold `undefined` made optional and never `undefined` (what `defined` returns). */
export type Defined<T> = {[K in keyof T as undefined extends T[K] ? never : K]: T[K]} & {
	[K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined>;
};

/**
 * Copies the entries whose value is defined (keeps JSON output free of `undefined`). By index over
 * its keys: it runs for every row of workers.html, where Object.entries' iterator allocated per key.
 */
export function defined<T extends object>(value: T): Defined<T> {
	const out: Record<string, unknown> = {};
	const record = value as Record<string, unknown>;
	const keys = Object.keys(record);
	for (let i = 0; i < keys.length; i++) {
		const key = keys[i]!;
		const v = record[key];
		if (v !== undefined) out[key] = v;
	}
	return out as Defined<T>;
}
