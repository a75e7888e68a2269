/** The bindings in words: where each works (help overlay) and the README's keys table. */

import {BINDINGS} from './bindings.js';
import {SCREENS, VIEWS, type Binding, type Mode} from './binding-types.js';
import {keyLabel} from './key-labels.js';

const MODE_NAMES: Readonly<Record<Mode, string>> = {
	workers: 'workers',
	progress: 'progress',
	events: 'events',
	diagnosis: 'diagnosis',
	time: 'time',
	detail: 'detail',
	drill: 'stacks, errors, log',
	help: 'help',
	filter: 'filter prompt',
	sort: 'sort list',
	columns: 'column setup',
	confirm: 'retire confirmation',
	replay: 'replay',
	clusters: 'several clusters',
};

/** Where a binding works, in words (help overlay and README). */
export function whereText(binding: Binding): string {
	if (SCREENS.every((m) => binding.modes.includes(m))) {
		const extra = binding.modes.filter((m) => !SCREENS.includes(m)).map((m) => MODE_NAMES[m]);
		return ['all views', ...extra].join(', ');
	}
	if (VIEWS.every((m) => binding.modes.includes(m)) && !binding.modes.includes('detail'))
		return VIEWS.map((m) => MODE_NAMES[m]).join(', ');
	return binding.modes.map((m) => MODE_NAMES[m]).join(', ');
}

/** @internal The README keys table, generated from BINDINGS (a test keeps README.md equal to it). */
export function keysMarkdownTable(): string {
	const lines = ['| Keys | Action | Where |', '|---|---|---|'];
	for (const binding of BINDINGS) {
		const keys = binding.keys.map((k) => `\`${keyLabel(k)}\``).join(' ');
		lines.push(`| ${keys} | ${binding.label} | ${whereText(binding)} |`);
	}
	return lines.join('\n');
}
