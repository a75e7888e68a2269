/**
 * The adaptive-scaling view: the scheduler's own answer (desired_workers; /api/v1/adaptive_target
 * when enabled) against the current workers, with a direction; its recomputation (both terms, the
 * winner, estimated or missing inputs) and a disagreement flag when the two differ; and the
 * workers a scale-down would retire.
 *
 * Version: the recomputation differs between Dask ≤ 2023.7 ("legacy": counts threads, 0.5 s per
 * queued task) and ≥ 2023.8 ("modern"); which one applies is decided in adaptive-flavor.ts.
 */
import type {Snapshot} from '../../types/snapshot.js';
import {chooseFlavor} from './adaptive-flavor.js';
import {clampWorkers} from './adaptive-recompute.js';
import {workersToClose} from './scale-down.js';
import type {AdaptiveRecomputation, AdaptiveView, ScaleDirection, ScaleDownView} from '../view-types.js';
import type {ClusterState} from '../state-types.js';

/** Adaptive's wait-count: consecutive suggestions before a worker is retired. */
export const WAIT_COUNT = 3;

function direction(target: number, workers: number): ScaleDirection {
	return target > workers ? 'up' : target < workers ? 'down' : 'steady';
}

/**
 * Workers a scale-down would retire now, in closing order. Called by reduce on each fresh
 * snapshot; a worker suggested WAIT_COUNT polls in a row is listed as retiring.
 */
export function scaleDownCandidates(snapshot: Snapshot, minimumWorkers?: number): string[] {
	const n = snapshot.workers.length;
	const desired = snapshot.scheduler.desired_workers ?? snapshot.scheduler.adaptive_target;
	if (desired === undefined || clampWorkers(desired, minimumWorkers) >= n) return [];
	const close = workersToClose(snapshot.workers, snapshot.scheduler.stored_bytes);
	return close.addresses.slice(0, Math.max(0, n - clampWorkers(desired, minimumWorkers)));
}

export function scaleDownView(state: ClusterState): ScaleDownView {
	// Names of the candidates only (a map of every worker's name cost each poll of a large cluster).
	const names = new Map<string, string | undefined>();
	if (state.closeCounts.size > 0)
		for (const w of state.snapshot?.workers ?? []) if (state.closeCounts.has(w.address)) names.set(w.address, w.name);
	const candidates = [...state.closeCounts].map(([address, polls]) => ({
		address,
		name: names.get(address) ?? address,
		polls,
	}));
	const retire = candidates.filter((c) => c.polls >= WAIT_COUNT).map((c) => c.address);
	const every = `${(state.source.intervalMs / 1000).toFixed(state.source.intervalMs % 1000 === 0 ? 0 : 1)} s`;
	return {
		retire,
		candidates,
		note:
			`approximation: Dask retires a worker suggested on ${WAIT_COUNT} consecutive 1 s adapt ticks; ` +
			`dask-top counts ${WAIT_COUNT} consecutive polls (every ${every}); ` +
			'idle workers holding the least data go first, keeping the summed limits >= 2 x stored bytes',
	};
}

const FIXED_NOTES = [
	"The live Adaptive's minimum, maximum, target duration and plan live in the cluster manager (client, " +
		'LocalCluster, KubeCluster, gateway), not on the scheduler: ' +
		'they are not visible over HTTP. --minimum / --maximum clamp the hint when given.',
	"desired_workers is computed with the scheduler's own distributed.adaptive.target-duration " +
		'(default 5 s); an Adaptive with another target duration asks for a different number.',
];

/** How old /api/v1/adaptive_target's answer is at the snapshot (it is asked far less often than desired_workers). */
function apiTargetAge(snapshot: Snapshot): {api_adaptive_target_age_seconds?: number} {
	if (snapshot.scheduler.adaptive_target === undefined) return {};
	const okAt = snapshot.endpoints.find((e) => e.target === undefined && e.path === '/api/v1/adaptive_target')?.last_ok;
	return okAt === undefined ? {} : {api_adaptive_target_age_seconds: Math.max(0, snapshot.time - okAt)};
}

