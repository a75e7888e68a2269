/**
 * The sort list (F6, as htop's "Sort by"): every column the workers table sorts by, the highlighted
 * one in reverse video, the current one marked. Its items start on the line under the title.
 */
import {Box, Text} from 'ink';
import type {SortColumn} from '../../model/types.js';
import {sortMenuFirst} from '../body-layout.js';
import {seg} from '../parts.js';
import type {Theme} from '../theme.js';
import {SORT_ORDER} from '../sort-order.js';
import {sortLabel} from '../worker-columns.js';
import {Line} from './line.js';

export function SortMenu({
	highlighted,
	sort,
	theme,
	width,
	height,
}: {
	readonly highlighted: number;
	readonly sort: {readonly column: SortColumn; readonly descending: boolean};
	readonly theme: Theme;
	readonly width: number;
	readonly height: number;
}) {
	const room = Math.max(0, height - 1);
	const first = sortMenuFirst(highlighted, height);
	return (
		<Box flexDirection="column" width={width} height={height}>
			<Line
				segments={[seg('Sort by ', 'title', true), seg('(Enter or a click chooses, Esc closes)', 'muted')]}
				theme={theme}
			/>
			{SORT_ORDER.slice(first, first + room).map((s, i) => {
				const current = s.column === sort.column;
				const arrow = s.descending ? theme.glyphs.down : theme.glyphs.up;
				return (
					<Line
						key={s.column}
						segments={[
							seg(
								`${current ? '*' : ' '} ${sortLabel(s.column).padEnd(12)} ${arrow}`,
								current ? 'accent' : 'normal',
								current,
							),
						]}
						theme={theme}
						inverse={first + i === highlighted}
					/>
				);
			})}
			{room > SORT_ORDER.length ? <Text> </Text> : null}
		</Box>
	);
}
