/**
 * Sequences of polls for the diagnosis tests. From the recorded fixtures: one scenario's round
 * repeated as consecutive polls, its times AND its heartbeats (identity.json's `last_seen`) moved
 * together, as a live poller would have seen the cluster if nothing changed meanwhile (without
 * moving `last_seen`, a repeated answer says the heartbeats stopped). Each poll may be edited
 * (`edit`) where a test needs a figure the fixtures do not have; the test says so.
 */
import {buildSnapshot, emptyCache, mergeScrape} from '../../source/parse/index.js';
import {initialState, reduce} from '../../source/model/index.js';
import type {ClusterState, ModelOptions} from '../../source/model/types.js';
import type {RawScrape} from '../../source/types/raw-scrape.js';
import type {Snapshot} from '../../source/types/snapshot.js';
import {type FixtureVersion, loadScenarioScrape, type Scenario} from './fixtures.js';
import {shiftScrape} from './snapshots.js';

export const POLL_MS = 2000;

/** The identity.json body with every worker's last_seen moved by `deltaS`. */
function movedHeartbeats(body: string, deltaS: number): string {
	const doc = JSON.parse(body) as {workers?: Record<string, {last_seen?: number}>};
	for (const w of Object.values(doc.workers ?? {})) if (typeof w.last_seen === 'number') w.last_seen += deltaS;
	return JSON.stringify(doc);
}

/** The scenario's round `index` polls after its recording (times and heartbeats moved by index × intervalMs). */
export function steadyRound(
	version: FixtureVersion,
	scenario: Scenario,
	index: number,
	intervalMs = POLL_MS,
): RawScrape {
	const recorded = loadScenarioScrape(version, scenario);
	const deltaMs = index * intervalMs;
	const moved = shiftScrape(recorded, recorded.atMs + deltaMs);
	return {
		...moved,
		responses: moved.responses.map((r) =>
			r.path === '/json/identity.json' && r.status === 200 && r.body !== undefined
				? {...r, body: movedHeartbeats(r.body, deltaMs / 1000)}
				: r,
		),
	};
}

export interface Poll {
	readonly snapshot: Snapshot;
	readonly nowMs: number;
}

/** `count` steady polls of a scenario, each through the real parser and one cache, as the live poller feeds them. */
export function steadyPolls(
	version: FixtureVersion,
	scenario: Scenario,
	count: number,
	edit: (snapshot: Snapshot, index: number) => Snapshot = (s) => s,
	intervalMs = POLL_MS,
): Poll[] {
	const out: Poll[] = [];
	let cache = emptyCache();
	for (let i = 0; i < count; i++) {
		const raw = steadyRound(version, scenario, i, intervalMs);
		cache = mergeScrape(cache, raw);
		out.push({snapshot: edit(buildSnapshot(cache, raw.atMs), i), nowMs: raw.atMs});
	}
	return out;
}

/** The model after each poll, in order. */
export function reduceAll(polls: readonly Poll[], options?: ModelOptions, start?: ClusterState): ClusterState[] {
	let state = start ?? initialState(options);
	return polls.map((p) => {
		state = reduce(state, {type: 'snapshot', snapshot: p.snapshot, nowMs: p.nowMs});
		return state;
	});
}

/** One worker of a snapshot replaced by `change(worker)`. */
export function withWorker(
	snapshot: Snapshot,
	name: string,
	change: (w: Snapshot['workers'][number]) => Snapshot['workers'][number],
): Snapshot {
	return {...snapshot, workers: snapshot.workers.map((w) => (w.name === name ? change(w) : w))};
}
