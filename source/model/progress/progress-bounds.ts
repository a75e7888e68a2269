/**
 * What the counters prove about each prefix NOW: its tasks in flight and its results in memory,
 * each between two bounds, held to the cluster's exact counts of the same /metrics answer.
 *
 * Per prefix /metrics counts transitions INTO each state (W waiting, M memory, E erred, R released,
 * F forgotten; docs/endpoints.md). Dask's transition table (2022.12 and 2026.7 alike) has one way
 * into the in-flight states (waiting, queued, processing, no-worker): released → waiting; tasks leave
 * them into memory, erred or released. So, with f the tasks in flight now:
 *
 *   f  = W − M_f − E_f − R_f          (the _f parts left from in flight)
 *   lower: f ≥ f_then + Δ(W − M − E − R)   since any earlier moment (always holds)
 *   upper: f ≤ f_then + Δ(W − M − E)       (tasks released unfinished — cancelled, a client gone,
 *                                            retried — stay counted until a tighter bound drops them)
 *          f ≤ W − R + E                  (every task released from memory or erred was counted out)
 *          f ≤ W − F                      (a forgotten task is not in flight; every task entered waiting)
 * The upper bounds assume the prefix's tasks were all computed (scattered data enters memory
 * without waiting, a key a client asked for before it existed is forgotten without it). The
 * cluster-wide count A (processing + queued + waiting + no-worker) then ties the prefixes
 * together: Σ f = A, so each f ≥ A − Σ others' upper bounds and ≤ A − Σ others' lower bounds.
 * When the upper bounds add up to less than A, an assumption failed and only the lower bounds
 * and A are used.
 *
 * Results in memory now (h), the same way, with the cluster's tasks in memory G:
 *   h ≤ M − (F − R)                   (the forgotten tasks that never went through released left memory)
 *   h ≤ W − R + E − f,  h ≤ W − F − f  (only for a prefix that never held more results than it computed)
 *   h ≥ G − Σ others' upper bounds.
 * Pure: counters in, bounds out.
 */
import type {Bounds, PrefixCounts} from '../state-types.js';

export const EXACT_ZERO: Bounds = Object.freeze({lo: 0, hi: 0});

export interface FlightInput {
	readonly now: PrefixCounts;
	/** The counters at a moment its in-flight tasks were known between these bounds. */
	readonly anchor: PrefixCounts;
	readonly anchorFlight: Bounds;
}

/** The least of the upper bounds that are not below the proven lower one (those rest on an assumption that failed). */
function leastValid(lo: number, a: number, b: number, c: number): number {
	let hi = Number.POSITIVE_INFINITY;
	if (a >= lo && a < hi) hi = a;
	if (b >= lo && b < hi) hi = b;
	if (c >= lo && c < hi) hi = c;
	return hi;
}

/** One prefix's in-flight tasks from its own counters. */
function ownFlight({now, anchor, anchorFlight}: FlightInput): Bounds {
	const dW = now.waiting - anchor.waiting;
	const dM = now.memory - anchor.memory;
	const dE = now.erred - anchor.erred;
	const dR = now.released - anchor.released;
	const lo = Math.max(0, anchorFlight.lo + dW - dM - dE - dR);
	const hi = leastValid(
		lo,
		anchorFlight.hi + dW - dM - dE,
		now.waiting - now.released + now.erred,
		now.waiting - now.forgotten,
	);
	return {lo, hi};
}

/**
 * Each part between its bounds, the parts adding up to `total` (when known): each is at least the
 * total less the others' upper bounds and at most the total less the others' lower bounds. Upper
 * bounds adding up to less than the total failed an assumption: only the lower bounds are kept.
 */
function shareTotal(own: ReadonlyMap<string, Bounds>, total: number | undefined): Map<string, Bounds> {
	const out = new Map<string, Bounds>();
	if (total === undefined) {
		for (const [name, b] of own) out.set(name, {lo: b.lo, hi: Number.isFinite(b.hi) ? b.hi : b.lo});
		return out;
	}
	let sumLo = 0;
	let sumHi = 0;
	for (const b of own.values()) {
		sumLo += b.lo;
		sumHi += b.hi;
	}
	const trustHi = sumHi >= total;
	for (const [name, b] of own) {
		const othersLo = sumLo - b.lo;
		const hi = Math.max(b.lo, Math.min(trustHi ? b.hi : Number.POSITIVE_INFINITY, total - othersLo));
		const lo = trustHi ? Math.min(hi, Math.max(b.lo, total - (sumHi - b.hi))) : b.lo;
		out.set(name, {lo, hi});
	}
	return out;
}

/**
 * Every prefix's tasks in flight now. `active`: the cluster's exact count from the same answer
 * (undefined when /metrics did not give it: each prefix's own bounds only).
 */
export function flightBounds(
	prefixes: ReadonlyMap<string, FlightInput>,
	active: number | undefined,
): Map<string, Bounds> {
	const own = new Map<string, Bounds>();
	for (const [name, input] of prefixes) own.set(name, ownFlight(input));
	return shareTotal(own, active);
}

/** One prefix's results in memory from its own counters, given its tasks in flight. */
function ownHeld(now: PrefixCounts, flight: Bounds): Bounds {
	let hi = now.memory - Math.max(0, now.forgotten - now.released);
	// More results than computed tasks: some data was scattered, the bounds by computed tasks do not hold.
	if (now.memory <= now.waiting)
		hi = Math.min(hi, now.waiting - now.released + now.erred - flight.lo, now.waiting - now.forgotten - flight.lo);
	return {lo: 0, hi: Math.max(0, hi)};
}

/**
 * Every prefix's results in memory now, from its counters, its tasks in flight and the cluster's
 * tasks in memory (`inMemory`, each task once). Undefined when that count is unknown.
 */
export function heldBounds(
	counts: ReadonlyMap<string, PrefixCounts>,
	flight: ReadonlyMap<string, Bounds>,
	inMemory: number | undefined,
): Map<string, Bounds> | undefined {
	if (inMemory === undefined) return undefined;
	const own = new Map<string, Bounds>();
	for (const [name, now] of counts) own.set(name, ownHeld(now, flight.get(name) ?? EXACT_ZERO));
	return shareTotal(own, inMemory);
}

export function isExact(b: Bounds): boolean {
	return b.lo === b.hi;
}
