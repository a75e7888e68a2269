/** Small readers for untrusted JSON: a value of the wrong type reads as undefined. */

export class BodyParseError extends Error {
	override readonly name = 'BodyParseError';
}

export type JsonObject = Readonly<Record<string, unknown>>;

export function isObject(value: unknown): value is JsonObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses a JSON object body, or throws BodyParseError with one line saying what was wrong. */
export function parseJsonObject(text: string, what: string): JsonObject {
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch {
		throw new BodyParseError(`${what} is not valid JSON`);
	}
	if (!isObject(value)) throw new BodyParseError(`${what} is not a JSON object`);
	return value;
}

export function num(value: unknown): number | undefined {
	return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function str(value: unknown): string | undefined {
	return typeof value === 'string' ? value : undefined;
}

/** Dask worker names may be strings or ints (LocalCluster names workers 0, 1, …). */
export function nameOf(value: unknown): string | undefined {
	if (typeof value === 'string') return value;
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	return undefined;
}

export function obj(value: unknown): JsonObject | undefined {
	return isObject(value) ? value : undefined;
}

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
