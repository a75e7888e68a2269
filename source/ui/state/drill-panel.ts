/**
 * The drill-down panel (S: a worker's call stacks, E: the erred tasks, L: a log) as UI state, and
 * how the keys move through it: scrolling (j/k, pages, g/G), the errors' selection and their
 * traceback (Enter), a log's follow mode (G turns it on, scrolling up off) and filter (/). What
 * it shows is fetched by the shell (shell/drill-fetch.ts); its lines are views/drill-lines.ts's.
 * Pure.
 */
import type {Motion} from './motion.js';
import type {UiContext, UiState} from './ui-state.js';

export type DrillKind = 'stacks' | 'errors' | 'logs';

export interface DrillPanel {
	readonly kind: DrillKind;
	/** stacks: the worker's address; logs: the worker's address or `scheduler`; errors: ''. */
	readonly subject: string;
	/** First line shown (under the title). */
	readonly top: number;
	/** errors: the selected task (newest first). */
	readonly cursor: number;
	/** errors: the selected task's traceback is shown. */
	readonly open: boolean;
	/** logs: the newest line stays in view as lines come (G on, scrolling up off). */
	readonly follow: boolean;
	/** logs: only the lines holding this text (case-insensitive). */
	readonly filter: string;
	readonly filterEditing: boolean;
}

/** The panel's key: a fetched page belongs to it. */
export function drillKey(panel: Pick<DrillPanel, 'kind' | 'subject'>): string {
	return `${panel.kind}|${panel.subject}`;
}

export function openDrill(state: UiState, kind: DrillKind, subject: string): UiState {
	return {
		...state,
		drill: {kind, subject, top: 0, cursor: 0, open: false, follow: kind === 'logs', filter: '', filterEditing: false},
	};
}

export function closeDrill(state: UiState): UiState {
	const {drill: _closed, ...rest} = state;
	return rest;
}

/** The first line that keeps `line` in view, from `top`, with `rows` lines shown. */
function keepInView(top: number, line: number, rows: number): number {
	if (line < top) return line;
	if (line >= top + rows) return line - rows + 1;
	return top;
}

/**
 * A motion on the open panel: the erred tasks move their selection (the page by the panel's rows),
 * the rest scroll (a page one line short, to keep a line of context); a log follows from its end.
 */
export function moveInDrill(state: UiState, panel: DrillPanel, motion: Motion, ctx: UiContext): UiState {
	const rows = Math.max(1, ctx.drillHeight ?? 1);
	const last = Math.max(0, (ctx.drillLines ?? 0) - rows);
	const with_ = (change: Partial<DrillPanel>): UiState => ({...state, drill: {...panel, ...change}});
	if (panel.kind === 'errors') {
		const tasks = ctx.drillTaskLines ?? [];
		if (motion === 'first') return with_({cursor: 0, top: 0, open: false});
		const to =
			motion === 'last'
				? tasks.length - 1
				: panel.cursor + {down: 1, up: -1, 'page-down': rows, 'page-up': -rows}[motion];
		const next = Math.max(0, Math.min(tasks.length - 1, to));
		return with_({
			cursor: Math.max(0, next),
			open: next === panel.cursor && panel.open,
			top: keepInView(panel.top, tasks[next] ?? 0, rows),
		});
	}
	switch (motion) {
		case 'down':
		case 'page-down': {
			const top = Math.max(0, Math.min(last, panel.top + (motion === 'down' ? 1 : rows - 1)));
			return with_({top, ...(panel.kind === 'logs' ? {follow: top >= last && panel.follow} : {})});
		}
		case 'up':
		case 'page-up':
			return with_({top: Math.max(0, panel.top - (motion === 'up' ? 1 : rows - 1)), follow: false});
		case 'first':
			return with_({top: 0, follow: false});
		case 'last':
			return with_({top: last, follow: panel.kind === 'logs'});
	}
}

/** Enter on the erred tasks: show or hide the selected task's traceback (the other panels: nothing). */
export function toggleTraceback(state: UiState): UiState {
	const panel = state.drill;
	return panel?.kind === 'errors' ? {...state, drill: {...panel, open: !panel.open}} : state;
}

/** `/` on the panel: a log's lines are filtered (the other panels: nothing). */
export function startDrillFilter(state: UiState, panel: DrillPanel): UiState {
	return panel.kind === 'logs' ? {...state, drill: {...panel, filterEditing: true}} : state;
}

/** The log filter's prompt: a character typed (`space` for a blank), the last deleted, kept, cleared. */
export function editDrillFilter(
	state: UiState,
	panel: DrillPanel,
	edit: 'type' | 'delete' | 'accept' | 'cancel',
	text = '',
): UiState {
	const with_ = (change: Partial<DrillPanel>): UiState => ({...state, drill: {...panel, ...change}});
	switch (edit) {
		case 'type':
			return with_({filter: panel.filter + (text === 'space' ? ' ' : text), top: 0});
		case 'delete':
			return with_({filter: [...panel.filter].slice(0, -1).join('')});
		case 'accept':
			return with_({filterEditing: false});
		case 'cancel':
			return with_({filterEditing: false, filter: ''});
	}
}

/** The panel's first line kept within its lines, at the end while a log follows (none open: the state as it is). */
export function syncDrill(state: UiState, ctx: UiContext): UiState {
	const panel = state.drill;
	if (panel === undefined || ctx.drillLines === undefined) return state;
	const last = Math.max(0, ctx.drillLines - Math.max(1, ctx.drillHeight ?? 1));
	const top = panel.follow ? last : Math.min(panel.top, last);
	return top === panel.top ? state : {...state, drill: {...panel, top}};
}
