/**
 * What a chunk of input does: keys and mouse reports through the bindings table, each to its row's
 * handler: the new UI state, and the effects the App carries out against the source and the
 * terminal (quit, refresh, poll interval, retire, replay controls, the footer's messages). Pure: the
 * caller passes the clock and the last mouse press, and runs the effects in order.
 */
import type {WorkerRow} from '../../model/types.js';
import type {TuiData} from '../frame/tui-data.js';
import type {KeyFacts, KeyName} from './binding-types.js';
import {bindingFor} from './key-lookup.js';
import {mouseKey, type LastPress} from '../input/clicks.js';
import type {InputEvent} from '../input/parse.js';
import {keyContextOf, type AppView, type AppViewInput} from '../frame/app-view.js';
import {footerKeyAt, pointerTarget, type FooterPointer, type PointerLayout, type PointerTarget} from './pointer.js';
import {leavesScreen, type Effect} from './key-effects.js';
import type {UiState} from '../state/ui-state.js';

/** What the keys know of the screen and the source, and where the screen drew what a click may hit. */
export interface InputContext extends KeyFacts {
	readonly pointer: PointerLayout;
	/** Where the footer's entries are: a click on one presses its key. */
	readonly footer: FooterPointer;
}

/**
 * What the keys know, from the screen on view and the live data (a paused screen still retires and
 * steps the interval from what is live now). `canAct`: the source can send a retire.
 */
export function inputContext(
	view: AppView,
	live: TuiData,
	how: {
		readonly source: AppViewInput['source'];
		readonly allowActions: boolean;
		readonly terminal: boolean;
		readonly canAct: boolean;
		/** The interval the source polls at now, when known: fresher than the data's (a step just asked). */
		readonly intervalMs?: number;
	},
): InputContext {
	const model = live.model;
	const apiEnabled = model.snapshot?.scheduler.api_enabled;
	return {
		ctx: view.ctx,
		pointer: view.pointer,
		footer: view.footer,
		source: how.source,
		terminal: how.terminal,
		intervalMs: how.source.kind === 'live' ? (how.intervalMs ?? live.intervalMs) : 0,
		rows: view.frame.rows.rows,
		retire: {
			allowActions: how.allowActions,
			kind: how.source.kind,
			canAct: how.canAct,
			...(apiEnabled === undefined ? {} : {apiEnabled}),
			...(model.retires ? {retires: model.retires} : {}),
		},
	};
}

export interface InputResult {
	readonly state: UiState;
	readonly lastPress: LastPress | undefined;
	readonly effects: readonly Effect[];
	/** Quit or a cluster switch ended the chunk: this App leaves the screen, its state is not kept. */
	readonly stopped: boolean;
}

/** The UI state and the effects after `events`, from `start` (the state as shown). */
export function dispatchInput(
	start: UiState,
	events: readonly InputEvent[],
	nowMs: number,
	lastPress: LastPress | undefined,
	input: InputContext,
): InputResult {
	let state = start;
	let last = lastPress;
	// Each `+` / `-` steps from the interval the one before asked for, not from the last poll's.
	let context = input;
	const effects: Effect[] = [];
	const queue = [...events];
	for (let at = 0; at < queue.length; at += 1) {
		const event = queue[at]!;
		let name: KeyName | undefined;
		let target: PointerTarget | undefined;
		if (event.kind === 'key') name = event.key;
		else {
			const mouse = mouseKey(event, nowMs, last);
			last = mouse.last;
			name = mouse.key;
			// A click on a footer entry is a press of its key (htop's function bar): the key's own way from here.
			const footerKey =
				name === 'click' || name === 'double-click' ? footerKeyAt(context.footer, event.x, event.y) : undefined;
			if (footerKey !== undefined) {
				name = footerKey;
				last = undefined; // two quick clicks on an entry are two presses, not a double-click
			} else if (name !== undefined) target = pointerTarget(context.pointer, event.x, event.y);
		}
		if (name === undefined) continue;
		const binding = bindingFor(name, keyContextOf(state, context.source));
		if (binding === undefined) {
			// Esc and a key in one read (a laggy link) decode as Alt+key: unbound, they are both presses.
			const alone = /^alt\+(.+)$/.exec(name)?.[1];
			if (event.kind === 'key' && alone !== undefined)
				queue.splice(at + 1, 0, {kind: 'key', key: 'escape'}, {kind: 'key', key: alone});
			continue;
		}
		const press = {...context, key: name, ...(target === undefined ? {} : {target})};
		const asked = binding.effect?.(state, press) ?? [];
		state = binding.update?.(state, press) ?? state;
		effects.push(...asked);
		for (const effect of asked) if (effect.kind === 'interval') context = {...context, intervalMs: effect.ms};
		if (asked.some(leavesScreen)) return {state, lastPress: last, effects, stopped: true};
	}
	return {state, lastPress: last, effects, stopped: false};
}

/**
 * The worker whose /info/worker page the source should fetch after the state went from `before` to
 * `after`: the open detail's, when it is a present worker; null for none; undefined when the detail
 * did not change.
 */
export function detailWorker(before: UiState, after: UiState, rows: readonly WorkerRow[]): string | null | undefined {
	if (after.detail === before.detail) return undefined;
	if (after.detail === undefined) return null;
	return rows.find((r) => r.address === after.detail)?.present !== false ? after.detail : null;
}
