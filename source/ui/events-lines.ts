/**
 * The events view (triage): the adaptive target with its explanation, a stall warning, then the
 * event log newest first; and the compact Alerts panel under a short worker table. Pure: lines of
 * segments.
 */
import type {AdaptiveView, ModelEvent, Severity, TriageView} from '../model/types.js';
import type {Segment} from './bars.js';
import {fit, formatCount, formatDuration} from './format.js';
import {clipSegments, seg} from './parts.js';
import type {Theme, Tone} from './theme.js';

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

function clock(epochS: number): string {
	return new Date(epochS * 1000).toISOString().slice(11, 19);
}

function adaptiveLines(a: AdaptiveView, theme: Theme): Segment[][] {
	const lines: Segment[][] = [];
	const arrow = a.direction === 'up' ? `${theme.glyphs.up} scale up` : a.direction === 'down' ? `${theme.glyphs.down} scale down` : a.direction === 'steady' ? 'steady' : '';
	const head: Segment[] = [seg('Adaptive target ', 'title', true)];
	if (a.desired_workers === undefined && a.api_adaptive_target === undefined) head.push(seg('the scheduler reports no desired_workers', 'muted'));
	else {
		head.push(seg(`desired ${formatCount(a.desired_workers ?? a.api_adaptive_target)}`, 'normal', true));
		if (a.approx_workers !== undefined) head.push(seg(` (≈${a.approx_workers} workers)`, 'muted'));
		if (a.api_adaptive_target !== undefined && a.desired_workers !== undefined) head.push(seg(` · /api/v1/adaptive_target ${a.api_adaptive_target}`, 'muted'));
		head.push(seg(` · now ${a.workers} workers `), seg(arrow, a.direction === 'up' ? 'warning' : a.direction === 'down' ? 'info' : 'ok'));
		if (a.target !== undefined && a.target !== a.desired_workers) head.push(seg(` · clamped to ${a.target}`, 'muted'));
	}
	lines.push(head);
	if (a.approx_note) lines.push([seg(`  ${a.approx_note}`, 'muted')]);
	const r = a.recomputed;
	if (r) {
		const wins = r.wins === undefined ? '' : r.wins === 'tie' ? ' → the terms tie' : ` → ${r.wins.replace('_', '-')} wins`;
		const line: Segment[] = [seg('  recomputed ', 'muted'), seg(r.target === undefined ? 'not possible' : formatCount(r.target), 'normal', true)];
		line.push(seg(`: cpu term ${formatCount(r.cpu_term)} · memory term ${formatCount(r.memory_term)}${wins} · target duration ${formatDuration(r.target_duration_seconds)}`));
		if (r.estimated) line.push(seg(' · estimated', 'warning'));
		if (r.missing.length > 0) line.push(seg(` · missing: ${r.missing.join(', ')}`, 'warning'));
		lines.push(line);
		for (const text of r.explanation) lines.push([seg(`    ${text}`, 'muted')]);
	}
	if (a.disagreement) lines.push([seg(`  ${theme.glyphs.warningMark} ${a.disagreement_note ?? "the recomputation differs from the scheduler's number"}`, 'warning')]);
	lines.push([seg(`  flavor: ${a.flavor_note}`, 'muted')]);
	const retire = a.scale_down.retire;
	const candidates = a.scale_down.candidates;
	if (retire.length > 0 || candidates.length > 0) {
		const names = candidates.map((c) => `${c.name} (${c.polls} polls)`).join(', ');
		lines.push([seg('  scale-down: ', 'muted'), seg(retire.length > 0 ? `would retire ${retire.length}: ` : 'candidates: ', 'info'), seg(names)]);
		lines.push([seg(`    ${a.scale_down.note}`, 'muted')]);
	}
	for (const note of a.notes) lines.push([seg(`  note: ${note}`, 'muted')]);
	return lines;
}

/** The lines above the event list: adaptive panel and stall, at most `maxLines`. */
export function triageHead(triage: TriageView | undefined, theme: Theme, width: number, maxLines: number): Segment[][] {
	if (!triage) return [[seg('Events ', 'title', true), seg('waiting for the first answer…', 'muted')]];
	const lines = adaptiveLines(triage.adaptive, theme);
	const stall = triage.stall;
	if (stall.stalled) lines.unshift([seg(`${theme.glyphs.warningMark} STALLED `, 'warning', true), seg(stall.message ?? `no task completed for ${formatDuration(stall.since_completion_seconds)}`)]);
	const clipped = lines.slice(0, Math.max(1, maxLines));
	return clipped.map((l) => clipSegments(l, width));
}

