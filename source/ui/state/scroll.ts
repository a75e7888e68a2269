/**
 * Where a scrolled list starts so the selected row is on screen: rows of one line, and rows of
 * different heights. Pure.
 */

/** The first visible row that keeps the cursor on screen, moving the window as little as possible. */
export function scrollTop(top: number, cursor: number, height: number, count: number): number {
	const rows = Math.max(1, height);
	let next = top;
	if (cursor < next) next = cursor;
	if (cursor >= next + rows) next = cursor - rows + 1;
	return Math.max(0, Math.min(next, Math.max(0, count - rows)));
}

/**
 * scrollTop() for rows of different heights (`lines[i]` lines each) in `room` lines: the cursor's
 * row is wholly visible (unless it alone is taller than the room: then it is the first), and the
 * window never leaves room unused below the last row.
 */
export function scrollTopLines(top: number, cursor: number, room: number, lines: readonly number[]): number {
	if (lines.length === 0) return 0;
	const at = Math.max(0, Math.min(cursor, lines.length - 1));
	let next = Math.max(0, Math.min(top, at));
	let used = 0;
	for (let i = next; i <= at; i++) used += lines[i] ?? 1;
	while (next < at && used > room) used -= lines[next++] ?? 1;
	let last = lines.length;
	let tail = 0;
	while (last > 0 && tail + (lines[last - 1] ?? 1) <= room) tail += lines[--last] ?? 1;
	return Math.max(0, Math.min(next, last));
}
