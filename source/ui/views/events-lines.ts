/**
 * The event log of the events view (newest first), whose entries the compact Alerts panel under a
 * short worker table also shows (alerts-panel-lines.ts). An event is one line when it fits, else its
 * message wraps onto indented continuation lines (never cut in the events view). Narrow terminals
 * get compact columns: the severity as its glyph and a short word, the state as a short word, and
 * no subject column when the message names the worker itself. Pure: lines of segments.
 */
import type {ModelEvent, Severity, TriageView} from '../../model/types.js';
import type {Segment} from '../draw/bars.js';
import {fit, fitMiddle, formatDuration} from '../draw/cells.js';
import {clipSegments, fitParts, part, seg} from '../draw/parts.js';
import type {Theme, Tone} from '../draw/theme.js';
import {fitBlocks, triageBlocks} from './adaptive-lines.js';
import {wrapSegmentsOnce} from '../draw/wrap.js';
import {localClock} from '../../units/clock.js';

export function severityTone(severity: Severity): Tone {
	switch (severity) {
		case 'info':
			return 'info';
		case 'warning':
			return 'warning';
		case 'critical':
			return 'critical';
	}
}

export function severityMark(severity: Severity, theme: Theme): string {
	switch (severity) {
		case 'info':
			return 'i';
		case 'warning':
			return theme.glyphs.warningMark;
		case 'critical':
			return theme.glyphs.criticalMark;
	}
}

const SHORT_SEVERITY: Readonly<Record<Severity, string>> = {critical: 'crit', warning: 'warn', info: 'info'};

/** Below this width events use the compact columns. */
export const COMPACT_EVENTS_BELOW = 100;

function clock(epochS: number): string {
	return localClock(epochS * 1000);
}

/** Columns of an event list at one width: the same for every entry, so messages line up. */
export interface EventLayout {
	readonly width: number;
	readonly compact: boolean;
	/** Cells of the state column ("ongoing 34s" / "for 34s", "ended 32s"), its gap included. */
	readonly stateWidth: number;
	/** Cells of the subject column (0 when compact: the subject goes into the message when needed). */
	readonly subjectWidth: number;
	/** Where the message starts, and where its continuation lines start. */
	readonly messageColumn: number;
	readonly indent: number;
}

function stateText(event: ModelEvent, compact: boolean): string {
	// (the layout reads every event's each poll: a resolved one's is made once)
	if (event.state !== 'ongoing') return resolvedMemo(event).ended;
	const duration = formatDuration(event.duration_seconds);
	return compact ? `for ${duration}` : `ongoing ${duration}`;
}

/**
 * What is made once of a resolved event, which never changes: its state text, and its lines at the
 * layout and theme it was last laid out at. The lines are shared.
 */
interface ResolvedMemo {
	readonly ended: string;
	laidOut?: {readonly layout: EventLayout; readonly theme: Theme; readonly lines: readonly (readonly Segment[])[]};
}

const resolved = new WeakMap<ModelEvent, ResolvedMemo>();

function resolvedMemo(event: ModelEvent): ResolvedMemo {
	let memo = resolved.get(event);
	if (memo === undefined) {
		memo = {ended: `ended ${formatDuration(event.duration_seconds)}`};
		resolved.set(event, memo);
	}
	return memo;
}

export function eventLayout(
	events: readonly ModelEvent[],
	width: number,
	compact = width < COMPACT_EVENTS_BELOW,
): EventLayout {
	let longest = compact ? 7 : 13;
	for (const e of events) longest = Math.max(longest, stateText(e, compact).length);
	const stateWidth = longest + 1;
	if (compact) {
		// time, mark and short word, state
		const messageColumn = 9 + 7 + stateWidth;
		return {width, compact, stateWidth, subjectWidth: 0, messageColumn, indent: 11};
	}
	// As wide as the longest subject, up to a cap: short names leave the message the room.
	let subjectWidth = 7;
	for (const e of events) subjectWidth = Math.max(subjectWidth, e.subject_name.length);
	subjectWidth = Math.min(subjectWidth, width >= 120 ? 16 : 10);
	const messageColumn = 9 + 11 + stateWidth + subjectWidth + 1;
	return {width, compact, stateWidth, subjectWidth, messageColumn, indent: messageColumn};
}

/** The message starts with the subject's name ("beta: …", "worker beta (…) lost"): no need to repeat it. */
function namesSubject(event: ModelEvent): boolean {
	const name = event.subject_name;
	for (const start of [name, `worker ${name}`]) {
		if (event.message.startsWith(start) && !/[\w.-]/.test(event.message.charAt(start.length))) return true;
	}
	return false;
}

/**
 * One event: time, severity, state and duration, subject, then its message wrapped under the message
 * column. A resolved event's lines never change: they are laid out once for a layout and theme (the
 * Alerts panel and the events view lay out their entries every poll). The lines are shared.
 */
