/**
 * Rows of the bindings table (bindings.ts) for the worker table: sorting (as in htop), the sort list
 * and the column setup, the filter, following a worker, grouping by host, and retiring a worker.
 */
import {openColumnSetup} from '../state/column-choice.js';
import {toggleFollow} from '../state/cursor.js';
import {editFilter} from '../state/filter-prompt.js';
import {toggleAllHosts, toggleGrouping} from '../state/host-grouping.js';
import {nextSort, openSortMenu, reverseSort, sortBy} from '../state/sort-order.js';
import type {UiState} from '../state/ui-state.js';
import {retireGate, type RetireGate} from '../views/confirm-lines.js';
import type {Binding, Press} from './binding-types.js';
import {RETIRE_MESSAGE_MS, say} from './key-effects.js';

/** Whether F9 / K may ask to retire the selected worker (the detail's), or why not. */
function retireAsk(state: UiState, press: Press): RetireGate {
	const address = state.detail ?? press.ctx.addresses[state.cursor.workers];
	const row = address === undefined ? undefined : press.rows.find((r) => r.address === address);
	return retireGate({...press.retire, ...(row ? {row} : {})});
}

export const WORKER_BINDINGS: readonly Binding[] = [
	{
		keys: ['s', '>'],
		label: 'sort by the next column',
		action: 'sort-next',
		modes: ['workers'],
		footer: 'sort',
		footerRank: 3,
		update: (s) => nextSort(s, 1),
	},
	{
		keys: ['<'],
		label: 'sort by the previous column',
		action: 'sort-previous',
		modes: ['workers'],
		update: (s) => nextSort(s, -1),
	},
	{
		keys: ['f6'],
		label: 'choose the sort column from a list',
		action: 'sort-menu',
		modes: ['workers'],
		update: openSortMenu,
	},
	{
		keys: ['f2'],
		label: "choose the worker table's columns: which show and in what order (saved in the config file)",
		action: 'columns-open',
		modes: ['workers'],
		update: openColumnSetup,
	},
	{
		keys: ['r', 'I'],
		label: 'reverse the sort order',
		action: 'sort-reverse',
		modes: ['workers'],
		footer: 'reverse',
		update: reverseSort,
	},
	{
		keys: ['M'],
		label: 'sort by memory, most first (as in htop)',
		action: 'sort-memory',
		modes: ['workers'],
		update: (s) => sortBy(s, 'memory'),
	},
	{
		keys: ['P'],
		label: 'sort by CPU, busiest first (as in htop)',
		action: 'sort-cpu',
		modes: ['workers'],
		update: (s) => sortBy(s, 'cpu'),
	},
	{
		keys: ['T'],
		label: 'sort by heartbeat age, longest unheard first (htop: time)',
		action: 'sort-time',
		modes: ['workers'],
		update: (s) => sortBy(s, 'heartbeat'),
	},
	{
		keys: ['N'],
		label: 'sort by name (htop: PID)',
		action: 'sort-name',
		modes: ['workers'],
		update: (s) => sortBy(s, 'name'),
	},
	{
		keys: ['/', 'f3', 'f4'],
		label: 'filter workers by name, address or host (incremental); in a log, its lines',
		action: 'filter-start',
		modes: ['workers', 'drill'],
		footer: 'filter',
		footerKeys: '/',
		footerRank: 1,
		update: (s) => editFilter(s, 'start'),
	},
	{
		keys: ['F'],
		label: 'follow the selected worker wherever the sort moves it',
		action: 'follow',
		modes: ['workers'],
		footer: 'follow',
		update: (s, p) => toggleFollow(s, p.ctx),
	},
	{
		keys: ['t', 'f5'],
		label:
			"group the workers by host: a row per host adding up its workers' figures (CPU% too: " +
			'4 busy workers make 400), its workers under it (htop: tree); again: one row per worker',
		action: 'group-hosts',
		modes: ['workers'],
		footer: 'hosts',
		update: (s, p) => toggleGrouping(s, p.ctx),
	},
	{
		keys: ['*'],
		label: 'fold or show the workers of every host (grouped by host)',
		action: 'fold-all',
		modes: ['workers'],
		update: (s, p) => toggleAllHosts(s, p.ctx),
	},
	{
		keys: ['f9', 'K'],
		label: "retire the selected worker: asks first (needs --allow-actions and the scheduler's api module)",
		action: 'retire',
		modes: ['workers', 'detail'],
		// The confirmation opens (its y sends the retire: prompt-bindings.ts), or the footer says why not.
		update: (s, p) => {
			const gate = retireAsk(s, p);
			return gate.ok ? {...s, confirm: {address: gate.address, name: gate.name}} : s;
		},
		effect: (s, p) => {
			const gate = retireAsk(s, p);
			return gate.ok ? [] : [say(gate.message, RETIRE_MESSAGE_MS)];
		},
	},
];
