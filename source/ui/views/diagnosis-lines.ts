/**
 * The diagnosis view: the current findings (worst first), each with its subject, since when, its
 * summary, its evidence (figure, value, source and age) and one next step; then the ended ones;
 * under them, the causes this cluster's Dask version cannot show. Findings are the selectable
 * entries (Enter goes to the selected one's subject); an entry takes as many lines as it wraps to.
 * Pure: lines of segments.
 */
import type {DiagnosisView, Evidence, Finding, Subject} from '../../model/diagnosis/index.js';
import type {Segment} from '../draw/bars.js';
import {fit, formatClock, formatDuration} from '../draw/cells.js';
import {severityMark, severityTone} from './events-lines.js';
import {clipSegments, seg} from '../draw/parts.js';
import {findingFrameKey} from '../../model/diagnosis/index.js';
import {findingFrameText} from './finding-frames.js';
import {inert} from '../../units/inert.js';
import type {Theme} from '../draw/theme.js';
import {wrapSegments} from '../draw/wrap.js';

export interface DiagnosisEntry {
	readonly subject: Subject;
	readonly lines: readonly (readonly Segment[])[];
}

export interface DiagnosisPage {
	readonly title: Segment[];
	/** Current findings, then ended ones. */
	readonly entries: readonly DiagnosisEntry[];
	readonly heights: readonly number[];
	/** What this version cannot show, under the list. */
	readonly notes: readonly Segment[][];
	/** Lines for the entries (under the title, over the notes). */
	readonly room: number;
	/** No snapshot yet. */
	readonly waiting: boolean;
}

const INDENT = 2;

function subjectName(subject: Subject): string {
	return subject.kind === 'cluster' ? 'cluster' : (subject.name ?? subject.id);
}

function ageText(e: Evidence): string {
	if (e.source === 'derived' || e.source === 'alerts') return e.source;
	return `${e.source}, ${formatDuration(e.ageMs / 1000)} old`;
}

function wrapped(label: string, text: string, tone: Segment['tone'], width: number): Segment[][] {
	const lines = wrapSegments([seg(`${' '.repeat(INDENT)}${label}`, 'muted'), seg(text, tone)], width, INDENT + 2);
	return lines.map((line) => [...line]);
}

function currentLines(f: Finding, theme: Theme, width: number, where?: string): Segment[][] {
	const tone = severityTone(f.severity);
	const head: Segment[] = [
		seg(`${severityMark(f.severity, theme)} ${fit(f.severity, 9)}`, tone),
		seg(`${fit(f.cause, 19)}`, tone, true),
		seg(subjectName(f.subject), 'accent'),
		seg(`  since ${formatClock(f.since)}`, 'muted'),
	];
	const evidence = f.evidence.map((e) => `${e.figure} ${e.value} (${ageText(e)})`).join('; ');
	return [
		clipSegments(head, width),
		...wrapped('', f.summary, 'normal', width),
		...(evidence === '' ? [] : wrapped('evidence: ', evidence, 'muted', width)),
		...(where === undefined ? [] : wrapped('where: ', inert(where, theme.ascii), 'accent', width)),
		...wrapped('next: ', f.next, 'normal', width),
	];
}

function endedLines(f: Finding & {readonly until: number}, width: number, first: boolean): Segment[][] {
	const when = `${formatClock(f.since)}-${formatClock(f.until)}`;
	const lines = wrapSegments(
		[seg(`  ended ${when} `, 'muted'), seg(`${f.cause}: ${f.summary}`, 'muted')],
		width,
		INDENT + 2,
	);
	const kept = lines.slice(0, 2).map((line) => [...line]);
	return first ? [[seg('Ended', 'title', true)], ...kept] : kept;
}

function titleLine(view: DiagnosisView | undefined): Segment[] {
	const title = seg('Diagnosis ', 'title', true);
	if (!view) return [title];
	const ended = view.ended.length === 0 ? '' : `, ${view.ended.length} ended`;
	return [title, seg(`${view.current.length} current${ended}`, 'muted'), seg('  Enter: go to its subject', 'muted')];
}

/** The view laid out for a body of `height` lines. */
export function diagnosisPage(
	view: DiagnosisView | undefined,
	theme: Theme,
	width: number,
	height: number,
	/** Where each worker finding's tasks were when it started, as the screen read it (keys: diagnosis/frames.ts). */
	frames?: ReadonlyMap<string, string>,
): DiagnosisPage {
	const entries: DiagnosisEntry[] = [];
	for (const f of view?.current ?? []) {
		const key = findingFrameKey(f);
		const asked = key === undefined ? undefined : frames?.get(key);
		const where = f.frame === undefined ? asked : findingFrameText(f.frame);
		entries.push({subject: f.subject, lines: currentLines(f, theme, width, where)});
	}
	(view?.ended ?? []).forEach((f, i) => {
		entries.push({subject: f.subject, lines: endedLines(f, width, i === 0)});
	});
	const notes: Segment[][] = [];
	for (const b of view?.blind ?? []) {
		for (const line of wrapSegments([seg(`${b.cause}: `, 'accent'), seg(b.note, 'muted')], width, INDENT))
			notes.push([...line]);
	}
	// The notes take what the findings leave, and only when every finding fits.
	const heights = entries.map((e) => e.lines.length);
	const used = Math.max(
		1,
		heights.reduce((n, h) => n + h, 0),
	);
	const left = height - 1 - used;
	const shownNotes: Segment[][] =
		notes.length === 0 || left < 3
			? []
			: [[], [seg('Not visible on this version', 'title', true)], ...notes.slice(0, left - 2)];
	return {
		title: titleLine(view),
		entries,
		heights,
		notes: shownNotes,
		room: Math.max(1, height - 1 - shownNotes.length),
		waiting: view === undefined,
	};
}

/** The line said when there is no finding at all. */
export const NO_FINDING =
	'no finding: nothing looks wrong now (memory, spilling, event loops, the GIL, transfers, stragglers, skew, ' +
	'tasks without a worker, the scheduler, stalls and lost workers are watched)';
