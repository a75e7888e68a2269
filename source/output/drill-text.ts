/**
 * What `--stacks`, `--errors` and `--logs` print: plain text (every cluster text inert, line by
 * line: a traceback's or a log record's own line breaks are kept as line breaks, never passed as
 * controls) or one JSON document (texts exact; JSON's escapes make them inert). Pure.
 *
 * JSON: `{"stacks": [{worker, worker_name, key, frames: [{file, line, function, code, kind}]}],
 * "unread": [{worker, worker_name, error}]}`; `{"errors": [{key, prefix, worker, workers, exception,
 * type, traceback}]}`; `{"logs": [{source, time, level, logger, message}]}`. Frames are outermost
 * first, innermost last; kind is user | dask | library | stdlib. A log line's `time` is as the
 * process wrote it (its own local time, no zone); `time`, `level` and `logger` are null when the
 * line is not in Dask's default format.
 */
import {groupErrors} from '../model/index.js';
import type {ErredTask, FrameKind, LogLine, StackFrame, TaskStack} from '../types/drill-page.js';
import {inertIn, type TextStyle} from '../units/inert.js';

export interface WorkerStacks {
	readonly address: string;
	readonly name: string;
	readonly stacks: readonly TaskStack[];
	/** Why the page could not be read, one line. */
	readonly problem?: string;
}

const KIND_TAG: Readonly<Record<FrameKind, string>> = {user: 'user', dask: 'dask', library: 'lib ', stdlib: 'std '};

/** Cluster text as lines, each inert in `style`. */
function linesOf(text: string, style: TextStyle): string[] {
	const safe = inertIn(style);
	return text.split(/\r?\n/).map(safe);
}

function workerLabel(name: string, address: string, style: TextStyle): string {
	const safe = inertIn(style);
	return name === '' || name === address ? safe(address) : `${safe(name)} (${safe(address)})`;
}

function frameLines(frame: StackFrame, style: TextStyle): string[] {
	const safe = inertIn(style);
	const mark = frame.kind === 'user' ? '>' : ' ';
	const head = `  ${mark} ${KIND_TAG[frame.kind]}  ${safe(frame.file)}:${frame.line} in ${safe(frame.function)}`;
	return frame.code === '' ? [head] : [head, `            ${safe(frame.code)}`];
}

export function stacksText(workers: readonly WorkerStacks[], style: TextStyle): string {
	const out: string[] = [];
	for (const worker of workers) {
		const label = workerLabel(worker.name, worker.address, style);
		if (worker.problem !== undefined) {
			out.push(`${label}: call stacks not read: ${inertIn(style)(worker.problem)}`, '');
			continue;
		}
		if (worker.stacks.length === 0) {
			out.push(`${label}: no task running`, '');
			continue;
		}
		for (const stack of worker.stacks) {
			out.push(`${label}  task ${inertIn(style)(stack.key)}  (innermost frame last; > marks your code)`);
			for (const frame of stack.frames) out.push(...frameLines(frame, style));
			out.push('');
		}
	}
	return `${out.join('\n').replace(/\n+$/, '')}\n`;
}

export function stacksJson(workers: readonly WorkerStacks[]): string {
	return `${JSON.stringify({
		stacks: workers.flatMap((w) =>
			w.stacks.map((s) => ({worker: s.worker, worker_name: w.name, key: s.key, frames: s.frames})),
		),
		unread: workers
			.filter((w) => w.problem !== undefined)
			.map((w) => ({worker: w.address, worker_name: w.name, error: w.problem})),
	})}\n`;
}

function countText(n: number, one: string): string {
	return `${n} ${one}${n === 1 ? '' : 's'}`;
}

export function errorsText(erred: readonly ErredTask[], names: ReadonlyMap<string, string>, style: TextStyle): string {
	if (erred.length === 0) return 'No erred tasks: the scheduler remembers none.\n';
	const safe = inertIn(style);
	const out = [`${countText(erred.length, 'erred task')}, by exception type and task prefix:`];
	for (const group of groupErrors(erred))
		out.push(`  ${String(group.tasks.length).padStart(4)}  ${safe(group.type || '(no type)')}  ${safe(group.prefix)}`);
	out.push('', 'Newest first:', '');
	for (const task of erred) {
		const workers = task.workers.map((w) => workerLabel(names.get(w) ?? '', w, style)).join(', ');
		out.push(`${safe(task.key)}${workers === '' ? '' : `  on ${workers}`}`);
		const [first = '', ...rest] = linesOf(task.exception, style);
		out.push(`  ${first}`, ...rest.map((line) => `  ${line}`));
		const traceback = task.traceback.replace(/\n+$/, '');
		if (traceback !== '')
			out.push('  Traceback (most recent call last):', ...linesOf(traceback, style).map((l) => `  ${l}`));
		out.push('');
	}
	return `${out.join('\n').replace(/\n+$/, '')}\n`;
}

export function errorsJson(erred: readonly ErredTask[]): string {
	return `${JSON.stringify({
		errors: erred.map((t) => ({
			key: t.key,
			prefix: t.prefix,
			worker: t.workers[0] ?? null,
			workers: t.workers,
			exception: t.exception,
			type: t.type,
			traceback: t.traceback,
		})),
	})}\n`;
}

export function logsText(lines: readonly LogLine[], style: TextStyle): string {
	if (lines.length === 0) return 'No log lines.\n';
	const out: string[] = [];
	for (const line of lines) {
		const head = [line.time, line.logger, line.level].filter((part) => part !== undefined).join(' - ');
		const [first = '', ...rest] = linesOf(line.message, style);
		out.push(head === '' ? first : `${inertIn(style)(head)} - ${first}`, ...rest.map((l) => `    ${l}`));
	}
	return `${out.join('\n')}\n`;
}

export function logsJson(lines: readonly LogLine[], source: string): string {
	return `${JSON.stringify({
		logs: lines.map((l) => ({
			source,
			time: l.time ?? null,
			level: l.level ?? null,
			logger: l.logger ?? null,
			message: l.message,
		})),
	})}\n`;
}
