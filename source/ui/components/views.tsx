/**
 * The bodies of the other screens: worker detail, task progress, events (triage) and the help
 * overlay. Each draws exactly `height` lines from the pure line builders; lists render only the
 * rows in their window.
 */
import {Box, Text} from 'ink';
import type {ModelEvent, PrefixProgress, ProgressView, TriageView} from '../../model/types.js';
import {detailLines, type DetailInput} from '../detail-lines.js';
import {alertsPanelLines, eventRow, eventsTitle, triageHead} from '../events-lines.js';
import {helpLines} from '../help-lines.js';
import {prefixColumns, prefixHeader, progressHead as prefixHead, prefixRow} from '../progress-lines.js';
import type {Theme} from '../theme.js';
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

/** Lines the progress view spends above its prefix rows (head + column header). */
export function progressHeadHeight(view: ProgressView | undefined, theme: Theme, width: number): number {
	return prefixHead(view, theme, width).length + 1;
}

export function ProgressBody({view, cursor, top, theme, width, height}: BodyProps & {readonly view?: ProgressView; readonly cursor: number; readonly top: number}) {
	const head = prefixHead(view, theme, width);
	const layout = prefixColumns(width);
	const rows: readonly PrefixProgress[] = view?.prefixes ?? [];
	const room = Math.max(0, height - head.length - 1);
	const visible = rows.slice(top, top + room);
	return (
		<Box flexDirection="column" width={width} height={height}>
			<Lines lines={head} theme={theme} />
			<Line segments={prefixHeader(layout)} theme={theme} />
			{view && rows.length === 0 ? <Text color={theme.tones.muted}>no task prefixes seen yet</Text> : null}
			{visible.map((p, i) => (
				<Line key={p.prefix} segments={prefixRow(p, layout, theme)} theme={theme} inverse={top + i === cursor} />
			))}
		</Box>
	);
}

/** Lines the events view gives the adaptive panel: at most 40 % of the body. */
export function eventsHeadLines(triage: TriageView | undefined, theme: Theme, width: number, height: number): number {
	return triageHead(triage, theme, width, Math.max(2, Math.floor(height * 0.4))).length;
}

export function EventsBody({triage, cursor, top, theme, width, height}: BodyProps & {readonly triage?: TriageView; readonly cursor: number; readonly top: number}) {
	const head = triageHead(triage, theme, width, Math.max(2, Math.floor(height * 0.4)));
	const events: readonly ModelEvent[] = triage?.events ?? [];
	const room = Math.max(0, height - head.length - 2);
	const visible = events.slice(top, top + room);
	return (
		<Box flexDirection="column" width={width} height={height}>
			<Lines lines={head} theme={theme} />
			<Text> </Text>
			<Line segments={eventsTitle(triage, theme)} theme={theme} />
			{triage && events.length === 0 ? <Text color={theme.tones.muted}>no events yet: nothing has joined, left or crossed a threshold</Text> : null}
			{visible.map((e, i) => (
				<Line key={`${e.id}@${e.start_time}@${top + i}`} segments={eventRow(e, theme, width)} theme={theme} inverse={top + i === cursor} />
			))}
		</Box>
	);
}

/** The compact Alerts panel under a short worker table (nothing when `height` is too small). */
export function AlertsPanel({triage, theme, width, height}: BodyProps & {readonly triage?: TriageView}) {
	const lines = alertsPanelLines(triage, theme, width, height);
	if (lines.length === 0) return null;
	return (
		<Box flexDirection="column" width={width} height={height}>
			<Lines lines={lines} theme={theme} />
		</Box>
	);
}

export function HelpBody({top, theme, width, height}: BodyProps & {readonly top: number}) {
	const lines = helpLines(width);
	return (
		<Box flexDirection="column" width={width} height={height}>
			<Lines lines={lines.slice(top, top + height)} theme={theme} />
		</Box>
	);
}

export function helpLineCount(width: number): number {
	return helpLines(width).length;
}

/** Below the minimum size: says what size is needed (btop's habit). */
export function TooSmall({columns, rows, needColumns, needRows}: {readonly columns: number; readonly rows: number; readonly needColumns: number; readonly needRows: number}) {
	return (
		<Box flexDirection="column" width={Math.max(1, columns)} height={Math.max(1, rows - 1)}>
			<Text wrap="truncate">
				terminal too small: need {needColumns}×{needRows}
			</Text>
			<Text wrap="truncate">
				now {columns}×{rows}; enlarge the window or press q
			</Text>
		</Box>
	);
}
