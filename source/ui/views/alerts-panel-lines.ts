/**
 * The compact Alerts panel under a short worker table: its title, and the ongoing alerts and the
 * latest resolved events (not the diagnosis' findings) laid out once a frame in the event log's compact columns
 * (events-lines.ts), as many as the panel's height holds. Pure: lines of segments.
 */
import type {TriageView} from '../../model/types.js';
import {segmentsWidth, type Segment} from '../draw/bars.js';
import {eventLayout, eventLines, markCut} from './events-lines.js';
import {clipSegments, seg} from '../draw/parts.js';
import type {Theme} from '../draw/theme.js';

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
		if (segmentsWidth(candidate) <= width) return candidate;
	}
	return clipSegments(counts, width);
}

/**
 * The Alerts panel's entries laid out at one width: the ongoing alerts worst first, then the
 * resolved events newest first, each as its wrapped lines. Made once a frame: what the panel needs
 * and what it shows both come from it. Only the entries that can show are laid out: the first ones
 * until they take more than `rows` lines (the event log holds up to 500 events; the panel a few).
 */
export interface AlertsPanelEntries {
	readonly title: Segment[];
	readonly ongoing: number;
	/** The first entries' lines: all of them, or more lines than `rows`. */
	readonly entries: readonly (readonly (readonly Segment[])[])[];
	/** Every entry, laid out or not. */
	readonly count: number;
}

export function alertsPanelEntries(
	triage: TriageView | undefined,
	theme: Theme,
	width: number,
	rows: number,
): AlertsPanelEntries | undefined {
	if (!triage) return undefined;
	// (the diagnosis' findings are on the verdict line over the table, and in their own view)
	const resolved = triage.events.filter((e) => e.state === 'resolved' && e.kind !== 'diagnosis');
	const all = [...triage.alerts, ...resolved];
	// The columns fit every entry, laid out or not.
	const layout = eventLayout(all, width, true);
	const entries: (readonly (readonly Segment[])[])[] = [];
	let lines = 0;
	for (let i = 0; i < all.length && (i === 0 || lines <= rows); i++) {
		const entry = eventLines(all[i]!, layout, theme);
		entries.push(entry);
		lines += entry.length;
	}
	return {
		title: alertsTitle(triage, theme, width, resolved.length > 0),
		ongoing: triage.alerts.length,
		entries,
		count: all.length,
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
		first: 1 + entries[0]!.length + (panel.count > 1 ? 1 : 0),
	};
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
export function alertsPanelLines(
	panel: AlertsPanelEntries | undefined,
	width: number,
	height: number,
): (readonly Segment[])[] {
	if (height < ALERTS_PANEL_MIN_LINES || !panel) return [];
	const {title, entries: all} = panel;
	if (all.length === 0) return [[], title, [seg('none: nothing has joined, left or crossed a threshold yet', 'muted')]];
	const needed = all.reduce((n, l) => n + l.length, 0);
	// The blank line above the title goes first when the entries need its row.
	if (needed <= height - 1) return [...(needed <= height - 2 ? [[]] : []), title, ...all.flat()];
	const lines: (readonly Segment[])[] = [[], title];
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
	const more = panel.count - shown;
	lines.push([
		seg(
			`… ${more} more${moreOngoing > 0 ? ` (${moreOngoing} ongoing)` : ''}: press 3 for the events view`,
			moreOngoing > 0 ? 'warning' : 'muted',
		),
	]);
	return lines;
}
