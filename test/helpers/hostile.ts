/**
 * Hostile text as a cluster can give it (a worker's --name, a task's key, a redirect's Location):
 * the escape sequences that retitle a terminal, draw a hyperlink, colour or clear it, their C1
 * single-character forms, bidi overrides and isolates, zero-width and format characters, line
 * separators, lone surrogates, beside wide, combining and plain characters. And what dask-top may
 * write itself, to check output byte by byte.
 */
import type {EndpointResult, RawScrape} from '../../source/types/raw-scrape.js';
import {seeded} from './seeded.js';

export const HOSTILE_PIECES: readonly string[] = [
	'\u001b]0;pwned\u0007',
	'\u001b]2;title\u001b\\',
	'\u001b]8;;http://evil.example/\u001b\\link\u001b]8;;\u001b\\',
	'\u001b[31m',
	'\u001b[2J\u001b[H',
	'\u001bc',
	'\u001bP+q\u001b\\',
	'\u009b31m',
	'\u009d0;c1\u009c',
	'\u0090dcs\u009c',
	'\u0007',
	'\u0000',
	'\b',
	'\r',
	'\n',
	'\t',
	'\u007f',
	'\u0085',
	'\u202e',
	'\u202d',
	'\u202a',
	'\u2066',
	'\u2067',
	'\u2069',
	'\u200e',
	'\u200f',
	'\u061c',
	'\u200b',
	'\u200d',
	'\u2060',
	'\ufeff',
	'\u00ad',
	'\u2028',
	'\u2029',
	'\u{e0001}',
	'\ud800',
	'\udfff',
	'計算',
	'中',
	'😀',
	'👨\u200d👩\u200d👧',
	'e\u0301',
	'\u0301',
	'é',
	'Ω',
	'alpha',
	'worker-1',
	'inc',
	' ',
	'|',
	'%',
	'"',
	"'",
	'\\',
	'<b>',
	'&amp;',
	'-',
];

/** One to five pieces, taken by a seeded generator (test/helpers/seeded.ts). */
export function hostileText(next: (n: number) => number): string {
	let text = '';
	for (let n = 1 + next(5); n > 0; n--) text += HOSTILE_PIECES[next(HOSTILE_PIECES.length)];
	return text;
}

/**
 * dask-top's own sequences on the full screen, and nothing else: SGR (colours, bold, reverse),
 * cursor position (`ESC[r;cH`, `ESC[H`), erase display and line (`ESC[2J`, `ESC[K`), and the private
 * modes it sets and resets: cursor (25), mouse reports (1000, 1002, 1003, 1006), alternate screen
 * (1049), synchronized update (2026). No OSC, DCS, APC, no other CSI, no C1, no BEL.
 */