/** The title of the event list. */
export function eventsTitle(triage: TriageView | undefined, theme: Theme): Segment[] {
	const n = triage?.events.length ?? 0;
	const c = triage?.counts;
	const out: Segment[] = [seg('Events ', 'title', true), seg(`${n}, newest first`, 'muted')];
	if (c) {
		out.push(seg('  ongoing: '));
		out.push(seg(`${theme.glyphs.criticalMark} ${c.critical} critical`, c.critical > 0 ? 'critical' : 'muted'), seg('  '));
		out.push(seg(`${theme.glyphs.warningMark} ${c.warning} warning`, c.warning > 0 ? 'warning' : 'muted'), seg('  '));
		out.push(seg(`i ${c.info} info`, c.info > 0 ? 'info' : 'muted'));
	}
	return out;
}

/** One event of the log: time, severity (mark and word), ongoing or ended with its duration, subject, message. */
export function eventRow(event: ModelEvent, theme: Theme, width: number): Segment[] {
	const tone = severityTone(event.severity);
	const state = event.state === 'ongoing' ? `ongoing ${formatDuration(event.duration_seconds)}` : `ended ${formatDuration(event.duration_seconds)}`;
	const subjectWidth = width >= 120 ? 16 : 10;
	return clipSegments(
		[
			seg(clock(event.start_time), 'muted'),
			seg(' '),
			seg(`${severityMark(event.severity, theme)} ${fit(event.severity, 9)}`, tone),
			seg(fit(state, 14), event.state === 'ongoing' ? tone : 'muted'),
			seg(fit(event.subject_name, subjectWidth), 'accent'),
			seg(' '),
			seg(event.message, event.state === 'ongoing' ? 'normal' : 'muted'),
		],
		width,
	);
}

/** The Alerts panel needs this many lines (a blank, its title, two entries) or it is not drawn. */
export const ALERTS_PANEL_MIN_LINES = 4;

/**
 * The Alerts panel under a worker table shorter than the body: a blank line, a title, then the
 * ongoing alerts worst first and the latest resolved events newest first, one line each, as many
 * as `height` holds. Empty when `height` is under ALERTS_PANEL_MIN_LINES (the table has priority).
 */
export function alertsPanelLines(triage: TriageView | undefined, theme: Theme, width: number, height: number): Segment[][] {
	if (height < ALERTS_PANEL_MIN_LINES || !triage) return [];
	const room = height - 2;
	const ongoing = triage.alerts;
	const resolved = triage.events.filter((e) => e.state === 'resolved');
	const c = triage.counts;
	const title: Segment[] = [
		seg('Alerts  ', 'title', true),
		seg(`${theme.glyphs.criticalMark}${c.critical}`, c.critical > 0 ? 'critical' : 'muted'),
		seg(' '),
		seg(`${theme.glyphs.warningMark}${c.warning}`, c.warning > 0 ? 'warning' : 'muted'),
		seg(' '),
		seg(`i${c.info}`, c.info > 0 ? 'info' : 'muted'),
		seg(` ongoing, worst first${resolved.length > 0 ? '; then the latest ended' : ''}  ·  3 all events`, 'muted'),
	];
	const lines: Segment[][] = [[], clipSegments(title, width)];
	if (ongoing.length === 0 && resolved.length === 0) {
		lines.push([seg('none: nothing has joined, left or crossed a threshold yet', 'muted')]);
		return lines;
	}
	const entries = [...ongoing, ...resolved];
	const shown = entries.length > room ? entries.slice(0, room - 1) : entries;
	for (const e of shown) lines.push(eventRow(e, theme, width));
	if (shown.length < entries.length) {
		const moreOngoing = Math.max(0, ongoing.length - shown.length);
		const more = entries.length - shown.length;
		lines.push([seg(`… ${more} more${moreOngoing > 0 ? ` (${moreOngoing} ongoing)` : ''}: press 3 for the events view`, moreOngoing > 0 ? 'warning' : 'muted')]);
	}
	return lines;
}
