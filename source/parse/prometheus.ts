/**
 * Prometheus text exposition format 0.0.4, as prometheus_client prints it for Dask's /metrics.
 *
 * One pass over the body with charCode scanning (no split, no per-line regex): ~17 KB bodies are
 * parsed every poll, and a scheduler of a large cluster can print far more. A label object is
 * allocated only for samples that have labels. Given the names a reader wants, a line of any other
 * name is passed over once its name is read (a scheduler prints about 40 families and dask-top reads
 * 17 of them; work stealing's alone print a line per pair of workers and task prefix).
 */

export type PromType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export interface PromSample {
	readonly name: string;
	readonly labels?: Readonly<Record<string, string>>;
	readonly value: number;
	readonly timestampMs?: number;
}

export interface PromDocument {
	/** Samples by sample name, in body order. */
	readonly samples: ReadonlyMap<string, readonly PromSample[]>;
	/** `# TYPE` lines by family name (prometheus_client prints counters with their `_total` name). */
	readonly types: ReadonlyMap<string, PromType>;
	readonly help: ReadonlyMap<string, string>;
	readonly sampleCount: number;
	/** Sample lines of names the reader did not ask for: passed over, neither kept nor checked. */
	readonly skippedLines: number;
	/** Lines that are neither comments nor valid samples (of the lines read). */
	readonly invalidLines: number;
	readonly firstInvalid?: {readonly line: number; readonly reason: string};
}

const STUB_PREFIX = '# Prometheus metrics are not available';

/** Dask serves this one comment line on /metrics when prometheus_client is not installed. */
export function isPrometheusStub(body: string): boolean {
	const text = body.trim();
	return text.startsWith(STUB_PREFIX) && !text.includes('\n');
}

const SPACE = 32;
const TAB = 9;
const CR = 13;
const HASH = 35;
const QUOTE = 34;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const EQUALS = 61;
const COMMA = 44;

/*
 * The scans below are sticky regular expressions rather than loops over charCodeAt: the parser runs
 * once a poll, too seldom for V8 to compile it (16 times V8's tier-up budget: source/run/tiering.ts), and
 * in V8's interpreter a loop costs some 40 bytecodes a character, about 1 ms for a scheduler's body
 * under --cpu-prof, where V8's compiled regular expressions take a few hundred nanoseconds a line.
 * None of them crosses a line break: `end` (the line's end, before a CR) bounds them.
 */
