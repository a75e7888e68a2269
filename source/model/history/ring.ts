/**
 * Bounded history: a ring buffer of numbers. A week-long run keeps the newest `capacity` points and
 * nothing more. Storage grows on demand up to the capacity, so thousands of short-lived workers
 * cost little.
 *
 * Ownership: `reduce` appends to the rings of the state it is given (copying 10,000 workers'
 * histories every poll would cost more than the poll). A superseded state's series therefore show
 * the newer points too; read history from the latest state. Appending twice with the same stamp
 * overwrites the last point instead, so reducing the same snapshot twice does not duplicate it.
 */

/** A read-only series, oldest point first. Missing figures are NaN. */
export interface Series {
	readonly length: number;
	readonly capacity: number;
	/** Point i (0 = oldest), or undefined outside 0..length-1. */
	at(index: number): number | undefined;
	/** The newest point. */
	last(): number | undefined;
	/** The newest `count` points (all by default), oldest first. */
	values(count?: number): number[];
}

export type RingPrecision = 'f64' | 'f32';

export class Ring implements Series {
	readonly capacity: number;
	private buffer: Float64Array | Float32Array;
	private head = 0; // index of the next write
	private count = 0;
	private lastStamp = Number.NaN;
	private readonly precision: RingPrecision;

	constructor(capacity: number, precision: RingPrecision = 'f64') {
		if (!Number.isInteger(capacity) || capacity < 1)
			throw new RangeError(`ring capacity must be a positive integer, got ${capacity}`);
		this.capacity = capacity;
		this.precision = precision;
		this.buffer = this.allocate(Math.min(capacity, 16));
	}

	get length(): number {
		return this.count;
	}

	/** Appends a point (undefined → NaN). Same stamp as the previous append: overwrites it. */
	push(value: number | undefined, stamp?: number): void {
		const v = value === undefined ? Number.NaN : value;
		if (stamp !== undefined && stamp === this.lastStamp && this.count > 0) {
			const lastIndex = (this.head - 1 + this.buffer.length) % this.buffer.length;
			this.buffer[lastIndex] = v;
			return;
		}
		this.lastStamp = stamp ?? Number.NaN;
		if (this.count === this.buffer.length && this.buffer.length < this.capacity) this.grow();
		this.buffer[this.head] = v;
		this.head = (this.head + 1) % this.buffer.length;
		if (this.count < this.buffer.length) this.count++;
	}

	at(index: number): number | undefined {
		if (!Number.isInteger(index) || index < 0 || index >= this.count) return undefined;
		const start = (this.head - this.count + this.buffer.length) % this.buffer.length;
		return this.buffer[(start + index) % this.buffer.length];
	}

	last(): number | undefined {
		return this.count === 0 ? undefined : this.at(this.count - 1);
	}

	values(count?: number): number[] {
		const n = count === undefined ? this.count : Math.max(0, Math.min(count, this.count));
		const out = new Array<number>(n);
		for (let i = 0; i < n; i++) out[i] = this.at(this.count - n + i) ?? Number.NaN;
		return out;
	}

	private allocate(size: number): Float64Array | Float32Array {
		return this.precision === 'f32' ? new Float32Array(size) : new Float64Array(size);
	}

	private grow(): void {
		// Only called while full and not yet at capacity, so head === 0 (writes never wrapped).
		const next = this.allocate(Math.min(this.capacity, this.buffer.length * 2));
		next.set(this.buffer);
		this.head = this.count;
		this.buffer = next;
	}
}
