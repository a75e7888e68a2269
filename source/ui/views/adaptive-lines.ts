/**
 * The head of the events view: a stall warning, then the adaptive target with its recomputation
 * and explanation. Long lines wrap with a hanging indent (never cut); when the head has fewer
 * lines than it needs, whole blocks drop from the least useful (fixed caveats) up, and a last line
 * says how many lines are not shown and where to read them. Pure.
 */
import type {AdaptiveView, TriageView} from '../../model/types.js';
import type {Segment} from '../draw/bars.js';
import {formatCount, formatDuration} from '../draw/cells.js';
import {clipSegments, part, seg, type Part} from '../draw/parts.js';
import type {Theme} from '../draw/theme.js';
import {wrapParts, wrapSegments} from '../draw/wrap.js';

/** Lines that show or drop together; 0 is kept longest, 1 explains the number (read in order). */
interface Block {
	readonly priority: number;
	readonly lines: Segment[][];
}

/** Prose at `indent` spaces, continuation lines at `hang` spaces. */
function prose(segments: readonly Segment[], width: number, indent: number, hang: number): Segment[][] {
	return wrapSegments([seg(' '.repeat(indent)), ...segments], width, hang);
}

function headParts(a: AdaptiveView, theme: Theme): Part[] {
	const title = seg('Adaptive target ', 'title', true);
	if (a.desired_workers === undefined && a.api_adaptive_target === undefined)
		return [part(0, title, seg('the scheduler reports no desired_workers', 'muted'))];
	const desired: Segment[] = [
		title,
		seg(`desired ${formatCount(a.desired_workers ?? a.api_adaptive_target)}`, 'normal', true),
	];
	if (a.approx_workers !== undefined)
		desired.push(seg(` (≈${a.approx_workers} worker${a.approx_workers === 1 ? '' : 's'})`, 'muted'));
	const arrow =
		a.direction === 'up'
			? `${theme.glyphs.up} scale up`
			: a.direction === 'down'
				? `${theme.glyphs.down} scale down`
				: a.direction === 'steady'
					? 'steady'
					: '';
	const parts = [
		part(0, ...desired),
		part(
			0,
			seg(`now ${a.workers} workers `),
			seg(arrow, a.direction === 'up' ? 'warning' : a.direction === 'down' ? 'info' : 'ok'),
		),
	];
	if (a.target !== undefined && a.target !== a.desired_workers)
		parts.push(part(0, seg(`clamped to ${a.target}`, 'muted')));
	if (a.api_adaptive_target !== undefined && a.desired_workers !== undefined) {
		// The same number twice is worth a line only when it differs.
		const same = a.api_adaptive_target === a.desired_workers;
		const age =
			a.api_adaptive_target_age_seconds === undefined
				? ''
				: ` (${formatDuration(a.api_adaptive_target_age_seconds)} old)`;
		parts.push(
			part(
				same ? 1 : 0,
				seg(
					same ? `= /api/v1/adaptive_target${age}` : `/api/v1/adaptive_target ${a.api_adaptive_target}${age}`,
					'muted',
				),
			),
		);
	}
	return parts;
}

/**
 * The head line: the parts that must stay wrap onto continuation lines; a redundant one drops when
 * it would need a line of its own.
 */
function headLines(a: AdaptiveView, theme: Theme, width: number): Segment[][] {
	const parts = headParts(a, theme);
	const separator = seg(' · ', 'muted');
	const all = wrapParts(parts, width, separator, 2);
	const needed = wrapParts(
		parts.filter((p) => p.priority === 0),
		width,
		separator,
		2,
	);
	return all.length > needed.length ? needed : all;
}

/**
 * Beside the recomputed figure when it is not the scheduler's: the scheduler's number and how much
 * older than it the inputs are (the usual reason during a ramp-up).
 */
function disagreementBeside(a: AdaptiveView): string | undefined {
	const scheduler = a.desired_workers ?? a.api_adaptive_target;
	if (!a.disagreement || scheduler === undefined) return undefined;
	const age = a.recomputed?.inputs_age_seconds;
	const older =
		age !== undefined && age >= 0.5
			? `, inputs up to ${formatDuration(age)} older than it`
			: a.recomputed?.estimated
				? ', some inputs estimated'
				: '';
	return ` ≠ the scheduler's ${formatCount(scheduler)}${older}`;
}