const NAME = /[A-Za-z_:][A-Za-z0-9_:]*/y;
const TOKEN = /[^ \t\n]*/y;
/** A quoted label value's text: up to its closing quote, a backslash taking the character after it. */
const LABEL_TEXT = /(?:[^"\\\n]|\\[\s\S])*/y;

/** The end of the name starting at `i`, or `i` when no name starts there. */
function nameEnd(text: string, i: number): number {
	NAME.lastIndex = i;
	return NAME.test(text) ? NAME.lastIndex : i;
}

function skipBlanks(text: string, i: number, end: number): number {
	while (i < end) {
		const c = text.charCodeAt(i);
		if (c !== SPACE && c !== TAB) break;
		i++;
	}
	return i;
}

function tokenEnd(text: string, i: number, end: number): number {
	TOKEN.lastIndex = i;
	TOKEN.test(text);
	return Math.min(TOKEN.lastIndex, end);
}

/** Go's ParseFloat as Prometheus uses it: decimals, exponents, NaN, ±Inf (case-insensitive). */
export function parsePromNumber(token: string): number | undefined {
	if (token.length === 0) return undefined;
	const c = token.charCodeAt(0);
	const digitStart =
		(c >= 48 && c <= 57) ||
		c === 46 ||
		((c === 43 || c === 45) && token.length > 1 && token.charCodeAt(1) !== 73 && token.charCodeAt(1) !== 105);
	if (digitStart) {
		if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(token)) return undefined;
		return Number(token);
	}
	switch (token.toLowerCase()) {
		case 'nan':
			return Number.NaN;
		case '+inf':
		case 'inf':
		case '+infinity':
		case 'infinity':
			return Number.POSITIVE_INFINITY;
		case '-inf':
		case '-infinity':
			return Number.NEGATIVE_INFINITY;
		default:
			return undefined;
	}
}

function unescapePromText(raw: string, labelValue: boolean): string {
	if (!raw.includes('\\')) return raw;
	let out = '';
	for (let i = 0; i < raw.length; i++) {
		const ch = raw[i]!;
		if (ch !== '\\' || i === raw.length - 1) {
			out += ch;
			continue;
		}
		const next = raw[++i]!;
		if (next === 'n') out += '\n';
		else if (next === '\\') out += '\\';
		else if (next === '"' && labelValue) out += '"';
		else out += `\\${next}`;
	}
	return out;
}

const TYPES = new Set<string>(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

class Builder {
	readonly samples = new Map<string, PromSample[]>();
	readonly types = new Map<string, PromType>();
	readonly help = new Map<string, string>();
	sampleCount = 0;
	skippedLines = 0;
	invalidLines = 0;
	firstInvalid: {line: number; reason: string} | undefined;

	/** `wanted`: the only names read (samples, `# TYPE` and `# HELP`); every name when undefined. */
	constructor(private readonly wanted: ReadonlySet<string> | undefined) {}

	/** Counts a bad line; returns undefined so a caller can `return this.invalid(...)` and stop reading the line. */
	invalid(line: number, reason: string): undefined {
		this.invalidLines++;
		this.firstInvalid ??= {line, reason};
	}

	comment(text: string, start: number, end: number): void {
		let i = skipBlanks(text, start + 1, end);
		const kwEnd = tokenEnd(text, i, end);
		const keyword = text.slice(i, kwEnd);
		if (keyword !== 'HELP' && keyword !== 'TYPE') return;
		i = skipBlanks(text, kwEnd, end);
		const nameEnd = tokenEnd(text, i, end);
		const name = text.slice(i, nameEnd);
		if (name.length === 0 || (this.wanted !== undefined && !this.wanted.has(name))) return;
		const rest = text.slice(skipBlanks(text, nameEnd, end), end);
		if (keyword === 'HELP') this.help.set(name, unescapePromText(rest, false));
		else if (TYPES.has(rest.trim())) this.types.set(name, rest.trim() as PromType);
	}

	sample(text: string, start: number, end: number, lineNo: number): undefined {
		let i = Math.min(nameEnd(text, start), end);
		if (i === start) return this.invalid(lineNo, 'metric name expected');
		const name = text.slice(start, i);
		if (this.wanted !== undefined && !this.wanted.has(name)) {
			this.skippedLines++;
			return;
		}
		let labels: Record<string, string> | undefined;
		i = skipBlanks(text, i, end);
		if (text.charCodeAt(i) === OPEN_BRACE) {
			labels = Object.create(null) as Record<string, string>;
			i = skipBlanks(text, i + 1, end);
			while (i < end && text.charCodeAt(i) !== CLOSE_BRACE) {
				const labelStart = i;
				i = Math.min(nameEnd(text, i), end);
				if (i === labelStart) return this.invalid(lineNo, 'label name expected');
				const labelName = text.slice(labelStart, i);
				i = skipBlanks(text, i, end);
				if (text.charCodeAt(i) !== EQUALS) return this.invalid(lineNo, '= expected after label name');
				i = skipBlanks(text, i + 1, end);
				if (text.charCodeAt(i) !== QUOTE) return this.invalid(lineNo, 'quoted label value expected');
				const valueStart = ++i;
				LABEL_TEXT.lastIndex = i;
				LABEL_TEXT.test(text);
				i = LABEL_TEXT.lastIndex;
				if (i >= end || text.charCodeAt(i) !== QUOTE) return this.invalid(lineNo, 'unterminated label value');
				labels[labelName] = unescapePromText(text.slice(valueStart, i), true);
				i = skipBlanks(text, i + 1, end);
				if (text.charCodeAt(i) === COMMA) i = skipBlanks(text, i + 1, end);
				else if (text.charCodeAt(i) !== CLOSE_BRACE) return this.invalid(lineNo, ', or } expected in labels');
			}
			if (i >= end) return this.invalid(lineNo, 'unterminated label set');
			i = skipBlanks(text, i + 1, end);
		}
		const valueEnd = tokenEnd(text, i, end);
		const value = parsePromNumber(text.slice(i, valueEnd));
		if (value === undefined) return this.invalid(lineNo, 'number expected');
		i = skipBlanks(text, valueEnd, end);
		let timestampMs: number | undefined;
		if (i < end) {
			const tsEnd = tokenEnd(text, i, end);
			const ts = parsePromNumber(text.slice(i, tsEnd));
			if (ts === undefined || !Number.isInteger(ts)) return this.invalid(lineNo, 'integer timestamp expected');
			if (skipBlanks(text, tsEnd, end) < end) return this.invalid(lineNo, 'unexpected text after timestamp');
			timestampMs = ts;
		}
		const sample: PromSample =
			timestampMs === undefined
				? labels
					? {name, labels, value}
					: {name, value}
				: labels
					? {name, labels, value, timestampMs}
					: {name, value, timestampMs};
		const list = this.samples.get(name);
		if (list) list.push(sample);
		else this.samples.set(name, [sample]);
		this.sampleCount++;
	}
}

/**
 * Parses `text`. With `wanted`, only the lines of those names are read (a sample's own name:
 * `foo_total`, not its family's); the rest are passed over unchecked, so whether a body with none
 * of them is Prometheus text at all is told by parsing it without `wanted`.
 */
export function parsePrometheus(text: string, wanted?: ReadonlySet<string>): PromDocument {
	const b = new Builder(wanted);
	const length = text.length;
	let lineStart = 0;
	let lineNo = 0;
	while (lineStart < length) {
		let lineEnd = text.indexOf('\n', lineStart);
		if (lineEnd === -1) lineEnd = length;
		lineNo++;
		let end = lineEnd;
		if (end > lineStart && text.charCodeAt(end - 1) === CR) end--;
		const start = skipBlanks(text, lineStart, end);
		if (start < end) {
			if (text.charCodeAt(start) === HASH) b.comment(text, start, end);
			else b.sample(text, start, end, lineNo);
		}
		lineStart = lineEnd + 1;
	}
	return {
		samples: b.samples,
		types: b.types,
		help: b.help,
		sampleCount: b.sampleCount,
		skippedLines: b.skippedLines,
		invalidLines: b.invalidLines,
		...(b.firstInvalid ? {firstInvalid: b.firstInvalid} : {}),
	};
}

/** Whether the body declared a family (`# TYPE`/`# HELP`) or printed samples for it. */
export function hasFamily(doc: PromDocument, name: string): boolean {
	return doc.types.has(name) || doc.help.has(name) || doc.samples.has(name);
}
