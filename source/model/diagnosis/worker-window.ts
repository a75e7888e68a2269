/**
 * A worker's last few readings of the figures the rate rules read (keys held, transfers received,
 * bytes spilled, spill and GIL seconds), each with the endpoint and the answer time it came from.
 *
 * Kept in fixed typed arrays written in place, as the history rings are (ring.ts): 10,000 workers
 * are read every poll, and an object per reading per worker would cost more than the poll. The
 * model appends to the windows of the state it is given; read them from the latest state.
 */
import {WINDOW_MAX_S, WINDOW_READINGS} from './window-size.js';

export const FIGURES = ['held', 'incoming', 'spilled', 'spillSeconds', 'gilSeconds'] as const;
export type Figure = (typeof FIGURES)[number];

/** Endpoint names as small numbers (the typed arrays hold those); 0 = none. */
const SOURCE_NAMES: string[] = [''];
const SOURCE_CODES = new Map<string, number>();

function sourceCode(name: string): number {
	let code = SOURCE_CODES.get(name);
	if (code === undefined) {
		code = SOURCE_NAMES.length;
		SOURCE_NAMES.push(name);
		SOURCE_CODES.set(name, code);
	}
	return code;
}

export interface Rate {
	readonly perSecond: number;
	/** Seconds between the two readings. */
	readonly spanS: number;
	readonly delta: number;
	/** The newer reading's answer time (epoch s) and endpoint. */
	readonly lastAt: number;
	readonly src: string;
}

const N = WINDOW_READINGS;
const F = FIGURES.length;

export class WorkerWindow {
	/** Readings held, oldest first from `start` (a ring of N). */
	private count = 0;
	private head = 0;
	private readonly pollAt = new Float64Array(N);
	private readonly busy = new Uint8Array(N);
	private readonly value = new Float64Array(N * F);
	private readonly at = new Float64Array(N * F);
	private readonly src = new Uint16Array(N * F);

	/** Starts a reading at the snapshot's time; figures are then set with `set`. */
	begin(pollAtS: number, busy: boolean): void {
		while (this.count > 0 && pollAtS - this.pollAt[this.slot(0)]! > WINDOW_MAX_S) this.count--;
		const slot = this.head;
		this.head = (this.head + 1) % N;
		if (this.count < N) this.count++;
		this.pollAt[slot] = pollAtS;
		this.busy[slot] = busy ? 1 : 0;
		this.src.fill(0, slot * F, slot * F + F);
	}

	set(figure: Figure, value: number, source: string, atS: number): void {
		const i = this.slot(this.count - 1) * F + FIGURES.indexOf(figure);
		this.value[i] = value;
		this.at[i] = atS;
		this.src[i] = sourceCode(source);
	}

	/** Slot of the reading `k` (0 = oldest kept). */
	private slot(k: number): number {
		return (this.head - this.count + k + N * 2) % N;
	}

	/**
	 * The rate of a figure between the oldest and the newest reading that came from the same
	 * endpoint at different answer times (readings of polls before `sinceS` left out). `counter`: a
	 * fall is a restart, not a rate.
	 */
	rate(figure: Figure, counter: boolean, sinceS = Number.NEGATIVE_INFINITY): Rate | undefined {
		const f = FIGURES.indexOf(figure);
		let last = -1;
		for (let k = this.count - 1; k >= 0 && last < 0; k--) {
			const i = this.slot(k) * F + f;
			if (this.src[i] !== 0) last = i;
		}
		if (last < 0) return undefined;
		const code = this.src[last]!;
		const lastAt = this.at[last]!;
		for (let k = 0; k < this.count; k++) {
			const slot = this.slot(k);
			const i = slot * F + f;
			if (this.pollAt[slot]! < sinceS || this.src[i] !== code || this.at[i]! >= lastAt) continue;
			const delta = this.value[last]! - this.value[i]!;
			if (counter && delta < 0) return undefined;
			const spanS = lastAt - this.at[i]!;
			return {perSecond: delta / spanS, spanS, delta, lastAt, src: SOURCE_NAMES[code]!};
		}
		return undefined;
	}

	/** The figure's newest reading is higher than the one before it from the same endpoint (a newer answer). */
	rising(figure: Figure): boolean {
		const f = FIGURES.indexOf(figure);
		let newer = -1;
		for (let k = this.count - 1; k >= 0; k--) {
			const i = this.slot(k) * F + f;
			if (this.src[i] === 0) continue;
			if (newer < 0) newer = i;
			else if (this.src[i] === this.src[newer] && this.at[i]! < this.at[newer]!)
				return this.value[newer]! > this.value[i]!;
		}
		return false;
	}

	/** The figure (from the endpoint `src`) never fell between readings. */
	neverFell(figure: Figure, src: string): boolean {
		const f = FIGURES.indexOf(figure);
		const code = SOURCE_CODES.get(src);
		let previous: number | undefined;
		for (let k = 0; k < this.count; k++) {
			const i = this.slot(k) * F + f;
			if (this.src[i] !== code) continue;
			if (previous !== undefined && this.value[i]! < previous) return false;
			previous = this.value[i];
		}
		return true;
	}

	/** Every reading since `sinceS` shows the worker busy, and there are at least `min` of them. */
	busyThroughout(sinceS: number, min = 2): boolean {
		let n = 0;
		for (let k = 0; k < this.count; k++) {
			const slot = this.slot(k);
			if (this.pollAt[slot]! < sinceS) continue;
			if (this.busy[slot] === 0) return false;
			n++;
		}
		return n >= min;
	}

	/** Poll time (epoch s) of the first reading of the latest run of busy ones; undefined when the latest is not busy. */
	busySince(): number | undefined {
		let since: number | undefined;
		for (let k = this.count - 1; k >= 0; k--) {
			const slot = this.slot(k);
			if (this.busy[slot] === 0) break;
			since = this.pollAt[slot];
		}
		return since;
	}
}
