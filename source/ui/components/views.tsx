/**
 * The bodies of the other screens: worker detail, task progress, events (triage) and the help
 * overlay. Each draws exactly `height` lines from the pure line builders; lists render only the
 * rows in their window.
 */
import {Box, Text} from 'ink';
import type {ReactNode} from 'react';
import type {ModelEvent, PrefixProgress, ProgressView, TriageView} from '../../model/types.js';
import {detailLines, type DetailInput} from '../detail-lines.js';
import type {Segment} from '../bars.js';
import {alertsPanelEntries, alertsPanelLines} from '../alerts-panel-lines.js';
import {eventLines, eventsTitle, markCut, type EventsPage} from '../events-lines.js';
import {helpTitle} from '../help-lines.js';
import {prefixColumns, prefixHeader, progressHead as prefixHead, prefixRow} from '../progress-lines.js';
import {toneProps, type Theme} from '../theme.js';
import {Line, Lines} from './line.js';

interface BodyProps {
	readonly theme: Theme;
	readonly width: number;
	readonly height: number;
}

export function DetailBody({input, theme, width, height}: BodyProps & {readonly input: DetailInput}) {
	return (
		<Box flexDirection="column" width={width} height={height}>
			<Lines lines={detailLines(input, theme, width, height)} theme={theme} />
		</Box>
	);
}

export function ProgressBody({
	view,
	cursor,
	top,
	theme,
	width,
	height,
}: BodyProps & {readonly view?: ProgressView; readonly cursor: number; readonly top: number}) {
	const head = prefixHead(view, theme, width);
	const layout = prefixColumns(width, view?.prefixes ?? []);
	const rows: readonly PrefixProgress[] = view?.prefixes ?? [];
	const room = Math.max(0, height - head.length - 1);
	const visible = rows.slice(top, top + room);
	return (
		<Box flexDirection="column" width={width} height={height}>
			<Lines lines={head} theme={theme} />
			<Line segments={prefixHeader(layout)} theme={theme} />
			{view && rows.length === 0 ? <Text {...toneProps(theme, 'muted')}>no task prefixes seen yet</Text> : null}
			{visible.map((p, i) => (
				<Line key={p.prefix} segments={prefixRow(p, layout, theme)} theme={theme} inverse={top + i === cursor} />
			))}
		</Box>
	);
}

export function EventsBody({
	triage,
	page,
	cursor,
	top,
	theme,
	width,
	height,
}: BodyProps & {
	readonly triage?: TriageView;
	readonly page: EventsPage;
	readonly cursor: number;
	readonly top: number;
}) {
	const events: readonly ModelEvent[] = triage?.events ?? [];
	// The entries from `top` while there are lines; the last one may go on below the screen.
	const rows: ReactNode[] = [];
	let room = page.room;
	for (let i = top; i < events.length && room > 0; i++) {
		const e = events[i]!;
		const all = eventLines(e, page.layout, theme);
		const lines = all.length <= room ? all : [...all.slice(0, room - 1), markCut(all[room - 1]!, width)];
		for (const [j, segments] of lines.entries())
			rows.push(
				<Line key={`${e.id}@${e.start_time}@${i}.${j}`} segments={segments} theme={theme} inverse={i === cursor} />,
			);
		room -= lines.length;
	}
	return (
		<Box flexDirection="column" width={width} height={height}>
			<Lines lines={page.head} theme={theme} />
			<Text> </Text>
			<Line segments={eventsTitle(triage, theme, width)} theme={theme} />
			{triage && events.length === 0 ? (
				<Text {...toneProps(theme, 'muted')}>no events yet: nothing has joined, left or crossed a threshold</Text>
			) : null}
			{rows}
		</Box>
	);
}

/** The compact Alerts panel under a short worker table (nothing when `height` is too small). */
export function AlertsPanel({triage, theme, width, height}: BodyProps & {readonly triage?: TriageView}) {
	const lines = alertsPanelLines(alertsPanelEntries(triage, theme, width), width, height);
	if (lines.length === 0) return null;
	return (
		<Box flexDirection="column" width={width} height={height}>
			<Lines lines={lines} theme={theme} />
		</Box>
	);
}

/** The help overlay: its title stays; the bindings under it scroll from line `top`. */
export function HelpBody({
	top,
	lines,
	theme,
	width,
	height,
}: BodyProps & {readonly top: number; readonly lines: readonly Segment[][]}) {
	const rows = Math.max(1, height - 1);
	return (
		<Box flexDirection="column" width={width} height={height}>
			<Line segments={helpTitle(top, rows, lines.length, width)} theme={theme} />
			<Lines lines={lines.slice(top, top + rows)} theme={theme} />
		</Box>
	);
}

/** Below the minimum size: the notice of app-frame.ts (what size is needed), in the terminal's size. */
export function TooSmall({
	lines,
	size,
}: {
	readonly lines: readonly string[];
	readonly size: {readonly columns: number; readonly rows: number};
}) {
	return (
		<Box flexDirection="column" width={Math.max(1, size.columns)} height={Math.max(1, size.rows - 1)}>
			{lines.map((line) => (
				<Text key={line} wrap="truncate">
					{line}
				</Text>
			))}
		</Box>
	);
}