export const OWN_SEQUENCE = /\u001b\[(?:[0-9;:]*[mHJK]|\?(?:25|1000|1002|1003|1006|1049|2026)[hl])/g;

/** C0 controls but the newline, DEL, C1, format characters, separators, lone surrogates. */
const ACTIVE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

export interface ActiveOptions {
	/** dask-top's own sequences (OWN_SEQUENCE) are allowed: the full screen. */
	readonly own?: boolean;
	/** Plain ASCII output: anything beyond printable ASCII counts too. */
	readonly ascii?: boolean;
	/** One line: a newline counts too. */
	readonly oneLine?: boolean;
}

const codePoint = (m: RegExpMatchArray) =>
	`U+${(m[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** What of `output` a terminal could act on, each as `U+XXXX` (a readable failure). */
export function activeLeft(output: string, options: ActiveOptions = {}): string[] {
	const rest = options.own ? output.replace(OWN_SEQUENCE, '') : output;
	const found = [...rest.matchAll(ACTIVE)].map(codePoint);
	if (options.ascii) found.push(...[...rest.matchAll(/[^\x20-\x7e\n]/gu)].map(codePoint));
	if (options.oneLine) found.push(...[...rest.matchAll(/\n/g)].map(codePoint));
	return found;
}

/** Hostile texts for one round's answers, by what they replace. */
export interface HostileNames {
	/** Worker address → name. */
	readonly names: ReadonlyMap<string, string>;
	/** Task prefix as recorded → hostile prefix. */
	readonly prefixes: ReadonlyMap<string, string>;
	/** Keys of the tasks a worker page lists, in order (cycled). */
	readonly keys: readonly string[];
	/** The scheduler's id, and one worker's status and host. */
	readonly schedulerId: string;
	readonly status: string;
	readonly host: string;
}

/** Prometheus label value escaping: backslash, double quote, line feed. */
function promLabel(text: string): string {
	return text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function html(text: string): string {
	return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function identityBody(body: string, hostile: HostileNames): string {
	const doc = JSON.parse(body) as {
		id?: string;
		workers: Record<string, {name?: unknown; status?: string; host?: string}>;
	};
	doc.id = hostile.schedulerId;
	Object.entries(doc.workers).forEach(([address, worker], i) => {
		worker.name = hostile.names.get(address) ?? worker.name;
		if (i === 0) {
			worker.status = hostile.status;
			worker.host = hostile.host;
		}
	});
	return JSON.stringify(doc);
}

function getWorkersBody(body: string, hostile: HostileNames): string {
	const doc = JSON.parse(body) as {workers: Array<{address: string; name?: unknown}>};
	for (const worker of doc.workers) worker.name = hostile.names.get(worker.address) ?? worker.name;
	return JSON.stringify(doc);
}

function metricsBody(body: string, hostile: HostileNames): string {
	return body.replace(/task_prefix_name="((?:[^"\\]|\\.)*)"/g, (whole, prefix: string) => {
		const replaced = hostile.prefixes.get(prefix);
		return replaced === undefined ? whole : `task_prefix_name="${promLabel(replaced)}"`;
	});
}

function workerPageBody(body: string, hostile: HostileNames): string {
	let i = 0;
	return body.replace(/(<a href="\.\.\/task\/[^"]*">)([^<]*)(<\/a>)/g, (_whole, open: string, _key, close: string) => {
		const key = hostile.keys[i++ % Math.max(1, hostile.keys.length)] ?? 'key';
		return `${open}${html(key)}${close}`;
	});
}

/** The recorded prefixes of a round's scheduler /metrics. */
export function recordedPrefixes(raw: RawScrape): string[] {
	const metrics = raw.responses.find((r) => r.target === 'scheduler' && r.path === '/metrics')?.body ?? '';
	return [...new Set([...metrics.matchAll(/task_prefix_name="([^"]*)"/g)].map((m) => m[1]!))];
}

/** The round as a cluster with these names, prefixes and keys would have answered it. */
export function hostileRound(raw: RawScrape, hostile: HostileNames): RawScrape {
	const rewrite = (r: EndpointResult): EndpointResult => {
		if (r.body === undefined || r.status !== 200 || r.target !== 'scheduler') return r;
		if (r.path === '/json/identity.json') return {...r, body: identityBody(r.body, hostile)};
		if (r.path === '/api/v1/get_workers') return {...r, body: getWorkersBody(r.body, hostile)};
		if (r.path === '/metrics') return {...r, body: metricsBody(r.body, hostile)};
		if (r.path.startsWith('/info/worker/')) return {...r, body: workerPageBody(r.body, hostile)};
		return r;
	};
	return {...raw, responses: raw.responses.map(rewrite)};
}

/** Hostile names for every worker of `raw`'s identity.json and every prefix of its /metrics, from `seed`. */
export function hostileNames(raw: RawScrape, seed: number): HostileNames {
	const next = seeded(seed);
	const identity = JSON.parse(raw.responses.find((r) => r.path === '/json/identity.json')!.body!) as {
		workers: Record<string, unknown>;
	};
	return {
		names: new Map(Object.keys(identity.workers).map((address) => [address, hostileText(next)])),
		prefixes: new Map(recordedPrefixes(raw).map((prefix) => [prefix, hostileText(next)])),
		keys: Array.from({length: 8}, () => hostileText(next)),
		schedulerId: hostileText(next),
		status: hostileText(next),
		host: hostileText(next),
	};
}
