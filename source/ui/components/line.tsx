/**
 * One screen line from segments: a single `<Text wrap="truncate">` with nested coloured spans
 * (nested Text creates no Yoga node, which keeps a frame cheap).
 */
import {Text} from 'ink';
import {memo} from 'react';
import type {Segment} from '../bars.js';
import {toneColor, type Theme} from '../theme.js';

export interface LineProps {
	readonly segments: readonly Segment[];
	readonly theme: Theme;
	readonly inverse?: boolean;
}

export const Line = memo(function Line({segments, theme, inverse = false}: LineProps) {
	return (
		<Text wrap="truncate" inverse={inverse}>
			{segments.length === 0
				? ' '
				: segments.map((s, i) => (
						<Text key={i} color={toneColor(theme, s.tone)} bold={s.bold === true}>
							{s.text}
						</Text>
					))}
		</Text>
	);
});

/** Lines stacked in a column of exactly `height` rows (blank lines fill the rest). */
export function Lines({lines, theme, height}: {readonly lines: readonly (readonly Segment[])[]; readonly theme: Theme; readonly height?: number}) {
	const shown = height === undefined ? lines : lines.slice(0, height);
	const blanks = height === undefined ? 0 : Math.max(0, height - shown.length);
	return (
		<>
			{shown.map((segments, i) => (
				<Line key={i} segments={segments} theme={theme} />
			))}
			{Array.from({length: blanks}, (_, i) => (
				<Text key={`blank-${i}`}> </Text>
			))}
		</>
	);
}
