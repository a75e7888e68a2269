/**
 * Which adaptive formula the cluster's Dask uses: ≤ 2023.7 ("legacy": counts threads, 0.5 s per
 * queued task) or ≥ 2023.8 ("modern"). Decided from the snapshot's version hint, else from the
 * metric set (per-prefix compute seconds exist from 2023.1.1; none on older Dask), and where the
 * answers cannot tell, from the formula that reproduces the scheduler's own desired_workers.
 */
import type {Snapshot} from '../../types/snapshot.js';
import {recomputeAdaptive} from './adaptive-recompute.js';
import type {AdaptiveFlavor, AdaptiveRecomputation} from '../view-types.js';
import type {ClusterState, LearnedFlavor} from '../state-types.js';

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

export interface FlavorChoice {
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

/**
 * Each snapshot's recomputations by flavor and options. A snapshot is recomputed twice a poll, by
 * reduce (learnFlavor) and by the adaptive view, and on an ambiguous version with both formulas:
 * the snapshot never changes, so each recomputation is made once.
 */
const recomputations = new WeakMap<Snapshot, Map<string, AdaptiveRecomputation>>();

function recompute(snapshot: Snapshot, o: ClusterState['options'], flavor: AdaptiveFlavor): AdaptiveRecomputation {
	const key = `${flavor} ${o.targetDurationSeconds} ${o.minimumWorkers} ${o.maximumWorkers}`;
	let made = recomputations.get(snapshot);
	if (made === undefined) {
		made = new Map();
		recomputations.set(snapshot, made);
	}
	let recomputed = made.get(key);
	if (recomputed === undefined) {
		recomputed = recomputeAdaptive(snapshot, {
			flavor,
			targetDurationSeconds: o.targetDurationSeconds,
			minimumWorkers: o.minimumWorkers,
			maximumWorkers: o.maximumWorkers,
		});
		made.set(key, recomputed);
	}
	return recomputed;
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
			recomputed: recompute(snapshot, options, guess.flavor),
		};
	const legacy = recompute(snapshot, options, 'legacy');
	const modern = recompute(snapshot, options, 'modern');
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
