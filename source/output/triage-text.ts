/**
 * The triage part of the `--once` text: the "Alerts" block (ongoing alerts, worst first, one line
 * each) and the "Adaptive" lines (the scheduler's number, its recomputation and why). No colour,
 * no truncation; the same TriageView the TUI's events view renders.
 */
import type {AdaptiveView, Alert, TriageView} from '../model/types.js';
import {durationText} from './table-cells.js';
import {localClock} from '../units/clock.js';
import {columnsOf, padColumns} from '../terminal/columns.js';

/** Continuation lines line up under the values of the header lines ("Alerts    …"). */
const INDENT = '          ';

function clock(epochSeconds: number): string {
	return localClock(epochSeconds * 1000);
}

function alertLine(alert: Alert, widths: {readonly severity: number; readonly subject: number}): string {
	return (
		`${INDENT}${alert.severity.toUpperCase().padEnd(widths.severity)}  ` +
		`${padColumns(alert.subject_name, widths.subject)}  ${alert.message}  ` +
		`(since ${clock(alert.start_time)}, ${durationText(alert.duration_seconds)})`
	);
}

export function alertsLines(triage: TriageView): string[] {
	const {alerts, counts} = triage;
	if (alerts.length === 0) return ['Alerts    none ongoing'];
	const head =
		`Alerts    ${alerts.length} ongoing: ${counts.critical} critical, ` +
		`${counts.warning} warning, ${counts.info} info`;
	const widths = {
		severity: Math.max(...alerts.map((a) => a.severity.length)),
		subject: Math.max(...alerts.map((a) => columnsOf(a.subject_name))),
	};
	return [head, ...alerts.map((alert) => alertLine(alert, widths))];
}

const DIRECTION: Readonly<Record<NonNullable<AdaptiveView['direction']>, string>> = {
	up: 'scale up',
	steady: 'steady',
	down: 'scale down',
};

function headLine(a: AdaptiveView): string {
	const scheduler = a.desired_workers ?? a.api_adaptive_target;
	if (scheduler === undefined)
		return `Adaptive  - (the scheduler reports no desired_workers); now ${a.workers} workers`;
	const parts = [`${scheduler} desired by the scheduler`];
	if (a.approx_workers !== undefined && a.approx_workers !== scheduler)
		parts[0] += ` (~${a.approx_workers} workers at the mean threads per worker)`;
	parts.push(`now ${a.workers} workers`);
	if (a.target !== undefined && a.target !== scheduler) parts.push(`clamped to ${a.target} by --minimum/--maximum`);
	if (a.direction !== undefined) parts.push(DIRECTION[a.direction]);
	if (a.api_adaptive_target !== undefined && a.desired_workers !== undefined) {
		const age = a.api_adaptive_target_age_seconds;
		parts.push(
			`/api/v1/adaptive_target ${a.api_adaptive_target}${age === undefined ? '' : ` (${Math.round(age)} s old)`}`,
		);
	}
	return `Adaptive  ${parts.join('; ')}`;
}

function recomputedLine(a: AdaptiveView): string | undefined {
	const r = a.recomputed;
	if (!r) return undefined;
	const terms =
		`cpu term ${r.cpu_term ?? '-'}, memory term ${r.memory_term ?? '-'}` +
		`${r.wins === undefined ? '' : `, ${r.wins.replace('_', '-')} wins`}, ` +
		`target duration ${durationText(r.target_duration_seconds)}`;
	const extra = [
		r.estimated ? 'some inputs estimated' : undefined,
		r.missing.length > 0 ? `missing: ${r.missing.join(', ')}` : undefined,
	].filter((x) => x !== undefined);
	const scheduler = a.desired_workers ?? a.api_adaptive_target;
	const age = r.inputs_age_seconds;
	const why =
		age !== undefined && age >= 0.5
			? `; inputs up to ${Math.round(age)} s older than its number`
			: r.estimated
				? '; some inputs estimated'
				: '';
	const beside = a.disagreement && scheduler !== undefined ? ` (the scheduler says ${scheduler}${why})` : '';
	return (
		`${INDENT}recomputed ${r.target ?? 'not possible'}${beside}: ${terms}` +
		`${extra.length > 0 ? `; ${extra.join('; ')}` : ''}`
	);
}

/** The Adaptive header line and its explanation, indented under it. */
export function adaptiveLines(a: AdaptiveView): string[] {
	const lines = [headLine(a)];
	if (a.approx_note !== undefined) lines.push(`${INDENT}${a.approx_note}`);
	const recomputed = recomputedLine(a);
	if (recomputed !== undefined) lines.push(recomputed);
	for (const text of a.recomputed?.explanation ?? []) lines.push(`${INDENT}  ${text}`);
	for (const input of a.recomputed?.inputs ?? [])
		if (input.status === 'estimated') lines.push(`${INDENT}  estimated ${input.name}: ${input.note}`);
	if (a.disagreement_note !== undefined)
		lines.push(`${INDENT}${a.disagreement ? 'disagrees: ' : ''}${a.disagreement_note}`);
	const {retire, candidates, note} = a.scale_down;
	if (candidates.length > 0) {
		const names = candidates.map((c) => `${c.name} (${c.polls} poll${c.polls === 1 ? '' : 's'})`).join(', ');
		lines.push(
			`${INDENT}scale-down ${retire.length > 0 ? `would retire ${retire.length}` : 'candidates'}: ${names}; ${note}`,
		);
	}
	for (const text of a.notes) lines.push(`${INDENT}note: ${text}`);
	return lines;
}
