/**
 * The drill-down panel's lines: a worker's running tasks' call stacks (innermost frame last, the
 * user's frames set apart), the erred tasks (counts by exception type and task prefix, then each
 * newest first, its traceback under it on Enter) and a log (the level coloured, a filter). Every
 * text from the cluster is made inert here (the pages are parsed apart from the pipeline). Pure.
 */
import {groupErrors} from '../../model/index.js';
import type {ErredTask, LogLine, StackFrame, TaskStack} from '../../types/drill-page.js';
import {inert} from '../../units/inert.js';
import type {Segment} from '../draw/bars.js';
import {formatClock, formatDuration} from '../draw/cells.js';
import {clipSegments, seg} from '../draw/parts.js';
import type {Theme, Tone} from '../draw/theme.js';
import type {DrillPanel} from '../state/drill-panel.js';

/** What the shell fetched for the open panel (shell/drill-fetch.ts). */
export interface DrillData {
	/** drillKey() of the panel it belongs to. */
	readonly key: string;
	readonly loading: boolean;
	/** Monitor ms of the latest answer read. */
	readonly fetchedMs?: number;
	/** Why the latest fetch gave nothing to read, one line. */
	readonly problem?: string;
	/** The source cannot fetch pages (a replay). */
	readonly unavailable?: string;
	readonly stacks?: readonly TaskStack[];
	readonly errors?: readonly ErredTask[];
	readonly logs?: readonly LogLine[];
}

export interface DrillPageView {
	readonly title: Segment[];
	readonly lines: readonly Segment[][];
	/** errors: the line of each task. */
	readonly taskLines: readonly number[];
}

interface Context {
	readonly theme: Theme;
	readonly width: number;
	readonly nowMs: number;
	/** The name of a worker by its address ('' when unknown). */
	readonly nameOf: (address: string) => string;
}

const KIND_TAG = {user: 'you', dask: 'dask', library: 'lib', stdlib: 'std'} as const;

function shortFile(file: string): string {
	const parts = file.replace(/\\/g, '/').split('/');
	return parts.slice(-2).join('/');
}

function workerText(address: string, ctx: Context): string {
	const name = ctx.nameOf(address);
	return name === '' || name === address ? address : `${name} (${address})`;
}

function frameLines(frame: StackFrame, show: (t: string) => string): Segment[][] {
	const user = frame.kind === 'user';
	const tone: Tone = user ? 'accent' : 'muted';
	const head = [
		seg(user ? '> ' : '  ', 'accent', true),
		seg(`${KIND_TAG[frame.kind].padEnd(4)} `, 'muted'),
		seg(`${show(frame.function)}`, user ? 'normal' : 'muted', user),
		seg(`  ${show(shortFile(frame.file))}:${frame.line}`, tone),
	];
	return frame.code === '' ? [head] : [head, [seg('         '), seg(show(frame.code), user ? 'normal' : 'muted')]];
}

function stacksLines(stacks: readonly TaskStack[], show: (t: string) => string): Segment[][] {
	if (stacks.length === 0) return [[seg('no task is running on it now', 'muted')]];
	const lines: Segment[][] = [];
	for (const stack of stacks) {
		lines.push([seg('task ', 'muted'), seg(show(stack.key), 'normal', true)]);
		for (const frame of stack.frames) lines.push(...frameLines(frame, show));
		lines.push([]);
	}
	return lines;
}

