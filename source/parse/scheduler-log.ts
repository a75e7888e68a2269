/**
 * /info/main/logs.html: the scheduler's own log lines (its `distributed.scheduler` logger, the
 * last `distributed.admin.log-length` records, 10,000 by default), read for what they say of
 * workers that left. Over HTTP it is the only record that outlives the moment: a worker's
 * `closing` status lasts milliseconds, the event log is Bokeh-only. It tells a retire (any client,
 * Adaptive, a cluster manager's scale-down), a restart (Client.restart) and a missed heartbeat from
 * a removal the scheduler was not told about; it cannot tell a SIGTERM from a kill -9.
 *
 * 2022.12.1, oldest first:
 *   Register worker <WorkerState 'tcp://…', name: gamma, status: closed, …>   (repr formatted when
 *   Remove worker <WorkerState 'tcp://…', name: gamma, …>                      the page is built:
 *   Retired worker tcp://… (after its removal)                               its status is useless)
 *   Worker failed to heartbeat within 5 seconds. Closing: <WorkerState 'tcp://…', …>
 *   Restarting workers and releasing all keys.   …   Restarting finished.
 * 2026.7.1, newest first:
 *   Register worker addr: tcp://… name: gamma
 *   Remove worker addr: tcp://… name: gamma (stimulus_id='retire-workers-…' | 'handle-worker-cleanup-…'
 *     | 'check-worker-ttl-…' | 'client-restart-…')
 *   Retire worker addresses (stimulus_id='…') ('tcp://…',)   Retired worker 'tcp://…' (stimulus_id='…')
 *   Worker failed to heartbeat for 5s; removing: <WorkerState 'tcp://…', …>
 *   Restarting workers and releasing all keys (stimulus_id='client-restart-…')   …   Workers restart finished …
 */
import type {RemovalCause, WorkerRemoval} from '../types/snapshot.js';
import {decodeEntities} from './html-scan.js';

export interface SchedulerLog {
	/** Each address's latest removal, in log order (oldest first). */
	readonly removals: readonly WorkerRemoval[];
	/** Log lines read. */
	readonly lines: number;
}

interface Line {
	readonly time?: string;
	readonly text: string;
}

const TIME = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}) - /;
/** A restart window without its closing line ends this long after it opened (by the lines' times). */
const RESTART_WINDOW_MS = 120_000;

function linesOf(html: string): Line[] {
	const out: Line[] = [];
	let at = 0;
	for (;;) {
		const open = html.indexOf('<p>', at);
		if (open < 0) break;
		const close = html.indexOf('</p>', open);
		const end = close < 0 ? html.length : close;
		const raw = decodeEntities(html.slice(open + 3, end)).trim();
		at = end + 4;
		const time = TIME.exec(raw);
		// "TIME - logger - LEVEL - message": the message is after the third " - ".
		let text = raw;
		if (time) {
			const rest = raw.slice(time[0].length);
			const level = /^[\w.]+ - [A-Z]+ - /.exec(rest);
			text = level ? rest.slice(level[0].length) : rest;
		}
		const firstLine = text.indexOf('\n');
		out.push({...(time ? {time: time[1]!} : {}), text: firstLine < 0 ? text : text.slice(0, firstLine)});
	}
	return out;
}

/** Oldest first. Dask 2023.x and later list the newest first: told by the lines' times, else by "State start". */
function chronological(lines: Line[]): Line[] {
	const first = lines.find((l) => l.time !== undefined)?.time;
	const last = lines.findLast((l) => l.time !== undefined)?.time;
	if (first !== undefined && last !== undefined && first !== last) return first > last ? lines.reverse() : lines;
	const start = lines.findIndex((l) => l.text === 'State start');
	return start >= 0 && start === lines.length - 1 && lines.length > 1 ? lines.reverse() : lines;
}

function timeMs(time: string | undefined): number | undefined {
	if (time === undefined) return undefined;
	const ms = Date.parse(`${time.replace(' ', 'T').replace(',', '.')}Z`);
	return Number.isFinite(ms) ? ms : undefined;
}

function stimulusOf(text: string): string | undefined {
	const match = /stimulus_id='([^']*)'/.exec(text);
	return match ? match[1]!.replace(/-[\d.]+$/, '') : undefined;
}

