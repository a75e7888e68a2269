/**
 * /json/counts.json (same 16 keys in 2022.12.1 and 2026.7.1). Note the meanings differ from the
 * Prometheus task states: `memory` counts replicas (Σ len(has_what)), `waiting` means "has
 * unfinished dependencies", `clients` includes the internal fire-and-forget client, and there is
 * no `queued` count.
 */
import {defined} from '../units/defined.js';
import {num, parseJsonObject} from './json.js';

export interface Counts {
	readonly bytes?: number;
	readonly clients?: number;
	readonly cores?: number;
	readonly erred?: number;
	readonly hosts?: number;
	readonly idle?: number;
	readonly memory?: number;
	readonly processing?: number;
	readonly released?: number;
	readonly saturated?: number;
	readonly tasks?: number;
	readonly unrunnable?: number;
	readonly waiting?: number;
	readonly waiting_data?: number;
	readonly workers?: number;
	readonly desired_workers?: number;
}

const KEYS: ReadonlyArray<keyof Counts> = [
	'bytes',
	'clients',
	'cores',
	'erred',
	'hosts',
	'idle',
	'memory',
	'processing',
	'released',
	'saturated',
	'tasks',
	'unrunnable',
	'waiting',
	'waiting_data',
	'workers',
	'desired_workers',
];

export function parseCounts(text: string): Counts {
	const doc = parseJsonObject(text, 'counts.json');
	const out: Record<string, number | undefined> = {};
	for (const key of KEYS) out[key] = num(doc[key]);
	return defined(out) as Counts;
}