function errorsLines(
	erred: readonly ErredTask[],
	panel: DrillPanel,
	ctx: Context,
	show: (t: string) => string,
): {lines: Segment[][]; taskLines: number[]} {
	if (erred.length === 0)
		return {lines: [[seg('no erred task: the scheduler remembers none', 'muted')]], taskLines: []};
	const lines: Segment[][] = [[seg('by exception type and task prefix', 'muted')]];
	for (const group of groupErrors(erred))
		lines.push([
			seg(String(group.tasks.length).padStart(6), 'normal', true),
			seg(`  ${show(group.type || '(no type)')}`, 'critical'),
			seg(`  ${show(group.prefix)}`),
		]);
	lines.push([], [seg('newest first (Enter: the traceback)', 'muted')]);
	const taskLines: number[] = [];
	erred.forEach((task, i) => {
		taskLines.push(lines.length);
		const where = task.workers.map((w) => workerText(w, ctx)).join(', ');
		const exception = show(task.exception.split('\n')[0] ?? '');
		lines.push([
			seg(show(task.key), 'normal', true),
			...(where === '' ? [] : [seg(`  on ${show(where)}`, 'muted')]),
			seg(`  ${exception}`, 'critical'),
		]);
		if (panel.open && i === panel.cursor) {
			for (const line of task.exception.split('\n').slice(1)) lines.push([seg(`    ${show(line)}`, 'critical')]);
			lines.push([seg('    Traceback (most recent call last):', 'muted')]);
			for (const line of task.traceback.replace(/\n+$/, '').split('\n'))
				lines.push([seg(`    ${show(line)}`, /^\s*File "/.test(line) ? 'muted' : 'normal')]);
		}
	});
	return {lines, taskLines};
}

const LEVEL_TONE: Readonly<Record<string, Tone>> = {
	DEBUG: 'muted',
	INFO: 'normal',
	WARNING: 'warning',
	ERROR: 'critical',
	CRITICAL: 'critical',
};

function logMatches(line: LogLine, filter: string): boolean {
	if (filter === '') return true;
	const needle = filter.toLowerCase();
	return [line.message, line.logger ?? '', line.level ?? ''].some((t) => t.toLowerCase().includes(needle));
}

function logLines(logs: readonly LogLine[], panel: DrillPanel, show: (t: string) => string): Segment[][] {
	const shown = logs.filter((l) => logMatches(l, panel.filter));
	if (shown.length === 0)
		return [[seg(logs.length === 0 ? 'no log lines' : `no line holds "${show(panel.filter)}"`, 'muted')]];
	const lines: Segment[][] = [];
	for (const line of shown) {
		const tone = LEVEL_TONE[line.level ?? ''] ?? 'normal';
		const [first = '', ...rest] = line.message.split('\n');
		lines.push([
			...(line.time === undefined ? [] : [seg(`${show(line.time.slice(11) || line.time)} `, 'muted')]),
			...(line.level === undefined ? [] : [seg(`${line.level.padEnd(8)}`, tone, tone !== 'normal')]),
			...(line.logger === undefined ? [] : [seg(`${show(line.logger)} `, 'muted')]),
			seg(show(first), tone === 'muted' ? 'muted' : 'normal'),
		]);
		for (const more of rest) lines.push([seg(`    ${show(more)}`, 'muted')]);
	}
	return lines;
}

function titleOf(panel: DrillPanel, data: DrillData | undefined, ctx: Context, show: (t: string) => string): Segment[] {
	const what =
		panel.kind === 'stacks'
			? [seg('Call stacks ', 'title', true), seg(show(workerText(panel.subject, ctx)), 'accent')]
			: panel.kind === 'errors'
				? [
						seg('Erred tasks ', 'title', true),
						seg(data?.errors ? `${data.errors.length}` : '', 'accent'),
						seg(' (the scheduler keeps the last 100)', 'muted'),
					]
				: [
						seg('Log ', 'title', true),
						seg(panel.subject === 'scheduler' ? 'scheduler' : show(workerText(panel.subject, ctx)), 'accent'),
						seg(panel.follow ? '  following' : '  G: follow', 'muted'),
						...(panel.filter === '' && !panel.filterEditing ? [] : [seg(`  /${show(panel.filter)}`, 'accent')]),
					];
	const when =
		data?.fetchedMs === undefined
			? []
			: [
					seg(
						`  read ${formatClock(data.fetchedMs)} (${formatDuration(Math.max(0, ctx.nowMs - data.fetchedMs) / 1000)} ago)` +
							`${data.loading ? ', reading again…' : ''}`,
						'muted',
					),
				];
	const hint = panel.kind === 'stacks' ? '  innermost frame last, > your code; R again, Esc back' : '  Esc back';
	return clipSegments([...what, ...when, seg(hint, 'muted')], ctx.width);
}

export function drillPage(panel: DrillPanel, data: DrillData | undefined, ctx: Context): DrillPageView {
	const show = (text: string) => inert(text, ctx.theme.ascii);
	const title = titleOf(panel, data, ctx, show);
	const status: Segment[][] = [];
	if (data?.unavailable !== undefined) status.push([seg(data.unavailable, 'muted')]);
	else if (data === undefined || (data.loading && data.fetchedMs === undefined))
		status.push([
			seg(
				`reading ${panel.kind === 'stacks' ? 'the call stacks' : panel.kind === 'errors' ? 'the erred tasks' : 'the log'}…`,
				'muted',
			),
		]);
	if (data?.problem !== undefined) status.push([seg(`not read: ${show(data.problem)}`, 'warning')]);
	let body: {lines: Segment[][]; taskLines: number[]} = {lines: [], taskLines: []};
	if (panel.kind === 'stacks' && data?.stacks) body = {lines: stacksLines(data.stacks, show), taskLines: []};
	if (panel.kind === 'errors' && data?.errors) body = errorsLines(data.errors, panel, ctx, show);
	if (panel.kind === 'logs' && data?.logs) body = {lines: logLines(data.logs, panel, show), taskLines: []};
	const lines = [...status, ...body.lines].map((line) => clipSegments(line, ctx.width));
	return {title, lines, taskLines: body.taskLines.map((n) => n + status.length)};
}
