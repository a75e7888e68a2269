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
