/**
 * The event log of the events view (newest first) and the compact Alerts panel under a short
 * worker table. An event is one line when it fits, else its message wraps onto indented
 * continuation lines (never cut in the events view). Narrow terminals get compact columns: the
 * severity as its glyph and a short word, the state as a short word, and no subject column when
 * the message names the worker itself. Pure: lines of segments.
 */
import type {ModelEvent, Severity, TriageView} from '../model/types.js';
import type {Segment} from './bars.js';
import {fit, fitMiddle, formatDuration} from './cells.js';
import {clipSegments, fitParts, part, seg} from './parts.js';
import type {Theme, Tone} from './theme.js';
import {fitBlocks, triageBlocks} from './adaptive-lines.js';
import {wrapSegmentsOnce} from './wrap.js';
import {localClock} from '../units/clock.js';

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
	const duration = formatDuration(event.duration_seconds);
	if (event.state !== 'ongoing') return `ended ${duration}`;
	return compact ? `for ${duration}` : `ongoing ${duration}`;
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

/** One event: time, severity, state and duration, subject, then its message wrapped under the message column. */
export function eventLines(event: ModelEvent, layout: EventLayout, theme: Theme): Segment[][] {
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

/** The Alerts panel needs this many lines (a blank, its title, two entries) or it is not drawn. */
export const ALERTS_PANEL_MIN_LINES = 4;

function alertsTitle(triage: TriageView, theme: Theme, width: number, anyEnded: boolean): Segment[] {
	const c = triage.counts;
	const counts: Segment[] = [
		seg('Alerts  ', 'title', true),
		seg(`${theme.glyphs.criticalMark}${c.critical}`, c.critical > 0 ? 'critical' : 'muted'),
		seg(' '),
		seg(`${theme.glyphs.warningMark}${c.warning}`, c.warning > 0 ? 'warning' : 'muted'),
		seg(' '),
		seg(`i${c.info}`, c.info > 0 ? 'info' : 'muted'),
	];
	const order = seg(` ongoing, worst first${anyEnded ? '; then the latest ended' : ''}`, 'muted');
	const short = seg(' ongoing', 'muted');
	const hint = seg('  ·  press 3: all events', 'muted');
	for (const candidate of [
		[...counts, order, hint],
		[...counts, short, hint],
		[...counts, short],
	]) {
		if (candidate.reduce((n, s) => n + s.text.length, 0) <= width) return candidate;
	}
	return clipSegments(counts, width);
}

/**
 * The Alerts panel's entries laid out at one width: the ongoing alerts worst first, then the
 * resolved events newest first, each as its wrapped lines. Made once a frame: what the panel needs
 * and what it shows both come from it.
 */
export interface AlertsPanelEntries {
	readonly title: Segment[];
	readonly ongoing: number;
	readonly entries: readonly Segment[][][];
}

export function alertsPanelEntries(
	triage: TriageView | undefined,
	theme: Theme,
	width: number,
): AlertsPanelEntries | undefined {
	if (!triage) return undefined;
	const resolved = triage.events.filter((e) => e.state === 'resolved');
	const entries = [...triage.alerts, ...resolved];
	const layout = eventLayout(entries, width, true);
	return {
		title: alertsTitle(triage, theme, width, resolved.length > 0),
		ongoing: triage.alerts.length,
		entries: entries.map((e) => eventLines(e, layout, theme)),
	};
}

/**
 * Lines the Alerts panel needs: `all` for everything it holds (its blank line and title
 * included), `first` for its title, its first entry whole and the "… N more" line under it (the
 * panel drops its blank line for that).
 */
export function alertsPanelNeeds(panel: AlertsPanelEntries | undefined): {
	readonly all: number;
	readonly first: number;
} {
	if (!panel) return {all: 0, first: 0};
	const {entries} = panel;
	if (entries.length === 0) return {all: 3, first: 3};
	return {
		all: 2 + entries.reduce((n, lines) => n + lines.length, 0),
		first: 1 + entries[0]!.length + (entries.length > 1 ? 1 : 0),
	};
}

/** The last line shown of an entry that goes on below the panel or the screen: it ends with an ellipsis. */
export function markCut(line: readonly Segment[], width: number): Segment[] {
	const trimmed = clipSegments(line, Math.max(1, width - 2));
	return trimmed.at(-1)?.text.endsWith('…') ? trimmed : [...trimmed, seg(' …', 'muted')];
}

/**
 * The Alerts panel under a worker table shorter than the body: a blank line, a title, then the
 * ongoing alerts worst first and the latest resolved events newest first, each wrapped whole, in
 * the compact columns at any width (time, mark, state; the subject only when the message does not
 * name it: the message gets the width, so a long alert takes two lines at 120 columns, not three),
 * as many as `height` holds; the last one shown is cut only when the panel is out of rows, and a last
 * line says how many more there are. Empty when `height` is under ALERTS_PANEL_MIN_LINES (the
 * table has priority).
 */
export function alertsPanelLines(panel: AlertsPanelEntries | undefined, width: number, height: number): Segment[][] {
	if (height < ALERTS_PANEL_MIN_LINES || !panel) return [];
	const {title, entries: all} = panel;
	if (all.length === 0) return [[], title, [seg('none: nothing has joined, left or crossed a threshold yet', 'muted')]];
	const needed = all.reduce((n, l) => n + l.length, 0);
	// The blank line above the title goes first when the entries need its row.
	if (needed <= height - 1) return [...(needed <= height - 2 ? [[]] : []), title, ...all.flat()];
	const lines: Segment[][] = [[], title];
	let room = height - 3; // under the blank, the title, and over the "… N more" line
	// The worst entry whole comes before the blank line above the title.
	if ((all[0]?.length ?? 0) > room) {
		lines.shift();
		room++;
	}
	let shown = 0;
	for (const l of all) {
		if (room <= 0) break;
		if (l.length <= room) lines.push(...l);
		else {
			// Out of rows: this entry's first lines, the last of them marked as cut.
			const cut = l.slice(0, room);
			cut.push(markCut(cut.pop() ?? [], width));
			lines.push(...cut);
		}
		room -= Math.min(room, l.length);
		shown++;
	}
	const moreOngoing = Math.max(0, panel.ongoing - shown);
	const more = all.length - shown;
	lines.push([
		seg(
			`… ${more} more${moreOngoing > 0 ? ` (${moreOngoing} ongoing)` : ''}: press 3 for the events view`,
			moreOngoing > 0 ? 'warning' : 'muted',
		),
	]);
	return lines;
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
