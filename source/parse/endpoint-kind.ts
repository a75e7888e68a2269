/** Which parser reads an answer, from its target and path (relative to the HTTP base). */
import type {Target} from '../types/raw-scrape.js';

export type EndpointKind =
	| 'scheduler-metrics'
	| 'worker-metrics'
	| 'identity'
	| 'counts'
	| 'workers-html'
	| 'worker-page'
	| 'scheduler-log'
	| 'api-root'
	| 'api-adaptive-target'
	| 'api-get-workers'
	| 'api-check-idle'
	| 'health'
	| 'status-page'
	| 'other';

/** What a good answer of the kind looks like. */
export type BodyFormat = 'prometheus' | 'json' | 'html' | 'text' | 'any';

export function stripQuery(path: string): string {
	const q = path.indexOf('?');
	return q === -1 ? path : path.slice(0, q);
}

/** `/proxy/{port}/{host}/{rest}` → its parts (the scheduler's route to a worker's HTTP server). */
export function proxyParts(path: string): {port: number; host: string; rest: string} | undefined {
	const match = /^\/proxy\/(\d+)\/([^/]+)\/(.*)$/.exec(stripQuery(path));
	if (!match) return undefined;
	return {port: Number(match[1]), host: decodeURIComponent(match[2]!), rest: `/${match[3]!}`};
}

/** `/info/worker/tcp%3A%2F%2F…%3A40001.html` → `tcp://…:40001`. */
export function workerPageAddress(path: string): string | undefined {
	const match = /^\/info\/worker\/(.+)\.html$/.exec(stripQuery(path));
	if (!match) return undefined;
	try {
		return decodeURIComponent(match[1]!);
	} catch {
		return undefined;
	}
}

export function endpointKind(target: Target, path: string): EndpointKind {
	const p = stripQuery(path);
	if (target !== 'scheduler') {
		if (p.endsWith('/metrics')) return 'worker-metrics';
		if (p.endsWith('/health')) return 'health';
		return 'other';
	}
	const proxied = proxyParts(p);
	if (proxied) return proxied.rest === '/metrics' ? 'worker-metrics' : 'other';
	switch (p) {
		case '/metrics':
			return 'scheduler-metrics';
		case '/json/identity.json':
			return 'identity';
		case '/json/counts.json':
			return 'counts';
		case '/info/main/workers.html':
			return 'workers-html';
		case '/info/main/logs.html':
			return 'scheduler-log';
		case '/api/v1':
			return 'api-root';
		case '/api/v1/adaptive_target':
			return 'api-adaptive-target';
		case '/api/v1/get_workers':
			return 'api-get-workers';
		case '/api/v1/check_idle':
			return 'api-check-idle';
		case '/health':
			return 'health';
		case '/status':
			return 'status-page';
		default:
			return workerPageAddress(p) === undefined ? 'other' : 'worker-page';
	}
}

export function bodyFormat(kind: EndpointKind): BodyFormat {
	switch (kind) {
		case 'scheduler-metrics':
		case 'worker-metrics':
			return 'prometheus';
		case 'identity':
		case 'counts':
		case 'api-adaptive-target':
		case 'api-get-workers':
		case 'api-check-idle':
			return 'json';
		case 'workers-html':
		case 'worker-page':
		case 'scheduler-log':
		case 'status-page':
			return 'html';
		case 'api-root':
		case 'health':
			return 'text';
		case 'other':
			return 'any';
	}
}

/**
 * Whether the scheduler's answers of this kind carry the cluster's figures (workers, tasks,
 * memory). Only they make a round fresh and the scheduler "answering": /health, /api/v1, /status and
 * one worker's page say a server is up, not what the cluster is doing, and a proxied worker's
 * /metrics is that worker's.
 */
export function carriesFigures(kind: EndpointKind): boolean {
	return (
		kind === 'scheduler-metrics' ||
		kind === 'identity' ||
		kind === 'counts' ||
		kind === 'workers-html' ||
		kind === 'api-get-workers'
	);
}
