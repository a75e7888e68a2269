/**
 * The `--json` document: the Snapshot itself (already snake_case, bytes as integers, seconds as
 * numbers, times in epoch seconds), plus extras the model adds later (alerts, events, adaptive).
 * Missing figures are absent, never zero; NaN and ±Inf from Prometheus are left out too.
 */
import type {Snapshot} from '../types/snapshot.js';

export interface JsonExtras {
	readonly alerts?: unknown;
	readonly events?: unknown;
	readonly adaptive?: unknown;
}

export type JsonDocument = Snapshot & JsonExtras;

export function toJsonDocument(snapshot: Snapshot, extras: JsonExtras = {}): JsonDocument {
	const defined = Object.fromEntries(Object.entries(extras).filter(([, value]) => value !== undefined));
	return {...snapshot, ...defined};
}

/** Pretty-printed, one document, ending in a newline. */
export function formatJsonDocument(document: JsonDocument): string {
	return `${JSON.stringify(document, (_key, value: unknown) => (typeof value === 'number' && !Number.isFinite(value) ? undefined : value), 2)}\n`;
}
