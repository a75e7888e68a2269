/**
 * The workers whose own /metrics the poller reads every round for the spilling rule: those writing
 * to disk now (their bytes on disk or written rose between their two latest readings), those busy
 * with data on disk (a first sighting: on busy Dask ≥ 2023.4 the bytes on disk come only from the
 * worker's own /metrics, every few polls), and those the rule is judging (a spilling finding pending
 * or active). Pure; computed once per diagnosis step (the poller asks before a round and after it).
 */
import type {ClusterState} from '../state-types.js';
import type {DiagnosisState} from './diagnosis-types.js';

/** At most this many workers are watched (the workers' sample window). */
export const SPILL_WATCH_MAX = 50;

const watched = new WeakMap<DiagnosisState, readonly string[]>();

export function spillWatch(state: ClusterState): readonly string[] {
	const diagnosis = state.diagnosis;
	if (!diagnosis) return [];
	const known = watched.get(diagnosis);
	if (known) return known;
	const judged = new Set<string>();
	for (const track of diagnosis.tracks.values())
		if (track.candidate.cause === 'spilling') judged.add(track.candidate.subject.id);
	const out: string[] = [];
	for (const w of state.snapshot?.workers ?? []) {
		if (out.length >= SPILL_WATCH_MAX) break;
		const readings = diagnosis.window.workers.get(w.address);
		if (!readings) continue;
		const onDisk = (w.memory_spilled_bytes ?? 0) > 0 && readings.busySince() !== undefined;
		if (judged.has(w.address) || onDisk || readings.rising('spilled')) out.push(w.address);
	}
	watched.set(diagnosis, out);
	return out;
}
