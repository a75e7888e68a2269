import type {ReplayTimers} from '../../source/record/replay-source.js';

export interface ManualTimers extends ReplayTimers {
	/** Moves the test's clock on by `ms`, firing whatever falls due, in order. */
	advance(ms: number): void;
	/** How far off each pending timer is. */
	pending(): number[];
	/** How many timers have fired. */
	fired(): number;
}

/** A replay's timers driven by the test instead of the wall clock. */
export function manualTimers(): ManualTimers {
	let nowMs = 0;
	let nextId = 1;
	let fired = 0;
	const due = new Map<number, {atMs: number; callback: () => void}>();
	return {
		fired: () => fired,
		set(callback, ms) {
			const id = nextId++;
			due.set(id, {atMs: nowMs + ms, callback});
			return id;
		},
		clear(handle) {
			due.delete(handle as number);
		},
		advance(ms) {
			const endMs = nowMs + ms;
			for (;;) {
				const next = [...due.entries()].filter(([, t]) => t.atMs <= endMs).sort((a, b) => a[1].atMs - b[1].atMs)[0];
				if (!next) break;
				due.delete(next[0]);
				nowMs = next[1].atMs;
				fired += 1;
				next[1].callback();
			}
			nowMs = endMs;
		},
		pending: () => [...due.values()].map((t) => t.atMs - nowMs),
	};
}
