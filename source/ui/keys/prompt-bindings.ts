/**
 * Rows of the bindings table (bindings.ts) for what takes the keys while it is open over the
 * screen: the filter prompt, the sort list (F6), the column setup (F2), the retire confirmation
 * (F9 / K) and the help.
 */
import {
	closeColumnSetup,
	moveColumn,
	moveColumnCursor,
	sameColumns,
	shownColumnIds,
	toggleColumn,
} from '../state/column-choice.js';
import {editFilter} from '../state/filter-prompt.js';
import {chooseSort, closeSortMenu} from '../state/sort-order.js';
import type {UiState} from '../state/ui-state.js';
import type {Binding} from './binding-types.js';
import {RETIRE_MESSAGE_MS, say} from './key-effects.js';
import {chooseAt, pointAt} from './pointer.js';

function closeConfirm(state: UiState): UiState {
	const {confirm: _closed, ...rest} = state;
	return rest;
}

export const PROMPT_BINDINGS: readonly Binding[] = [
	{
		keys: ['text'],
		label: 'type the filter: part of a name, address or host, or /regex/ (a bad pattern is shown, not used)',
		action: 'filter-type',
		modes: ['filter'],
		update: (s, p) => editFilter(s, 'type', p.key),
	},
	{
		keys: ['enter'],
		label: 'keep the filter and return to the table',
		action: 'filter-accept',
		modes: ['filter'],
		footer: 'keep',
		update: (s) => editFilter(s, 'accept'),
	},
	{
		keys: ['escape'],
		label: 'clear the filter',
		action: 'filter-cancel',
		modes: ['filter'],
		footer: 'clear',
		update: (s) => editFilter(s, 'cancel'),
	},
	{
		keys: ['backspace'],
		label: 'delete the last character',
		action: 'filter-delete',
		modes: ['filter'],
		footer: 'delete',
		update: (s) => editFilter(s, 'delete'),
	},
	{
		keys: ['enter', 'click'],
		label: 'sort by the highlighted (or clicked) column',
		action: 'sort-choose',
		modes: ['sort'],
		footer: 'choose',
		update: (s, p) => (p.target ? chooseAt(s, p.target, p.ctx) : chooseSort(s)),
	},
	{
		keys: ['escape', 'f6'],
		label: 'close the list, keeping the sort',
		action: 'sort-close',
		modes: ['sort'],
		footer: 'close',
		update: closeSortMenu,
	},
	{
		keys: ['down', 'j'],
		label: 'highlight the next column',
		action: 'move-down',
		modes: ['columns'],
		footer: 'move',
		footerKeys: 'j/k',
		footerRank: 3,
		update: (s) => moveColumnCursor(s, 1),
	},
	{
		keys: ['up', 'k'],
		label: 'highlight the previous column',
		action: 'move-up',
		modes: ['columns'],
		update: (s) => moveColumnCursor(s, -1),
	},
	{
		keys: ['click'],
		label: 'highlight the clicked column',
		action: 'point',
		modes: ['columns'],
		update: (s, p) => (p.target ? pointAt(s, p.target, p.ctx) : s),
	},
	{
		keys: ['space'],
		label: 'show or hide the highlighted column (NAME always shows)',
		action: 'columns-toggle',
		modes: ['columns'],
		footer: 'show/hide',
		footerRank: 1,
		update: toggleColumn,
	},
	{
		keys: ['[', 'shift+up'],
		label: 'move the highlighted column earlier (to the left in the table)',
		action: 'columns-earlier',
		modes: ['columns'],
		footer: 'move left/right',
		footerKeys: '[/]',
		footerRank: 2,
		update: (s) => moveColumn(s, -1),
	},
	{
		keys: [']', 'shift+down'],
		label: 'move the highlighted column later (to the right in the table)',
		action: 'columns-later',
		modes: ['columns'],
		update: (s) => moveColumn(s, 1),
	},
	{
		keys: ['escape', 'f2', 'q'],
		label: 'close the column setup; a change is saved in the config file',
		action: 'columns-close',
		modes: ['columns'],
		footer: 'close',
		footerKeys: 'Esc/F2',
		update: closeColumnSetup,
		effect: (s) => {
			const before = s.columnSetup?.before;
			if (before === undefined || sameColumns(before, s.columns)) return [];
			return [{kind: 'save-columns', columns: shownColumnIds(s.columns)}];
		},
	},
	{
		keys: ['y'],
		label: 'retire the worker the confirmation names',
		action: 'retire-confirm',
		modes: ['confirm'],
		footer: 'retire',
		update: closeConfirm,
		effect: (s, p) => {
			if (!s.confirm || !p.retire.canAct) return [];
			const sent = `retire of ${s.confirm.name} sent: the next polls tell what became of it (events view, 3)`;
			return [{kind: 'retire', address: s.confirm.address}, say(sent, RETIRE_MESSAGE_MS)];
		},
	},
	{
		keys: ['n', 'escape'],
		label: 'cancel the retire',
		action: 'retire-cancel',
		modes: ['confirm'],
		footer: 'cancel',
		footerKeys: 'n/Esc',
		update: closeConfirm,
	},
	{
		keys: ['escape', '?', 'f1'],
		label: 'close the help',
		action: 'help-close',
		modes: ['help'],
		footer: 'close',
		footerKeys: 'Esc/?',
		update: (s) => ({...s, help: false}),
	},
];
