/**
 * Why a worker's CPU or status is blank, in words, so the screen never shows a silent `—`: the
 * detail gives a worker's reason, the header one line for all ("CPU unknown for 12 workers:
 * identity.json busy, worker ports closed"). Pure, from the snapshot's figures and its endpoints'
 * health: identity.json (the figures' first source) and each worker's own /metrics (the CPU's
 * fallback, parse/worker-cpu.ts: the rate of two readings).
 */
import type {Snapshot, WorkerSnapshot} from '../../types/snapshot.js';

const IDENTITY = '/json/identity.json';

/** identity.json's part of the reason: why the first source did not give it. */
export function identityWhy(snapshot: Snapshot): string | undefined {
	const identity = snapshot.endpoints.find((e) => e.target === undefined && e.path === IDENTITY);
	if (identity === undefined) return 'identity.json not read';
	if (identity.state === 'unavailable') return 'identity.json unavailable';
	if (identity.state === 'failed')
		return identity.status !== undefined && identity.status >= 500 ? 'identity.json busy' : 'identity.json failing';
	return undefined;
}

/** The worker's own /metrics' part: not read, unreachable, or read once. */
function ownMetricsWhy(snapshot: Snapshot, w: WorkerSnapshot): string {
	const own = snapshot.endpoints.find((e) => e.target === `worker:${w.address}` && e.path === '/metrics');
	if (own === undefined) return w.dashboard_port === undefined ? 'no worker dashboard port' : 'worker not read yet';
	if (own.state === 'ok') return 'worker read once so far';
	return own.status === undefined ? 'worker port closed' : `worker answered HTTP ${own.status}`;
}

/** Why this worker's CPU is blank (undefined when it is not). */
export function cpuUnknownWhy(snapshot: Snapshot, w: WorkerSnapshot): string | undefined {
	if (w.cpu_percent !== undefined) return undefined;
	return [identityWhy(snapshot), ownMetricsWhy(snapshot, w)].filter((part) => part !== undefined).join(', ');
}

/** Why this worker's status is blank (undefined when it is not). */
export function statusUnknownWhy(snapshot: Snapshot, w: WorkerSnapshot): string | undefined {
	if (w.status !== undefined) return undefined;
	const first = identityWhy(snapshot);
	return `${first === undefined ? '' : `${first}, `}no count of paused workers agrees`;
}

/** A worker's reason as the header says it of several. */
const PLURAL: Readonly<Record<string, string>> = {
	'worker port closed': 'worker ports closed',
	'worker not read yet': 'workers not read yet',
	'worker read once so far': 'workers read once so far',
	'no worker dashboard port': 'no worker dashboard ports',
};

export interface FigureGap {
	readonly count: number;
	/** The reasons, most common first, at most two. */
	readonly why: string;
}

/** How many workers have no CPU, and why (undefined when every worker has one). */
export function cpuGap(snapshot: Snapshot): FigureGap | undefined {
	const reasons = new Map<string, number>();
	let count = 0;
	for (const w of snapshot.workers) {
		if (w.cpu_percent !== undefined) continue;
		count++;
		for (const part of (cpuUnknownWhy(snapshot, w) ?? '').split(', ')) {
			const reason = PLURAL[part] ?? part;
			if (reason !== '') reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
		}
	}
	if (count === 0) return undefined;
	const why = [...reasons.entries()]
		.sort((a, b) => b[1] - a[1])
		.slice(0, 2)
		.map(([reason]) => reason)
		.join(', ');
	return {count, why};
}

/** The gap in one line, as the header and --once say it. */
export function cpuGapText(gap: FigureGap): string {
	return `CPU unknown for ${gap.count} worker${gap.count === 1 ? '' : 's'}: ${gap.why}`;
}

/**
 * Figures only identity.json gives (the network rates, the event loop's interval), by the table's
 * headings: blank for every worker while it fails, and said so once rather than left as silent `—`.
 */
const IDENTITY_ONLY = [
	['net_read_bps', 'NET'],
	['event_loop_interval_seconds', 'LOOP'],
] as const;

/** "NET, LOOP unknown: identity.json busy" while it fails and no worker has them; else undefined. */
export function identityOnlyGapText(snapshot: Snapshot): string | undefined {
	const why = identityWhy(snapshot);
	if (why === undefined || snapshot.workers.length === 0) return undefined;
	const blank = IDENTITY_ONLY.filter(([field]) => snapshot.workers.every((w) => w[field] === undefined));
	return blank.length === 0 ? undefined : `${blank.map(([, heading]) => heading).join(', ')} unknown: ${why}`;
}

/** What the header says of blank worker figures: the CPU's gap first, then identity.json's own figures. */
export function figureGapsText(snapshot: Snapshot): string | undefined {
	const cpu = cpuGap(snapshot);
	const identityOnly = identityOnlyGapText(snapshot);
	if (cpu === undefined) return identityOnly;
	return identityOnly === undefined ? cpuGapText(cpu) : `${cpuGapText(cpu)}; ${identityOnly.split(':')[0]}`;
}

/** The cluster's bytes on disk, blank: why, as the header and --once say it ("spilled unknown: identity.json busy"). */
export function spilledUnknownText(snapshot: Snapshot): string {
	return `spilled unknown: ${identityWhy(snapshot) ?? 'not reported'}`;
}
