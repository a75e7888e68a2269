/**
 * The drill-down panel (S: a worker's call stacks, E: the erred tasks, L: a log) as UI state, and
 * how the keys move through it: scrolling (j/k, pages, g/G), the errors' selection and their
 * traceback (Enter), a log's follow mode (G turns it on, scrolling up off) and filter (/). What
 * it shows is fetched by the shell (shell/drill-fetch.ts); its lines are views/drill-lines.ts's.
 * Pure.
 */
import type {Action} from '../keys/binding-types.js';
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

function closeDrill(state: UiState): UiState {
	const {drill: _closed, ...rest} = state;
	return rest;
}

/** The first line that keeps `line` in view, from `top`, with `rows` lines shown. */
function keepInView(top: number, line: number, rows: number): number {
	if (line < top) return line;
	if (line >= top + rows) return line - rows + 1;
	return top;
}

/** The new state after an action on the open panel; undefined when the action is not the panel's. */
export function reduceDrill(state: UiState, action: Action, ctx: UiContext, text = ''): UiState | undefined {
	const panel = state.drill;
	if (panel === undefined) return undefined;
	const rows = Math.max(1, ctx.drillHeight ?? 1);
	const total = ctx.drillLines ?? 0;
	const last = Math.max(0, total - rows);
	const with_ = (change: Partial<DrillPanel>): UiState => ({...state, drill: {...panel, ...change}});
	const scroll = (top: number): UiState => {
		const next = Math.max(0, Math.min(last, top));
		return with_({top: next, ...(panel.kind === 'logs' ? {follow: next >= last && panel.follow} : {})});
	};
	if (panel.filterEditing) {
		switch (action) {
			case 'filter-type':
				return with_({filter: panel.filter + (text === 'space' ? ' ' : text), top: 0});
			case 'filter-delete':
				return with_({filter: [...panel.filter].slice(0, -1).join('')});
			case 'filter-accept':
				return with_({filterEditing: false});
			case 'filter-cancel':
				return with_({filterEditing: false, filter: ''});
			default:
				return undefined;
		}
	}
	if (panel.kind === 'errors') {
		const tasks = ctx.drillTaskLines ?? [];
		const select = (cursor: number): UiState => {
			const next = Math.max(0, Math.min(tasks.length - 1, cursor));
			const line = tasks[next] ?? 0;
			return with_({
				cursor: Math.max(0, next),
				open: next === panel.cursor && panel.open,
				top: keepInView(panel.top, line, rows),
			});
		};
		switch (action) {
			case 'move-down':
				return select(panel.cursor + 1);
			case 'move-up':
				return select(panel.cursor - 1);
			case 'page-down':
				return select(panel.cursor + rows);
			case 'page-up':
				return select(panel.cursor - rows);
			case 'first':
				return with_({cursor: 0, top: 0, open: false});
			case 'last':
				return select(tasks.length - 1);
			case 'drill-enter':
				return with_({open: !panel.open});
			default:
				break;
		}
	}
	switch (action) {
		case 'move-down':
			return scroll(panel.top + 1);
		case 'move-up':
			return with_({top: Math.max(0, panel.top - 1), follow: false});
		case 'page-down':
			return scroll(panel.top + rows - 1);
		case 'page-up':
			return with_({top: Math.max(0, panel.top - rows + 1), follow: false});
		case 'first':
			return with_({top: 0, follow: false});
		case 'last':
			return with_({top: last, follow: panel.kind === 'logs'});
		case 'filter-start':
			return panel.kind === 'logs' ? with_({filterEditing: true}) : state;
		case 'back':
			return closeDrill(state);
		default:
			return undefined;
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
