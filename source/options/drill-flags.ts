/**
 * The drill-down flags (--stacks, --errors, --logs WORKER|scheduler, --worker NAME|ADDRESS): their
 * descriptors in the settings table and a pure resolver to a DrillRequest or a one-line usage error.
 * Each prints one page of one cluster, as text or with --json, and exits (run/drill.ts).
 */
import type {GivenFlags, Setting} from './setting-types.js';

const NO = 'none';

/** The drill-down's settings (settings.ts spreads them into the table): flags only. */
export const DRILL_SETTINGS = [
	{
		name: 'stacks',
		flag: {type: 'boolean'},
		config: NO,
		env: NO,
		default: NO,
		help:
			"Print the call stack of every task the workers are running now (innermost frame last, the user's " +
			'frames marked), then exit',
	},
	{
		name: 'worker',
		flag: {type: 'string', isMultiple: true, value: 'NAME'},
		config: NO,
		env: NO,
		default: NO,
		help: 'With --stacks: only this worker, by name or address (repeatable)',
	},
	{
		name: 'errors',
		flag: {type: 'boolean'},
		config: NO,
		env: NO,
		default: NO,
		help: 'Print the erred tasks, newest first, with worker, exception and traceback, then exit',
	},
	{
		name: 'logs',
		flag: {type: 'string', value: 'WORKER'},
		config: NO,
		env: NO,
		default: NO,
		help: "Print a worker's log (by name or address), or the scheduler's with --logs scheduler, then exit",
	},
] as const satisfies readonly Setting[];

/** The drill-down flags given (parsed-flags.ts, from the descriptors above). */
export type DrillFlags = GivenFlags<(typeof DRILL_SETTINGS)[number]>;

export type DrillRequest =
	| {readonly kind: 'stacks'; readonly workers: readonly string[]}
	| {readonly kind: 'errors'}
	| {readonly kind: 'logs'; readonly source: string};

interface Others {
	readonly watch: boolean;
	readonly check: boolean;
	readonly record: boolean;
	readonly replay?: 'replay' | 'demo';
	readonly clusters: number;
}

/** The request the flags make (undefined: none), or a one-line usage error. */
export function resolveDrill(flags: DrillFlags, others: Others): DrillRequest | undefined | {error: string} {
	const asked = [
		flags.stacks === true ? '--stacks' : undefined,
		flags.errors === true ? '--errors' : undefined,
		flags.logs === undefined ? undefined : '--logs',
	].filter((flag) => flag !== undefined);
	if (asked.length === 0)
		return flags.worker === undefined ? undefined : {error: '--worker narrows --stacks: add --stacks'};
	const flag = asked[0]!;
	if (asked.length > 1) return {error: `${asked.join(' and ')} each print one page: choose one`};
	if (flags.worker !== undefined && flag !== '--stacks')
		return {
			error:
				flag === '--logs'
					? '--worker narrows --stacks; --logs takes its worker itself: --logs NAME URL'
					: '--worker narrows --stacks: drop it',
		};
	if (others.check) return {error: `--check prints its own line and cannot be combined with ${flag}`};
	if (others.watch) return {error: `${flag} prints one page and exits; it cannot be combined with --watch`};
	if (others.replay !== undefined)
		return {error: `${flag} asks a live scheduler; it cannot be combined with --${others.replay}`};
	if (others.record) return {error: `${flag} prints one page and exits; it cannot be combined with --record`};
	if (others.clusters > 1)
		return {error: `${flag} reads one cluster, got ${others.clusters} scheduler URLs: run one per cluster`};
	if (flag === '--stacks') {
		const workers = (flags.worker ?? []).map((w) => w.trim());
		if (workers.some((w) => w === '')) return {error: '--worker needs a worker name or address'};
		return {kind: 'stacks', workers};
	}
	if (flag === '--errors') return {kind: 'errors'};
	const source = (flags.logs ?? '').trim();
	if (source === '') return {error: '--logs needs a worker name or address, or scheduler: --logs scheduler URL'};
	return {kind: 'logs', source};
}