function adaptiveBlocks(a: AdaptiveView, theme: Theme, width: number): Block[] {
	const blocks: Block[] = [{priority: 0, lines: headLines(a, theme, width)}];
	if (a.approx_note) blocks.push({priority: 2, lines: prose([seg(a.approx_note, 'muted')], width, 2, 4)});
	const r = a.recomputed;
	if (r) {
		const wins =
			r.wins === undefined ? '' : r.wins === 'tie' ? ' → the terms tie' : ` → ${r.wins.replace('_', '-')} wins`;
		const line: Segment[] = [
			seg('recomputed ', 'muted'),
			seg(r.target === undefined ? 'not possible' : formatCount(r.target), 'normal', true),
		];
		const beside = disagreementBeside(a);
		if (beside) line.push(seg(beside, 'warning'));
		line.push(
			seg(
				`: cpu term ${formatCount(r.cpu_term)} · memory term ${formatCount(r.memory_term)}` +
					`${wins} · target duration ${formatDuration(r.target_duration_seconds)}`,
			),
		);
		if (r.estimated) line.push(seg(' · estimated', 'warning'));
		if (r.missing.length > 0) line.push(seg(` · missing: ${r.missing.join(', ')}`, 'warning'));
		blocks.push({priority: 1, lines: prose(line, width, 2, 4)});
		for (const text of r.explanation) blocks.push({priority: 1, lines: prose([seg(text, 'muted')], width, 4, 6)});
	}
	if (a.disagreement)
		blocks.push({
			priority: 1,
			lines: prose(
				[
					seg(
						`${theme.glyphs.warningMark} ${a.disagreement_note ?? "the recomputation differs from the scheduler's number"}`,
						'warning',
					),
				],
				width,
				2,
				4,
			),
		});
	blocks.push({priority: 4, lines: prose([seg(`flavor: ${a.flavor_note}`, 'muted')], width, 2, 10)});
	const retire = a.scale_down.retire;
	const candidates = a.scale_down.candidates;
	if (retire.length > 0 || candidates.length > 0) {
		const names = candidates.map((c) => `${c.name} (${c.polls} polls)`).join(', ');
		const lines = prose(
			[
				seg('scale-down: ', 'muted'),
				seg(retire.length > 0 ? `would retire ${retire.length}: ` : 'candidates: ', 'info'),
				seg(names),
			],
			width,
			2,
			14,
		);
		lines.push(...prose([seg(a.scale_down.note, 'muted')], width, 4, 6));
		blocks.push({priority: 3, lines});
	}
	for (const note of a.notes) blocks.push({priority: 5, lines: prose([seg(`note: ${note}`, 'muted')], width, 2, 8)});
	return blocks;
}

/** The head's blocks, in display order: stall, adaptive target, its explanation, notes. */
export interface HeadBlocks {
	readonly blocks: readonly Block[];
	/** Lines of the blocks that explain the number (the target, the recomputation, a disagreement, a stall). */
	readonly essentialLines: number;
	readonly totalLines: number;
}

export function triageBlocks(triage: TriageView | undefined, theme: Theme, width: number): HeadBlocks {
	const blocks: Block[] = [];
	if (!triage)
		blocks.push({priority: 0, lines: [[seg('Events ', 'title', true), seg('waiting for the first answer…', 'muted')]]});
	else {
		const stall = triage.stall;
		if (stall.stalled) {
			const text = [
				seg(`${theme.glyphs.warningMark} STALLED `, 'warning', true),
				seg(stall.message ?? `no task started or completed for ${formatDuration(stall.since_progress_seconds)}`),
			];
			blocks.push({priority: 0, lines: wrapSegments(text, width, 2)});
		}
		blocks.push(...adaptiveBlocks(triage.adaptive, theme, width));
	}
	const count = (list: readonly Block[]) => list.reduce((n, b) => n + b.lines.length, 0);
	return {blocks, essentialLines: count(blocks.filter((b) => b.priority <= 1)), totalLines: count(blocks)};
}

/** The blocks that fit `maxLines`, most useful first, in display order; a last line counts the lines left out. */
export function fitBlocks(head: HeadBlocks, maxLines: number, width: number): Segment[][] {
	const {blocks, totalLines} = head;
	if (totalLines <= maxLines) return blocks.flatMap((b) => b.lines);
	const budget = Math.max(1, maxLines - 1);
	const order = blocks.map((b, i) => ({b, i})).sort((x, y) => x.b.priority - y.b.priority || x.i - y.i);
	// Whole blocks. The ones explaining the number are read in order: once one does not fit, no
	// caveat takes its place (the explanation would read as complete when it is not).
	const kept = new Set<number>();
	let used = 0;
	for (const {b, i} of order) {
		if (used + b.lines.length <= budget) {
			kept.add(i);
			used += b.lines.length;
		} else if (b.priority <= 1) break;
	}
	const lines = blocks.flatMap((b, i) => (kept.has(i) ? b.lines : []));
	// Not even the first block fits: its first lines, each whole.
	if (kept.size === 0) lines.push(...(blocks[0]?.lines.slice(0, budget) ?? []));
	const hidden = totalLines - lines.length;
	if (maxLines > 1 && hidden > 0) lines.push(hiddenLine(hidden, width));
	return lines;
}

function hiddenLine(hidden: number, width: number): Segment[] {
	const count = `… ${hidden} more adaptive line${hidden === 1 ? '' : 's'}`;
	const long = `${count}: a taller terminal or --once shows them`;
	return clipSegments([seg(long.length <= width ? long : `${count} (taller terminal, --once)`, 'muted')], width);
}
