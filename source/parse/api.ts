/**
 * The opt-in /api/v1 module (distributed.http.scheduler.api): `/api/v1` answers `API V1` when it
 * is enabled and 404 when not; the JSON endpoints have the same shapes in both versions, and
 * check_idle exists only ≥2023.3.2.
 */
import {BodyParseError, nameOf, num, obj, parseJsonObject, str} from './json.js';

/** `/api/v1` → true when the body is the module's greeting. */
export function parseApiRoot(text: string): boolean {
	if (text.trim() !== 'API V1') throw new BodyParseError('/api/v1 did not answer "API V1"');
	return true;
}

/** `/api/v1/adaptive_target` → `{workers}`. */
export function parseAdaptiveTarget(text: string): number {
	const workers = num(parseJsonObject(text, 'adaptive_target')['workers']);
	if (workers === undefined) throw new BodyParseError('adaptive_target has no "workers" number');
	return workers;
}

export interface ApiWorker {
	readonly name: string;
	readonly address: string;
}

export interface ApiWorkers {
	readonly num_workers: number;
	readonly workers: readonly ApiWorker[];
}

/** `/api/v1/get_workers` → names (string or int in Dask) and addresses. */
export function parseGetWorkers(text: string): ApiWorkers {
	const doc = parseJsonObject(text, 'get_workers');
	if (!Array.isArray(doc['workers'])) throw new BodyParseError('get_workers has no "workers" list');
	const workers: ApiWorker[] = [];
	for (const item of doc['workers'] as unknown[]) {
		const worker = obj(item);
		const address = str(worker?.['address']);
		if (address !== undefined) workers.push({address, name: nameOf(worker?.['name']) ?? address});
	}
	return {num_workers: num(doc['num_workers']) ?? workers.length, workers};
}

/** `/api/v1/check_idle` → epoch seconds since the cluster is idle, or null while work exists. */
export function parseCheckIdle(text: string): {readonly idle_since: number | null} {
	const doc = parseJsonObject(text, 'check_idle');
	if (!('idle_since' in doc)) throw new BodyParseError('check_idle has no "idle_since"');
	const since = doc['idle_since'];
	if (since === null) return {idle_since: null};
	const value = num(since);
	if (value === undefined) throw new BodyParseError('check_idle "idle_since" is neither a number nor null');
	return {idle_since: value};
}
