/**
 * Dask's /metrics figures as dask-top reads them. Every one it reads is a count, bytes, seconds or
 * a time: none can be negative, NaN or infinite, and Dask prints none that way. A sample that is
 * (a broken exporter, a proxy's or a fake's garbage) is unknown — undefined, never a made-up 0 nor
 * a NaN that reaches a sink — and noted, so the snapshot can say its answer had figures it could
 * not read (EndpointHealth.unreadable). The Prometheus parser itself keeps such values as they are
 * (prometheus.ts): the rule is Dask's, not the format's.
 */
import {hasFamily, type PromDocument, type PromSample} from './prometheus.js';

/** Samples an answer carried that are not counts: how many, and the first few as printed. */
export interface Unreadable {
	readonly count: number;
	readonly named: readonly string[];
}

/** How many unreadable samples are named (the rest are only counted). */
const NAMED = 3;
/** A label value is cut to this many characters in a name (a task prefix can be long). */
const LABEL_CHARS = 40;

export function isCount(value: number): boolean {
	return Number.isFinite(value) && value >= 0;
}

function valueText(value: number): string {
	if (Number.isNaN(value)) return 'NaN';
	if (value === Number.POSITIVE_INFINITY) return '+Inf';
	if (value === Number.NEGATIVE_INFINITY) return '-Inf';
	return String(value);
}

/** A sample as its line printed it: `name{label="value"} NaN`. */
function sampleText(sample: PromSample): string {
	const labels = sample.labels
		? `{${Object.entries(sample.labels)
				.map(([k, v]) => `${k}=${JSON.stringify(v.length > LABEL_CHARS ? `${v.slice(0, LABEL_CHARS)}…` : v)}`)
				.join(',')}}`
		: '';
	return `${sample.name}${labels} ${valueText(sample.value)}`;
}

/** Values by one label's value; a label whose samples are not all counts maps to undefined. */
export type LabelCounts = ReadonlyMap<string, number | undefined>;

/** The count of one state of a declared family: a state it leaves out is 0, an unreadable one unknown. */
export function stateCount(counts: LabelCounts, state: string): number | undefined {
	return counts.has(state) ? counts.get(state) : 0;
}

/** The sum over every label value; unknown when one is. */
export function sumOf(counts: LabelCounts): number | undefined {
	let total = 0;
	for (const value of counts.values()) {
		if (value === undefined) return undefined;
		total += value;
	}
	return total;
}

/** Reads counts from one parsed /metrics body, noting the samples that are not counts. */
export class CountReader {
	private count = 0;
	private readonly named: string[] = [];

	constructor(private readonly doc: PromDocument) {}

	/** A sample's value when it is a count; otherwise it is noted and unknown. */
	read(sample: PromSample): number | undefined {
		if (isCount(sample.value)) return sample.value;
		this.count++;
		if (this.named.length < NAMED) this.named.push(sampleText(sample));
		return undefined;
	}

	/** The samples of `name` (none when absent). */
	samples(name: string): readonly PromSample[] {
		return this.doc.samples.get(name) ?? [];
	}

	/** The first sample of `name` (an unlabelled gauge or counter); undefined when absent or not a count. */
	value(name: string): number | undefined {
		const sample = this.doc.samples.get(name)?.[0];
		return sample === undefined ? undefined : this.read(sample);
	}

	/** Values of `name` summed by one label's value; undefined when the family is absent altogether. */
	byLabel(name: string, label: string): LabelCounts | undefined {
		const list = this.doc.samples.get(name);
		if (!list) return hasFamily(this.doc, name) ? new Map() : undefined;
		const out = new Map<string, number | undefined>();
		for (const s of list) {
			const key = s.labels?.[label];
			if (key === undefined) continue;
			const value = this.read(s);
			const before = out.has(key) ? out.get(key) : 0;
			out.set(key, before === undefined || value === undefined ? undefined : before + value);
		}
		return out;
	}

	/** What was noted; undefined when every sample read was a count. */
	unreadable(): Unreadable | undefined {
		return this.count === 0 ? undefined : {count: this.count, named: [...this.named]};
	}
}
