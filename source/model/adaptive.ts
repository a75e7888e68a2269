/**
 * The adaptive-scaling view: the scheduler's own answer (desired_workers; /api/v1/adaptive_target
 * when enabled) against the current workers, with a direction; its recomputation (both terms, the
 * winner, estimated or missing inputs) and a disagreement flag when the two differ; and the
 * workers a scale-down would retire.
 *
 * Version: the recomputation differs between Dask ≤ 2023.7 ("legacy": counts threads, 0.5 s per
 * queued task) and ≥ 2023.8 ("modern"). It is decided from the snapshot's version hint, else from
 * the metric set (per-prefix compute seconds exist from 2023.1.1; none on older Dask).
 */
import type {Snapshot} from '../types/snapshot.js';
import {clampWorkers, recomputeAdaptive} from './adaptive-recompute.js';
import {workersToClose} from './scale-down.js';
import type {
	AdaptiveFlavor,
	AdaptiveRecomputation,
	AdaptiveView,
	ClusterState,
	LearnedFlavor,
	ScaleDirection,
	ScaleDownView,
} from './types.js';

/** Adaptive's wait-count: consecutive suggestions before a worker is retired. */
export const WAIT_COUNT = 3;

const MODERN_FROM = 2023.08;

/** "2022.12" / "2023.8.0" → 2022.12 / 2023.08 (year + month / 100). */
function versionNumber(text: string): number | undefined {
	const m = /(\d{4})\.(\d{1,2})/.exec(text);
	if (!m) return undefined;
	return Number(m[1]) + Number(m[2]) / 100;
}

export interface FlavorGuess {
	readonly flavor: AdaptiveFlavor;
	readonly note: string;
	/**
	 * The answers cannot tell Dask 2023.4–2023.7 (legacy formula) from 2023.8–2024.5 (modern): the
	 * per-prefix metrics exist on both and nothing else dates the version. The formula that
	 * reproduces the scheduler's own desired_workers decides (see chooseFlavor).
	 */
	readonly ambiguous?: boolean;
}

const LEGACY_NOTE = 'adaptive_target counts threads and uses 0.5 s per queued task';
const MODERN_NOTE = 'adaptive_target divides by threads per worker';

export function detectFlavor(snapshot: Snapshot): FlavorGuess {
	const hint = snapshot.dask_version_hint;
	if (hint) {
		const v = versionNumber(hint);
		const op = /^\s*(<=|<|>=|>|=|==|~)?/.exec(hint)?.[1] ?? '=';
		if (v !== undefined) {
			if ((op === '<=' || op === '=' || op === '==' || op === '~') && v < MODERN_FROM)
				return {flavor: 'legacy', note: `Dask ${hint}: ${LEGACY_NOTE}`};
			if (op === '<' && v <= MODERN_FROM) return {flavor: 'legacy', note: `Dask ${hint}: ${LEGACY_NOTE}`};
			if ((op === '>=' || op === '>' || op === '=' || op === '==' || op === '~') && v >= MODERN_FROM)
				return {flavor: 'modern', note: `Dask ${hint}: ${MODERN_NOTE}`};
		}
	}
	const prefixes = Object.values(snapshot.scheduler.prefixes);
	if (prefixes.some((p) => p.compute_seconds_total !== undefined)) {
		return {
			flavor: 'modern',
			note:
				`Dask ${hint ?? '>= 2023.1.1 (per-prefix compute seconds in /metrics)'}: ` +
				`the answers cannot tell 2023.4-2023.7 (${LEGACY_NOTE}) from 2023.8+ (${MODERN_NOTE})`,
			ambiguous: true,
		};
	}
	if (prefixes.length > 0)
		return {flavor: 'legacy', note: 'no per-prefix compute seconds in /metrics: Dask <= 2022.12, which counts threads'};
	return {
		flavor: 'modern',
		note: 'Dask version unknown (no version hint, no task counters yet): newest semantics assumed',
	};
}

/** The learned flavor after this snapshot (reduce calls it on every fresh snapshot). */
export function learnFlavor(
	snapshot: Snapshot,
	options: ClusterState['options'],
	learned?: LearnedFlavor,
): LearnedFlavor | undefined {
	const decided = chooseFlavor(snapshot, options, learned).decided;
	if (!decided) return learned;
	const votes = {legacy: learned?.votes.legacy ?? 0, modern: learned?.votes.modern ?? 0};
	votes[decided.flavor] += 1;
	// The majority wins; a tie goes to the latest moment.
	const flavor: AdaptiveFlavor =
		votes.legacy === votes.modern ? decided.flavor : votes.legacy > votes.modern ? 'legacy' : 'modern';
	return {flavor, votes, desired: decided.desired, legacy: decided.legacy, modern: decided.modern};
}

