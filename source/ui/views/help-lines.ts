/**
 * The help overlay and the footer, both generated from the bindings table. Pure.
 */
import {segmentsWidth, type Segment} from '../draw/bars.js';
import {whereText} from '../keys/binding-text.js';
import {BINDINGS} from '../keys/bindings.js';
import {VIEWS, type Binding, type KeyName} from '../keys/binding-types.js';
import {keyLabel, MOUSE_KEYS} from '../keys/key-labels.js';
import {footerEntries, type FooterEntry, type FooterState, type KeyContext} from '../keys/key-lookup.js';
import {fit} from '../draw/cells.js';
import {clipSegments, seg} from '../draw/parts.js';
import {wrapSegments} from '../draw/wrap.js';
import {columnsOf} from '../draw/text-columns.js';
import {COLUMN_MEANINGS, WORKER_COLUMNS} from './worker-columns.js';

const SECTIONS: ReadonlyArray<{readonly title: string; readonly pick: (b: Binding) => boolean}> = [
	{
		title: 'Monitor',
		pick: (b) => !isMouse(b) && b.modes.some((m) => VIEWS.includes(m) || m === 'detail'),
	},
	{
		title: 'Mouse (--no-mouse leaves it to the terminal)',
		pick: (b) => isMouse(b) && b.modes.some((m) => VIEWS.includes(m)),
	},
	{
		title: 'Stacks, erred tasks, log (after S, E, L)',
		pick: (b) => b.modes.length === 1 && b.modes[0] === 'drill',
	},
	{title: 'Filter prompt (after / or F3)', pick: (b) => b.modes.length === 1 && b.modes[0] === 'filter'},
	{title: 'Sort list (after F6)', pick: (b) => b.modes.length === 1 && b.modes[0] === 'sort'},
	{title: 'Column setup (after F2)', pick: (b) => b.modes.length === 1 && b.modes[0] === 'columns'},
	{
		title: 'Retire confirmation (after F9 or K, with --allow-actions)',
		pick: (b) => b.modes.length === 1 && b.modes[0] === 'confirm',
	},
	{title: 'Help', pick: (b) => b.modes.length === 1 && b.modes[0] === 'help'},
	{title: 'Replay (--replay, --demo)', pick: (b) => b.modes.includes('replay')},
	{title: 'Several clusters (dask-top URL URL …)', pick: (b) => b.modes.includes('clusters')},
];

function isMouse(b: Binding): boolean {
	return b.keys.every((k) => MOUSE_KEYS.has(k));
}

function keysText(b: Binding): string {
	return b.keys.map(keyLabel).join(' ');
}

const KEY_COLUMN = 14;

/**
 * Every binding, by section, under the title line: keys, what they do, where they work; a
 * description too long for the width wraps under itself. Last, what each column of the worker
 * table shows (worker-columns.ts).
 */
export function helpLines(width: number): Segment[][] {
	const lines: Segment[][] = [];
	for (const section of SECTIONS) {
		if (lines.length > 0) lines.push([]);
		lines.push([seg(section.title, 'title', true)]);
		for (const b of BINDINGS.filter(section.pick)) {
			const text = wrapSegments([seg(b.label), seg(`  [${whereText(b)}]`, 'muted')], width, KEY_COLUMN, KEY_COLUMN);
			const written = keysText(b);
			// Keys wider than their column (double-click) get a line of their own, never cut.
			if (written.length > KEY_COLUMN - 3) {
				lines.push([seg(`  ${written}`, 'accent', true)], [seg(' '.repeat(KEY_COLUMN)), ...(text[0] ?? [])]);
				lines.push(...text.slice(1));
				continue;
			}
			const keys = seg(`  ${fit(written, KEY_COLUMN - 3)} `, 'accent', true);
			lines.push([keys, ...(text[0] ?? [])], ...text.slice(1));
		}
	}
	lines.push([], [seg('Columns of the worker table (F2 chooses them; a heading click sorts)', 'title', true)]);
	for (const column of WORKER_COLUMNS) {
		const heading = column.id === 'mark' ? '✗ ▲' : column.title;
		const text = wrapSegments([seg(COLUMN_MEANINGS[column.id])], width, KEY_COLUMN, KEY_COLUMN);
		lines.push([seg(`  ${fit(heading, KEY_COLUMN - 3)} `, 'accent', true), ...(text[0] ?? [])], ...text.slice(1));
	}
	return lines;
}