/** `<WorkerState 'tcp://…', name: gamma, status: …>` → address and name. */
function reprOf(text: string): {address: string; name?: string} | undefined {
	const match = /<WorkerState '([^']+)'(?:, name: (.*?), status: )?/.exec(text);
	return match ? {address: match[1]!, ...(match[2] === undefined ? {} : {name: match[2]})} : undefined;
}

/** `Register worker …` / `Remove worker …` in either release's words. */
function workerOf(text: string, verb: string): {address: string; name?: string; stimulus?: string} | undefined {
	const modern = new RegExp(`^${verb} worker addr: (\\S+) name: (.*?)(?: \\(stimulus_id='[^']*'\\))?$`).exec(text);
	if (modern) {
		const stimulus = stimulusOf(text);
		return {address: modern[1]!, name: modern[2]!, ...(stimulus === undefined ? {} : {stimulus})};
	}
	return text.startsWith(`${verb} worker <WorkerState `) ? reprOf(text) : undefined;
}

function quotedAddresses(text: string): string[] {
	return [...text.matchAll(/'([a-z]+:\/\/[^']+)'/g)].map((m) => m[1]!);
}

interface Stay {
	noHeartbeat: boolean;
	removal?: {-readonly [K in keyof WorkerRemoval]: WorkerRemoval[K]};
}

export function parseSchedulerLog(html: string): SchedulerLog {
	const lines = chronological(linesOf(html));
	const stays = new Map<string, Stay>();
	const byName = new Map<string, string>(); // name → address of its latest removal
	const removals: NonNullable<Stay['removal']>[] = [];
	let restart: {readonly ttl: boolean; readonly atMs?: number | undefined} | undefined;
	const stay = (address: string): Stay => {
		const known = stays.get(address);
		if (known) return known;
		const s: Stay = {noHeartbeat: false};
		stays.set(address, s);
		return s;
	};
	for (const {time, text} of lines) {
		if (restart?.atMs !== undefined) {
			const now = timeMs(time);
			if (now !== undefined && now - restart.atMs > RESTART_WINDOW_MS) restart = undefined;
		}
		const removed = workerOf(text, 'Remove');
		if (removed) {
			const s = stay(removed.address);
			const stimulus = removed.stimulus;
			const cause: RemovalCause =
				stimulus === 'retire-workers'
					? 'retired'
					: s.noHeartbeat || stimulus === 'check-worker-ttl'
						? 'no-heartbeat'
						: restart
							? restart.ttl
								? 'no-heartbeat'
								: 'restart'
							: stimulus === 'client-restart' || stimulus === 'restart'
								? 'restart'
								: 'unexplained';
			const removal = {
				address: removed.address,
				...(removed.name === undefined ? {} : {name: removed.name}),
				cause,
				...(stimulus === undefined ? {} : {stimulus}),
				rejoined: false,
			};
			if (s.removal) removals.splice(removals.indexOf(s.removal), 1);
			s.removal = removal;
			removals.push(removal);
			if (removed.name !== undefined) byName.set(removed.name, removed.address);
			continue;
		}
		const registered = workerOf(text, 'Register');
		if (registered) {
			const s = stay(registered.address);
			if (s.removal) s.removal.rejoined = true;
			const before = registered.name === undefined ? undefined : byName.get(registered.name);
			const earlier = before === undefined ? undefined : stays.get(before)?.removal;
			if (earlier) earlier.rejoined = true;
			s.noHeartbeat = false;
			continue;
		}
		// A retire is told by the line after its removal: a retire that failed also began with "Retiring".
		if (text.startsWith('Retired worker ')) {
			const address = quotedAddresses(text)[0] ?? text.slice('Retired worker '.length).trim();
			const removal = stays.get(address)?.removal;
			if (removal && !removal.rejoined) removal.cause = 'retired';
		} else if (text.startsWith('Worker failed to heartbeat')) {
			const worker = reprOf(text);
			if (worker) stay(worker.address).noHeartbeat = true;
		} else if (/^Restarting (workers and releasing|all workers|\d+ workers)/.test(text)) {
			restart = {ttl: stimulusOf(text) === 'check-worker-ttl', atMs: timeMs(time)};
		} else if (text.startsWith('Restarting finished') || text.startsWith('Workers restart finished')) {
			restart = undefined;
		}
	}
	return {removals, lines: lines.length};
}
