/**
 * What the sinks show of the diagnosis: the current findings (worst first, then oldest), the ended
 * ones (newest first), and the causes this cluster's version or setup cannot show. Memoized per
 * diagnosis state and snapshot, so a re-render costs nothing.
 */
import type {Snapshot} from '../../types/snapshot.js';
import type {ClusterState} from '../state-types.js';
import {findingOf} from './engine.js';
import {RULES} from './rules.js';
import type {BlindSpot, DiagnosisState, EndedFinding, Finding} from './diagnosis-types.js';

export interface DiagnosisView {
	readonly current: readonly Finding[];
	readonly ended: readonly EndedFinding[];
	readonly blind: readonly BlindSpot[];
}

const CAUSE_ORDER = new Map(RULES.map((r, i) => [r.id, i]));

/** Critical first, then the oldest, then in the causes' order, then by subject (stable). */
export function compareFindings(a: Finding, b: Finding): number {
	return (
		(a.severity === b.severity ? 0 : a.severity === 'critical' ? -1 : 1) ||
		a.since - b.since ||
		(CAUSE_ORDER.get(a.cause) ?? 0) - (CAUSE_ORDER.get(b.cause) ?? 0) ||
		(a.subject.id < b.subject.id ? -1 : a.subject.id > b.subject.id ? 1 : 0)
	);
}

const blindCache = new WeakMap<Snapshot, readonly BlindSpot[]>();

/** The causes a snapshot's version or setup cannot (fully) show. */
export function blindSpots(snapshot: Snapshot | undefined): readonly BlindSpot[] {
	if (!snapshot) return [];
	let spots = blindCache.get(snapshot);
	if (!spots) {
		const out: BlindSpot[] = [];
		for (const rule of RULES) {
			const note = rule.blind?.(snapshot);
			if (note !== undefined) out.push({cause: rule.id, note});
		}
		spots = out;
		blindCache.set(snapshot, spots);
	}
	return spots;
}

const EMPTY: DiagnosisView = {current: [], ended: [], blind: []};
const viewCache = new WeakMap<DiagnosisState, {snapshot: Snapshot | undefined; view: DiagnosisView}>();

export function diagnosisView(state: ClusterState): DiagnosisView {
	const d = state.diagnosis;
	if (!d) return state.snapshot ? {...EMPTY, blind: blindSpots(state.snapshot)} : EMPTY;
	const cached = viewCache.get(d);
	if (cached && cached.snapshot === state.snapshot) return cached.view;
	const current: Finding[] = [];
	for (const track of d.tracks.values()) if (track.active) current.push(findingOf(track));
	current.sort(compareFindings);
	const view = {current, ended: d.ended, blind: blindSpots(state.snapshot)};
	viewCache.set(d, {snapshot: state.snapshot, view});
	return view;
}

/**
 * What `--check` can say after one poll: the active findings, and those whose rule judges one poll
 * (memory, event loop, skew, tasks without a worker, GIL) holding now but not yet confirmed by the
 * polls its hold waits for. Worst first.
 */
export function checkFindings(state: ClusterState): Finding[] {
	const d = state.diagnosis;
	if (!d) return [];
	const onePoll = new Set(RULES.filter((r) => r.onePoll).map((r) => r.id));
	const out: Finding[] = [];
	for (const track of d.tracks.values()) {
		if (track.active || (track.clears === 0 && onePoll.has(track.candidate.cause))) out.push(findingOf(track));
	}
	return out.sort(compareFindings);
}