export function eventLines(event: ModelEvent, layout: EventLayout, theme: Theme): readonly (readonly Segment[])[] {
	if (event.state === 'ongoing') return layOut(event, layout, theme);
	const memo = resolvedMemo(event);
	const known = memo.laidOut;
	if (known !== undefined && known.theme === theme && sameLayout(known.layout, layout)) return known.lines;
	const lines = layOut(event, layout, theme);
	memo.laidOut = {layout, theme, lines};
	return lines;
}

function sameLayout(a: EventLayout, b: EventLayout): boolean {
	return (
		a === b ||
		(a.width === b.width &&
			a.compact === b.compact &&
			a.stateWidth === b.stateWidth &&
			a.subjectWidth === b.subjectWidth &&
			a.messageColumn === b.messageColumn &&
			a.indent === b.indent)
	);
}

function layOut(event: ModelEvent, layout: EventLayout, theme: Theme): Segment[][] {
	const tone = severityTone(event.severity);
	const ongoing = event.state === 'ongoing';
	const mark = severityMark(event.severity, theme);
	const prefix: Segment[] = [seg(clock(event.start_time), 'muted'), seg(' ')];
	const message: Segment[] = [];
	if (layout.compact) {
		prefix.push(
			seg(`${mark} ${SHORT_SEVERITY[event.severity]} `, tone),
			seg(fit(stateText(event, true), layout.stateWidth), ongoing ? tone : 'muted'),
		);
		if (!namesSubject(event)) message.push(seg(`${event.subject_name}: `, 'accent'));
	} else {
		prefix.push(
			seg(`${mark} ${fit(event.severity, 9)}`, tone),
			seg(fit(stateText(event, false), layout.stateWidth), ongoing ? tone : 'muted'),
		);
		prefix.push(seg(fitMiddle(event.subject_name, layout.subjectWidth), 'accent'), seg(' '));
	}
	message.push(seg(event.message, ongoing ? 'normal' : 'muted'));
	// Laid out every poll, the log's messages rarely change: each is wrapped once per text and layout.
	const lines = wrapSegmentsOnce(message, layout.width, layout.indent, layout.messageColumn);
	return [[...prefix, ...(lines[0] ?? [])], ...lines.slice(1).map((line) => [...line])];
}

/** Lines each event takes at this layout (for scrolling a list of entries of different heights). */
export function eventHeights(events: readonly ModelEvent[], layout: EventLayout, theme: Theme): number[] {
	return events.map((e) => eventLines(e, layout, theme).length);
}

/** The title of the event list. */
export function eventsTitle(triage: TriageView | undefined, theme: Theme, width: number): Segment[] {
	const n = triage?.events.length ?? 0;
	const c = triage?.counts;
	const parts = [part(0, seg('Events ', 'title', true), seg(`${n}`, 'muted')), part(2, seg('newest first', 'muted'))];
	if (c) {
		parts.push(
			part(
				1,
				seg('ongoing: '),
				seg(`${theme.glyphs.criticalMark} ${c.critical} critical`, c.critical > 0 ? 'critical' : 'muted'),
				seg('  '),
				seg(`${theme.glyphs.warningMark} ${c.warning} warning`, c.warning > 0 ? 'warning' : 'muted'),
				seg('  '),
				seg(`i ${c.info} info`, c.info > 0 ? 'info' : 'muted'),
			),
		);
	}
	const line = fitParts(parts, width, seg('  '));
	// "Events 6, newest first": the comma belongs to the count when the words stay.
	if (line[3]?.text === 'newest first') line[2] = seg(', ', 'muted');
	return line;
}

/** The last line shown of an entry that goes on below the panel or the screen: it ends with an ellipsis. */
export function markCut(line: readonly Segment[], width: number): Segment[] {
	const trimmed = clipSegments(line, Math.max(1, width - 2));
	return trimmed.at(-1)?.text.endsWith('…') ? trimmed : [...trimmed, seg(' …', 'muted')];
}

/**
 * The events view laid out for a body of `height` lines: its head, the list's columns, each event's
 * lines and the lines left for the list.
 */
export interface EventsPage {
	readonly head: Segment[][];
	readonly layout: EventLayout;
	readonly heights: readonly number[];
	/** Lines for the event entries (under the head, a blank line and the list's title). */
	readonly room: number;
}

/**
 * The head (stall, adaptive target) gets at least 40 % of the body; up to 60 % when the target and
 * its explanation need it; and all the events leave. The list keeps at least its title and a line.
 */
export function eventsPage(triage: TriageView | undefined, theme: Theme, width: number, height: number): EventsPage {
	const events = triage?.events ?? [];
	const layout = eventLayout(events, width);
	const heights = eventHeights(events, layout, theme);
	const listLines = Math.max(
		1,
		heights.reduce((n, h) => n + h, 0),
	);
	const blocks = triageBlocks(triage, theme, width);
	const essential = blocks.essentialLines + (blocks.totalLines > blocks.essentialLines ? 1 : 0);
	const headMax = Math.max(
		2,
		Math.floor(height * 0.4),
		Math.min(essential, Math.floor(height * 0.6)),
		Math.min(height - 3, height - 2 - listLines),
	);
	const head = fitBlocks(blocks, headMax, width);
	return {head, layout, heights, room: Math.max(0, height - head.length - 2)};
}
