/**
 * The whole screen as lines, from the app's view (app-view.ts): the header, the cluster bar while
 * several clusters are followed, the body and the footer; or, below the minimum size, the notice of
 * what size is needed. Pure: the caller draws the lines as one text (line-text.ts).
 */
import type {AppView} from './app-view.js';
import {bodyLines, fitHeight, type BodyMemo} from './body-lines.js';
import {clusterBarLine, type ClusterBarInput} from '../views/cluster-bar.js';
import type {ScreenLine} from '../draw/line-text.js';
import type {Theme} from '../draw/theme.js';

export interface FrameLines {
	readonly lines: readonly ScreenLine[];
	/** Columns the lines may take (wider ones are cut). */
	readonly width: number;
}

export function frameLines(
	view: Pick<AppView, 'screen' | 'layout'>,
	theme: Theme,
	/** The cluster bar (several clusters are followed): a line under the header. */
	clusterBar: ClusterBarInput | undefined,
	memo: BodyMemo,
): FrameLines {
	const {screen, layout} = view;
	if (screen.kind === 'too-small') {
		// (the notice fills the terminal but its last row, as every screen does)
		return {
			lines: fitHeight(
				screen.lines.map((plain) => ({plain})),
				layout.height,
			),
			width: layout.width,
		};
	}
	const {width, height, bodyHeight} = layout;
	const lines: ScreenLine[] = screen.header.map((segments) => ({segments}));
	if (clusterBar) lines.push({segments: clusterBarLine(clusterBar.summaries, clusterBar.active, theme, width)});
	lines.push(...bodyLines(screen.body, theme, width, bodyHeight, memo), {segments: screen.footer});
	return {lines: fitHeight(lines, height), width};
}
