/**
 * The worker table. Only the rows in the window are rendered (10,000 workers cost what a screenful
 * costs); columns drop by priority as the terminal narrows (worker-columns.ts).
 */
import {Box, Text} from 'ink';
import {memo, useMemo} from 'react';
import type {WorkerRow} from '../../model/types.js';
import type {Segment} from '../bars.js';
import {tableBodyRows} from '../body-layout.js';
import {fitColumns} from '../columns.js';
import {
	headerSegments,
	rowSegments,
	sortLabel,
	WORKER_COLUMNS,
	type CellContext,
	type WorkerColumn,
} from '../worker-columns.js';
import {toneProps, type Theme} from '../theme.js';
import {tableCountText, type TableView} from '../app-body.js';
import {Line} from './line.js';

/** The table's figures (built by the pure view-model, `TableView`) with the width and theme to draw them in. */
export interface WorkerTableProps extends TableView {
	readonly width: number;
	readonly theme: Theme;
}

const Row = memo(function Row({
	row,
	columns,
	cells,
	theme,
	selected,
}: {
	readonly row: WorkerRow;
	readonly columns: ReadonlyArray<{readonly spec: WorkerColumn; readonly width: number}>;
	readonly cells: CellContext;
	readonly theme: Theme;
	readonly selected: boolean;
}) {
	return <Line segments={rowSegments(row, columns, cells)} theme={theme} inverse={selected} />;
});

function titleSegments(props: WorkerTableProps): Segment[] {
	const {filterText, filterError, sort, followName, theme} = props;
	const out: Segment[] = [{text: 'Workers ', tone: 'title', bold: true}];
	out.push({text: tableCountText(props), tone: 'normal'});
	if (filterText !== '') out.push({text: `  filter "${filterText}"`, tone: 'accent'});
	if (filterError) out.push({text: `  ${filterError} (showing all)`, tone: 'critical'});
	out.push({
		text: `  sorted by ${sortLabel(sort.column)} ${sort.descending ? theme.glyphs.down : theme.glyphs.up}`,
		tone: 'muted',
	});
	if (followName !== undefined) out.push({text: `  following ${followName}`, tone: 'info'});
	if (props.staleNote !== undefined) out.push({text: `  ${props.staleNote}`, tone: 'warning'});
	return out;
}

export function WorkerTable(props: WorkerTableProps) {
	const {rows, cursor, top, height, width, sort, theme, cells} = props;
	const columns = useMemo(() => fitColumns(WORKER_COLUMNS, width), [width]);
	const bodyRows = tableBodyRows(height);
	const visible = rows.slice(top, top + bodyRows);
	const empty =
		rows.length === 0
			? (props.unreached ?? (props.total === 0 ? 'no workers connected' : 'no worker matches the filter'))
			: undefined;
	return (
		<Box flexDirection="column" width={width} height={height}>
			<Line segments={titleSegments(props)} theme={theme} />
			<Line segments={headerSegments(columns, sort, theme.glyphs, cells.memory)} theme={theme} />
			{empty !== undefined ? <Text {...toneProps(theme, 'muted')}>{empty}</Text> : null}
			{visible.map((row, i) => (
				<Row key={row.address} row={row} columns={columns} cells={cells} theme={theme} selected={top + i === cursor} />
			))}
		</Box>
	);
}