/**
 * The help's title line, kept on screen while the bindings under it scroll; says which lines show
 * when they do not all fit.
 */
export function helpTitle(top: number, rows: number, total: number, width: number): Segment[] {
	const where =
		total > rows
			? [
					seg(
						`  lines ${top + 1}–${Math.min(total, top + rows)} of ${total}${top + rows < total ? ' ↓' : ''}`,
						'accent',
					),
				]
			: [];
	for (const how of ['(Esc or ? closes this help; j/k scroll)', '(Esc/? close; j/k scroll)']) {
		const out = [seg('Keys ', 'title', true), seg(how, 'muted'), ...where];
		if (segmentsWidth(out) <= width) return out;
	}
	return clipSegments([seg('Keys ', 'title', true), ...where], width);
}

export interface FooterInput {
	readonly context: KeyContext;
	readonly filterText: string;
	readonly filterError?: string;
	/** A transient message (interval changed, …). */
	readonly message?: string;
	/** A pause on, and plain ASCII: the words of some entries change with them. */
	readonly state?: FooterState;
}

/** Where a footer entry is drawn (columns x to x + width - 1) and the key a click on it presses. */
export interface FooterTarget {
	readonly x: number;
	readonly width: number;
	readonly key: KeyName;
}

/** The footer line and its click targets, from the same figures. */
export interface FooterLayout {
	readonly segments: Segment[];
	readonly targets: readonly FooterTarget[];
}

/** Segments laid out left to right, each entry's columns noted as a target (kept within `width`). */
class FooterBuilder {
	readonly segments: Segment[] = [];
	readonly targets: FooterTarget[] = [];
	used = 0;

	add(...segments: Segment[]): void {
		this.segments.push(...segments);
		this.used += segmentsWidth(segments);
	}

	/** An entry: its keys and label are its target; `after` (the gap to the next) is not. */
	entry(entry: FooterEntry, keys: Segment, label: Segment, after = ''): void {
		const x = this.used;
		this.add(keys, label);
		this.targets.push({x, width: this.used - x, key: entry.press});
		if (after !== '') this.add(seg(after, label.tone));
	}

	done(width: number): FooterLayout {
		const targets = this.targets
			.filter((t) => t.x < width)
			.map((t) => (t.x + t.width <= width ? t : {...t, width: width - t.x}));
		return {segments: clipSegments(this.segments, width), targets};
	}
}

/**
 * The footer line: the keys that work now, `? help` and `q quit` always kept at the end; the filter
 * prompt while typing. With it, where each entry is drawn: a click on one presses its key (htop's
 * function bar).
 */
export function footerLayout(input: FooterInput, width: number): FooterLayout {
	const out = new FooterBuilder();
	if (input.context.mode === 'filter') {
		out.add(seg('Filter: ', 'title', true), seg(input.filterText), seg('▏', 'accent'), seg('  '));
		for (const e of footerEntries(input.context))
			out.entry(e, seg(e.keys, 'accent', true), seg(` ${e.label}`, 'muted'), '  ');
		if (input.filterError) out.add(seg(input.filterError, 'critical'));
		else out.add(seg('name, address or host; /regex/ for a pattern', 'muted'));
		return out.done(width);
	}
	const entries = footerEntries(input.context, input.state);
	const pinned = entries.filter((e) => e.label === 'help' || e.label === 'quit' || e.label === 'close');
	const rest = entries.filter((e) => !pinned.includes(e));
	const tailWidth = pinned.reduce((n, e, i) => n + columnsOf(e.keys) + 1 + columnsOf(e.label) + (i > 0 ? 2 : 0), 0);
	if (input.message) out.add(seg(`${input.message}  `, 'info', true));
	// The entries that fit, the lowest ranks first (`/ filter` and `space pause` stay at 80 columns),
	// shown in the table's order.
	const kept = new Set<FooterEntry>();
	let used = out.used;
	for (const e of [...rest].sort((a, b) => a.rank - b.rank)) {
		const w = columnsOf(e.keys) + 1 + columnsOf(e.label) + 2;
		if (used + w + tailWidth > width) continue;
		kept.add(e);
		used += w;
	}
	for (const e of rest) if (kept.has(e)) out.entry(e, seg(e.keys, 'accent', true), seg(` ${e.label}`), '  ');
	pinned.forEach((e, i) => {
		out.entry(e, seg(e.keys, 'accent', true), seg(` ${e.label}`), i < pinned.length - 1 ? '  ' : '');
	});
	return out.done(width);
}
