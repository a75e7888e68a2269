/**
 * Rows of the bindings table (bindings.ts) for moving about: through the rows, into a worker's
 * detail or a finding's subject, into the drill-down panel (S, E, L) and back, between the views,
 * and between clusters.
 */
import {nextTimeWindow} from '../../model/time/time-split.js';
import {openDrill, toggleTraceback} from '../state/drill-panel.js';
import {move} from '../state/motion.js';
import type {UiState} from '../state/ui-state.js';
import {goBack, nextView, openDetail, openSubject, switchView} from '../state/view-switch.js';
import {SCREENS, VIEWS, type Binding, type Press} from './binding-types.js';

/**
 * S, E or L (one row: the key says which): the selected worker's call stacks (the detail's, or the
 * finding's in the diagnosis view), the erred tasks, the scheduler's log (a worker's in its detail).
 */
function drillOpen(state: UiState, press: Press): UiState {
	if (press.key === 'E') return openDrill(state, 'errors', '');
	if (press.key === 'L') return openDrill(state, 'logs', state.detail ?? 'scheduler');
	if (press.key !== 'S') return state;
	const view = state.view;
	const finding = view === 'diagnosis' ? press.ctx.subjects?.[state.cursor.diagnosis] : undefined;
	if (state.detail === undefined && view === 'diagnosis')
		return finding?.kind === 'worker' ? openDrill(state, 'stacks', finding.id) : state;
	if (state.detail === undefined && view !== 'workers') return state;
	const address = state.detail ?? press.ctx.addresses[state.cursor.workers];
	return address === undefined ? state : openDrill(state, 'stacks', address);
}

export const VIEW_BINDINGS: readonly Binding[] = [
	{
		keys: ['down', 'j'],
		label: 'move down (in the detail: next worker; in the help, a log, the stacks: scroll; errors: next task)',
		action: 'move-down',
		modes: [...SCREENS, 'drill', 'help', 'sort'],
		footer: 'move',
		footerKeys: 'j/k',
		footerRank: 3,
		update: (s, p) => move(s, 'down', p.ctx),
	},
	{
		keys: ['up', 'k'],
		label: 'move up (in the detail: previous worker; in the help, a log, the stacks: scroll)',
		action: 'move-up',
		modes: [...SCREENS, 'drill', 'help', 'sort'],
		update: (s, p) => move(s, 'up', p.ctx),
	},
	{
		keys: ['pagedown'],
		label: 'page down',
		action: 'page-down',
		modes: [...VIEWS, 'drill', 'help'],
		footer: 'page',
		update: (s, p) => move(s, 'page-down', p.ctx),
	},
	{
		keys: ['pageup'],
		label: 'page up',
		action: 'page-up',
		modes: [...VIEWS, 'drill', 'help'],
		update: (s, p) => move(s, 'page-up', p.ctx),
	},
	{
		keys: ['g', 'home'],
		label: 'first row (in the help, a log: its top)',
		action: 'first',
		modes: [...VIEWS, 'drill', 'help'],
		update: (s, p) => move(s, 'first', p.ctx),
	},
	{
		keys: ['G', 'end'],
		label: 'last row (in the help: its end; in a log: the newest line, following)',
		action: 'last',
		modes: [...VIEWS, 'drill', 'help'],
		update: (s, p) => move(s, 'last', p.ctx),
	},
	{
		keys: ['enter'],
		label: "open the selected worker's detail (on a host's row: show or fold its workers)",
		action: 'open-detail',
		modes: ['workers'],
		footer: 'detail',
		footerRank: 2,
		update: (s, p) => openDetail(s, p.ctx),
	},
	{
		keys: ['enter'],
		label: "go to the selected finding's subject: a worker's detail, a prefix's row",
		action: 'open-subject',
		modes: ['diagnosis'],
		footer: 'go to',
		footerRank: 2,
		update: (s, p) => openSubject(s, p.ctx),
	},
	{
		keys: ['S', 'E', 'L'],
		label:
			"S: call stacks of what the selected worker (the detail's, the finding's) runs, read once (R again); " +
			'E: erred tasks by type and prefix, Enter a traceback; ' +
			"L: the scheduler's log (a worker's in its detail), read every 5 s while shown, / filters, G follows",
		action: 'drill-open',
		modes: SCREENS,
		footer: 'stacks/errors/log',
		footerKeys: 'S/E/L',
		footerRank: 4,
		update: drillOpen,
	},
	{
		keys: ['enter'],
		label: "erred tasks: show or hide the selected task's traceback",
		action: 'drill-enter',
		modes: ['drill'],
		footer: 'traceback',
		footerRank: 2,
		update: toggleTraceback,
	},
	{
		keys: ['escape'],
		label: 'go back (detail → table, other views → workers; closes stacks, errors, a log; clears a filter)',
		action: 'back',
		modes: [...SCREENS, 'drill'],
		footer: 'back',
		footerRank: 4,
		update: goBack,
	},
	{
		keys: ['tab'],
		label: 'next view: workers → progress → events → diagnosis → time',
		action: 'next-view',
		modes: SCREENS,
		footer: 'view',
		footerRank: 3,
		update: (s) => nextView(s, 1),
	},
	{
		keys: ['shift+tab'],
		label: 'previous view',
		action: 'previous-view',
		modes: SCREENS,
		update: (s) => nextView(s, -1),
	},
	{keys: ['1'], label: 'workers view', action: 'view-workers', modes: SCREENS, update: (s) => switchView(s, 'workers')},
	{
		keys: ['2'],
		label: 'task progress view',
		action: 'view-progress',
		modes: SCREENS,
		update: (s) => switchView(s, 'progress'),
	},
	{
		keys: ['3'],
		label: 'events view (alerts, event log, adaptive target)',
		action: 'view-events',
		modes: SCREENS,
		update: (s) => switchView(s, 'events'),
	},
	{
		keys: ['4'],
		label: 'diagnosis view (what is wrong and why: findings, their evidence and next step)',
		action: 'view-diagnosis',
		modes: SCREENS,
		update: (s) => switchView(s, 'diagnosis'),
	},
	{
		keys: ['5'],
		label: "time view (where the threads' time went: compute, transfer, spill, GC, idle, per task prefix)",
		action: 'view-time',
		modes: SCREENS,
		update: (s) => switchView(s, 'time'),
	},
	{
		keys: ['w'],
		label: 'the time window: last minute → since the last idle moment → since the scheduler started',
		action: 'time-window',
		modes: ['time'],
		footer: 'window',
		footerRank: 1,
		update: (s) => ({...s, timeWindow: nextTimeWindow(s.timeWindow)}),
	},
	{
		keys: ['c'],
		label: 'next cluster (each keeps its view, selection, sort and filter)',
		action: 'cluster-next',
		modes: ['clusters'],
		footer: 'cluster',
		footerKeys: 'c/C',
		footerRank: 2,
		effect: (s) => [{kind: 'cluster', step: 1, state: s}],
	},
	{
		keys: ['C'],
		label: 'previous cluster',
		action: 'cluster-previous',
		modes: ['clusters'],
		effect: (s) => [{kind: 'cluster', step: -1, state: s}],
	},
];
