/**
 * What of the cache belongs to workers that left: their own endpoints, their per-worker scheduler
 * pages, the /proxy routes to them. Dropped so the cache does not grow with every worker that ever
 * came and went.
 */
import type {CacheEntry, CachedAnswer} from './cache-shape.js';
import {proxyParts, workerPageAddress} from './endpoint-kind.js';

interface KnownWorkers {
	readonly addresses: ReadonlySet<string>;
	/** `host:port` of their HTTP servers, when the list says (identity, workers.html). */
	readonly hostPorts?: ReadonlySet<string>;
}

/** The current workers, from the newest good worker list; undefined if there is none yet. */
function knownWorkers(entries: ReadonlyMap<string, CacheEntry>): KnownWorkers | undefined {
	let newest: CachedAnswer | undefined;
	for (const entry of entries.values()) {
		if (entry.target !== 'scheduler' || entry.latest.state !== 'ok') continue;
		const kind = entry.latest.parsed?.kind;
		if (kind !== 'identity' && kind !== 'workers-html' && kind !== 'api-get-workers') continue;
		if (!newest || entry.latest.result.startedMs > newest.result.startedMs) newest = entry.latest;
	}
	const parsed = newest?.parsed;
	switch (parsed?.kind) {
		case 'identity': {
			const ws = parsed.value.workers;
			return {
				addresses: new Set(ws.map((w) => w.address)),
				hostPorts: new Set(ws.map((w) => `${w.host}:${w.dashboard_port}`)),
			};
		}
		case 'workers-html': {
			const rows = parsed.value.rows;
			return {
				addresses: new Set(rows.map((r) => r.address)),
				hostPorts: new Set(rows.map((r) => `${r.host}:${r.dashboard_port}`)),
			};
		}
		case 'api-get-workers':
			return {addresses: new Set(parsed.value.workers.map((w) => w.address))};
		default:
			return undefined;
	}
}

/** Scheduler pages that belong to one worker: /info/{worker,logs,call-stacks}/<escaped address>.html. */
function perWorkerPageAddress(path: string): string | undefined {
	const match = /^\/info\/(?:logs|call-stacks)\/(.+)\.html$/.exec(path);
	if (!match) return workerPageAddress(path);
	try {
		return decodeURIComponent(match[1]!);
	} catch {
		return undefined;
	}
}

/** Whether the worker an entry belongs to is still there; undefined when the entry is not per worker. */
function ownerOf(entry: CacheEntry, known: KnownWorkers): boolean | undefined {
	if (entry.target !== 'scheduler') return known.addresses.has(entry.target.slice('worker:'.length));
	const address = perWorkerPageAddress(entry.path);
	if (address !== undefined) return known.addresses.has(address);
	const proxy = proxyParts(entry.path);
	if (proxy && known.hostPorts) return known.hostPorts.has(`${proxy.host}:${proxy.port}`);
	return undefined;
}

/**
 * Drops what belongs to workers that left the cluster (their own endpoints, their per-worker
 * scheduler pages, the /proxy routes to them), so the cache does not grow with every worker that
 * ever came and went. Answers from the round just merged stay, so a worker that just died shows
 * its failure once.
 */
export function pruneGone(entries: Map<string, CacheEntry>, roundMs: number): void {
	const known = knownWorkers(entries);
	if (!known) return;
	for (const [key, entry] of entries) {
		if (entry.latest.result.startedMs >= roundMs) continue;
		if (ownerOf(entry, known) === false) entries.delete(key);
	}
}