/** How often the answer behind each input that can lag /metrics is asked (scrape/plan.ts). */
const CADENCE: Readonly<Record<string, string>> = {
	occupancy: 'workers.html is read every 5 s while tasks run',
	stored_bytes: "counts.json every 30 s, the workers' bytes with their heartbeats",
};

/** Why inputs older than /metrics' answer can give another number: which, and by how much (undefined: none). */
function staleInputs(r: AdaptiveRecomputation): string | undefined {
	const old = r.inputs.filter((i) => (i.age_seconds ?? 0) >= 0.5);
	if (old.length === 0) return undefined;
	const which = old.map((i) => `${i.name.replace('_', ' ')} ${Math.round(i.age_seconds ?? 0)} s`).join(', ');
	const why = old.flatMap((i) => CADENCE[i.name] ?? []).join(', ');
	return (
		`inputs older than the scheduler's number (${which} before /metrics${why ? `; ${why}` : ''}): ` +
		'the scheduler computed it from fresher ones'
	);
}

export function adaptiveView(state: ClusterState): AdaptiveView {
	const o = state.options;
	const snapshot = state.snapshot;
	const scale_down = scaleDownView(state);
	if (!snapshot) {
		return {
			workers: 0,
			flavor: 'modern',
			flavor_note: 'no data yet',
			disagreement: false,
			scale_down,
			notes: FIXED_NOTES,
		};
	}
	const s = snapshot.scheduler;
	const n = snapshot.workers.length;
	const chosen = chooseFlavor(snapshot, o, state.learnedFlavor);
	const {flavor, note: flavor_note} = chosen;
	const desired = s.desired_workers;
	const schedulers = desired ?? s.adaptive_target;
	const target = schedulers === undefined ? undefined : clampWorkers(schedulers, o.minimumWorkers, o.maximumWorkers);
	const threads = s.threads ?? snapshot.workers.reduce((t, w) => t + (w.nthreads ?? 0), 0);
	let approx: Pick<AdaptiveView, 'approx_workers' | 'approx_note'> = {};
	if (flavor === 'legacy' && schedulers !== undefined && n > 0 && threads > 0) {
		const mean = threads / n;
		approx = {
			approx_workers: Math.ceil(schedulers / mean),
			approx_note:
				`this Dask counts threads: ${schedulers} ~ ${Math.ceil(schedulers / mean)} workers at the mean ` +
				`${Number(mean.toFixed(2))} threads per worker ` +
				`(an Adaptive on this version requests ${schedulers} workers)`,
		};
	}
	const recomputed = chosen.recomputed;
	let disagreement = false;
	let disagreement_note: string | undefined;
	if (recomputed.target !== undefined && schedulers !== undefined && recomputed.target !== schedulers) {
		disagreement = true;
		const reasons: string[] = [];
		const stale = staleInputs(recomputed);
		if (stale) reasons.push(stale);
		if (recomputed.estimated) reasons.push('some inputs are estimated (see inputs)');
		if (o.targetDurationSeconds !== 5)
			reasons.push(
				`dask-top used a target duration of ${o.targetDurationSeconds} s; the scheduler uses its own config (default 5 s)`,
			);
		if (flavor === 'legacy') reasons.push('workers.html shows occupancy rounded to 0.01 s');
		if (!stale && recomputed.inputs_age_seconds === undefined)
			reasons.push('the inputs come from endpoints polled at different moments');
		disagreement_note = `recomputed ${recomputed.target}, the scheduler says ${schedulers}: ${reasons.join('; ')}`;
	} else if (recomputed.target === undefined && recomputed.missing.length > 0) {
		disagreement_note = `cannot recompute yet: missing ${recomputed.missing.join(', ')}`;
	}
	const notes =
		flavor === 'legacy'
			? [
					...FIXED_NOTES,
					'On Dask <= 2023.7 desired_workers counts threads, not workers (no division by threads per worker).',
				]
			: FIXED_NOTES;
	return {
		workers: n,
		desired_workers: desired,
		api_adaptive_target: s.adaptive_target,
		...apiTargetAge(snapshot),
		target,
		direction: target === undefined ? undefined : direction(target, n),
		flavor,
		flavor_note,
		...approx,
		recomputed,
		disagreement,
		disagreement_note,
		scale_down,
		notes,
	};
}
