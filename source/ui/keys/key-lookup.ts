/** Which bindings apply on the screen shown now: the key → row lookup and the footer's entries. */

import {BINDINGS} from './bindings.js';
import type {Binding, KeyName, Mode} from './binding-types.js';
import {keyLabel} from './key-labels.js';

/** What is on screen now, which decides the bindings that apply. */
export interface KeyContext {
	/**
	 * The innermost screen: the retire confirmation, the filter prompt, the help overlay, the sort
	 * list, the column setup, the detail, or a view.
	 */
	readonly mode: Exclude<Mode, 'replay'>;
	/** The data comes from a recording (replay controls apply on every screen but help and filter). */
	readonly replay: boolean;
	/** Several clusters are followed (c / C apply on every screen but help and filter). */
	readonly clusters?: boolean;
}

function applies(binding: Binding, context: KeyContext): boolean {
	if (binding.modes.includes(context.mode)) return true;
	const overlay =
		context.mode === 'help' ||
		context.mode === 'filter' ||
		context.mode === 'sort' ||
		context.mode === 'columns' ||
		context.mode === 'confirm';
	if (context.clusters === true && binding.modes.includes('clusters') && !overlay) return true;
	return context.replay && binding.modes.includes('replay') && !overlay;
}

/**
 * The bindings that work in this context, replay controls first: they win a shared key (space), and
 * a live binding left with no key of its own is dropped.
 */
export function activeBindings(context: KeyContext): Binding[] {
	const active = BINDINGS.filter((b) => applies(b, context));
	const replay = active.filter((b) => b.modes.includes('replay') && !b.modes.includes(context.mode));
	const claimed = new Set(replay.flatMap((b) => b.keys));
	const rest = active.filter((b) => !replay.includes(b) && b.keys.some((k) => !claimed.has(k)));
	return [...replay, ...rest];
}

/** The row of one key in a context (a printable key in the filter prompt: the row of `text`), if any. */
export function bindingFor(key: KeyName, context: KeyContext): Binding | undefined {
	const active = activeBindings(context);
	const bound = active.find((b) => b.keys.includes(key));
	if (bound !== undefined || context.mode !== 'filter' || ([...key].length !== 1 && key !== 'space')) return bound;
	return active.find((b) => b.keys.includes('text'));
}

/** @internal The name of the row of one key in a context, or undefined when the key does nothing there. */
export function resolveKey(key: KeyName, context: KeyContext): string | undefined {
	return bindingFor(key, context)?.action;
}

/** What the footer's words depend on beyond the bindings: a pause on, and plain ASCII. */
export interface FooterState {
	/** What space pauses is paused now (the display; in a replay, the replay). */
	readonly paused?: boolean;
	readonly ascii?: boolean;
}

/** One entry of the footer. */
export interface FooterEntry {
	/** The keys as written (joined by `/`). */
	readonly keys: string;
	readonly label: string;
	/** Which entries stay on a narrow line: lower first. */
	readonly rank: number;
	/** The key a click on the entry presses: the binding's first (`j/k move` presses ↓). */
	readonly press: KeyName;
}

/** Footer entries for a context, in the table's order. */
export function footerEntries(context: KeyContext, state: FooterState = {}): FooterEntry[] {
	return activeBindings(context)
		.filter((b) => b.footer !== undefined)
		.map((b) => ({
			keys: (state.ascii ? b.footerKeysAscii : undefined) ?? b.footerKeys ?? b.keys.map(keyLabel).join('/'),
			label: (state.paused ? b.footerPaused : undefined) ?? (state.ascii ? b.footerAscii : undefined) ?? b.footer!,
			rank: b.footerRank ?? 5,
			press: b.keys[0]!,
		}));
}
