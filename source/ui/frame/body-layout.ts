/**
 * The heights the bodies are drawn with: the body's lines are drawn by them and the screen's view-model
 * places the page sizes and the mouse's targets by them, so both agree. Pure (no Ink).
 */
import type {ProgressView} from '../../model/types.js';
import {progressHead} from '../views/progress-lines.js';
import type {Theme} from '../draw/theme.js';
import {SORT_ORDER} from '../state/sort-order.js';

/** Lines the progress view spends above its prefix rows (head + column header). */
export function progressHeadHeight(view: ProgressView | undefined, theme: Theme, width: number): number {
	return progressHead(view, theme, width).length + 1;
}

/** The first item of the sort list on screen when `highlighted` is, for a list of `height` lines. */
export function sortMenuFirst(highlighted: number, height: number): number {
	const room = Math.max(0, height - 1);
	return Math.max(0, Math.min(highlighted - room + 1, SORT_ORDER.length - room));
}