interface FlavorChoice {
	readonly flavor: AdaptiveFlavor;
	readonly note: string;
	readonly recomputed: AdaptiveRecomputation;
	/** Set when this snapshot alone told the formulas apart on an ambiguous version. */
	readonly decided?: {
		readonly flavor: AdaptiveFlavor;
		readonly desired: number;
		readonly legacy: number;
		readonly modern: number;
	};
}

function recomputeOptions(o: ClusterState['options'], flavor: AdaptiveFlavor) {
	return {
		flavor,
		targetDurationSeconds: o.targetDurationSeconds,
		minimumWorkers: o.minimumWorkers,
		maximumWorkers: o.maximumWorkers,
	};
}

/**
 * The flavor and its recomputation. On an ambiguous version both formulas run: the one that alone
 * gives the scheduler's own number (desired_workers, before any clamping) is used and remembered for
 * the cluster (the version does not change while it runs); when both or neither do, the
 * remembered one, else the closer one, else the modern one.
 */
export function chooseFlavor(
	snapshot: Snapshot,
	options: ClusterState['options'],
	learned?: LearnedFlavor,
): FlavorChoice {
	const guess = detectFlavor(snapshot);
	if (!guess.ambiguous)
		return {
			flavor: guess.flavor,
			note: guess.note,
			recomputed: recomputeAdaptive(snapshot, recomputeOptions(options, guess.flavor)),
		};
	const legacy = recomputeAdaptive(snapshot, recomputeOptions(options, 'legacy'));
	const modern = recomputeAdaptive(snapshot, recomputeOptions(options, 'modern'));
	const s = snapshot.scheduler;
	const desired = s.desired_workers ?? s.adaptive_target;
	const raw = (r: AdaptiveRecomputation) => (r.target === undefined ? undefined : r.target);
	const l = raw(legacy);
	const m = raw(modern);
	const pick = (flavor: AdaptiveFlavor, why: string, decided?: FlavorChoice['decided']): FlavorChoice => ({
		flavor,
		note: `${guess.note}; ${why}`,
		recomputed: flavor === 'legacy' ? legacy : modern,
		...(decided ? {decided} : {}),
	});
	const name = (f: AdaptiveFlavor) =>
		f === 'legacy' ? 'the <= 2023.7 formula (threads, 0.5 s per queued task)' : 'the >= 2023.8 formula (workers)';
	const told = (f: LearnedFlavor) =>
		`${f.votes[f.flavor]} of ${f.votes.legacy + f.votes.modern} moments that told them apart`;
	if (desired !== undefined && l !== undefined && m !== undefined && (l === desired) !== (m === desired)) {
		const flavor: AdaptiveFlavor = l === desired ? 'legacy' : 'modern';
		const decided = {flavor, desired, legacy: l, modern: m};
		// One moment against an earlier majority does not overturn it (inputs are polled at different moments).
		if (learned && learned.flavor !== flavor && learned.votes[learned.flavor] > learned.votes[flavor] + 1) {
			return pick(
				learned.flavor,
				`${name(learned.flavor)} is used: it alone reproduced the scheduler's number at ${told(learned)} ` +
					`(here the other one gives ${desired})`,
				decided,
			);
		}
		return pick(
			flavor,
			`${name(flavor)} reproduces the scheduler's ${desired} (the other gives ${flavor === 'legacy' ? m : l}): used`,
			decided,
		);
	}
	if (learned)
		return pick(
			learned.flavor,
			`${name(learned.flavor)} is used: it alone reproduced the scheduler's number at ${told(learned)} ` +
				`(last: ${learned.desired}, the other gave ` +
				`${learned.flavor === 'legacy' ? learned.modern : learned.legacy})`,
		);
	if (desired !== undefined && l !== undefined && m !== undefined && l !== m) {
		const flavor: AdaptiveFlavor = Math.abs(l - desired) < Math.abs(m - desired) ? 'legacy' : 'modern';
		return pick(
			flavor,
			`neither formula reproduces the scheduler's ${desired} yet (legacy ${l}, ` +
				`modern ${m}): the closer, ${name(flavor)}, is used`,
		);
	}
	return pick(
		'modern',
		l !== undefined && l === m
			? 'both formulas give the same number here'
			: 'nothing has told them apart yet: the newest formula is assumed',
	);
}

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
	const snapshot = state.snapshot;
	const names = new Map(snapshot?.workers.map((w) => [w.address, w.name]) ?? []);
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
		if (recomputed.estimated) reasons.push('some inputs are estimated (see inputs)');
		if (o.targetDurationSeconds !== 5)
			reasons.push(
				`dask-top used a target duration of ${o.targetDurationSeconds} s; the scheduler uses its own config (default 5 s)`,
			);
		if (flavor === 'legacy') reasons.push('workers.html shows occupancy rounded to 0.01 s');
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
