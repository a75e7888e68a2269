/**
 * Actions (POST requests dask-top sent, e.g. a retire) travel in the RawScrape stream beside the
 * reads, so a recording replays them. They are not endpoint answers: the cache skips them (no
 * freshness, no caching) and the snapshot of the round that carried them lists them as `actions`.
 *
 * Their texts are foreign too (the scheduler's answer names workers; a recording's request may name
 * anything): in a text style the strings inside the JSON request and answer are made inert and the
 * JSON written again, so what the model reads from them is inert (units/inert.ts).
 */
import type {EndpointResult, RawScrape} from '../types/raw-scrape.js';
import type {Snapshot, SnapshotAction} from '../types/snapshot.js';
import {inertIn, type TextStyle} from '../units/inert.js';
import type {TextOf} from './inert-answer.js';

const ANSWER_CHARS = 2000;

export function isAction(result: EndpointResult): boolean {
	return result.method !== undefined;
}

/** Every string (keys too) of a JSON value through `t`; the same value when none changed. */
function inertValue(value: unknown, t: TextOf): unknown {
	if (typeof value === 'string') return t(value);
	if (Array.isArray(value)) {
		const items = value.map((item) => inertValue(item, t));
		return items.some((item, i) => item !== value[i]) ? items : value;
	}
	if (typeof value !== 'object' || value === null) return value;
	const record = value as Record<string, unknown>;
	const keys = Object.keys(record);
	const entries = keys.map((key) => [t(key), inertValue(record[key], t)] as const);
	return entries.some(([key, item], i) => key !== keys[i] || item !== record[keys[i]!])
		? Object.fromEntries(entries)
		: value;
}

/** JSON text whose strings are inert (written again only when one changed); other text made inert as it is. */
export function inertJsonText(text: string, t: TextOf): string {
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch {
		return t(text);
	}
	const inert = inertValue(value, t);
	return inert === value ? t(text) : JSON.stringify(inert);
}

export function toSnapshotAction(result: EndpointResult, text: TextStyle): SnapshotAction {
	const t = text === 'exact' ? undefined : inertIn(text);
	const json = (body: string) => (t ? inertJsonText(body, t) : body);
	const error = result.error?.message;
	return {
		method: 'POST',
		path: t ? t(result.path) : result.path,
		...(result.requestBody === undefined ? {} : {request: json(result.requestBody)}),
		sent: result.startedMs / 1000,
		...(result.pending === true ? {pending: true} : {status: result.status, latency_ms: result.latencyMs}),
		...(result.body === undefined ? {} : {answer: json(result.body.slice(0, ANSWER_CHARS))}),
		...(error === undefined ? {} : {error: t ? t(error) : error}),
	};
}

/** The snapshot with the actions the round carried (unchanged when none), their texts in `text` style. */
export function withActions(snapshot: Snapshot, raw: RawScrape, text: TextStyle): Snapshot {
	const actions = raw.responses.filter(isAction).map((result) => toSnapshotAction(result, text));
	return actions.length === 0 ? snapshot : {...snapshot, actions};
}
