/**
 * What a chunk of input does: keys and mouse reports through the bindings table to the new UI state
 * and the commands the App carries out against the source and the terminal (quit, refresh, poll
 * interval, retire, replay controls, the footer's messages). Pure: the caller passes the clock and
 * the last mouse press, and runs the commands in order.
 */
import type {WorkerRow} from '../../model/types.js';
import type {TuiData} from '../frame/tui-data.js';
import {timerDelay} from '../../units/timer-delay.js';
import type {KeyName} from './binding-types.js';
import {resolveKey} from './key-lookup.js';
import {formatDuration} from '../draw/cells.js';
import {retireGate, type RetireGateInput} from '../views/confirm-lines.js';
import {mouseKey, type LastPress} from '../input/clicks.js';
import type {InputEvent} from '../input/parse.js';
import {keyContextOf, type AppView, type AppViewInput} from '../frame/app-view.js';
import {footerKeyAt, pointerTarget, reducePointer, type FooterPointer, type PointerLayout} from './pointer.js';
import {effectOf, type Effect} from './effects.js';
import {stepInterval} from '../state/interval-steps.js';
import {reduceUi} from '../state/reduce-ui.js';
import {sameColumns, shownColumnIds} from '../state/column-choice.js';
import type {WorkerColumnId} from '../../types/worker-column-ids.js';
import type {UiContext, UiState} from '../state/ui-state.js';

export const MESSAGE_MS = 3000;
/** Why F9 did nothing, or that a retire was sent: long lines, read at leisure. */
export const RETIRE_MESSAGE_MS = 8000;

export interface Message {
	readonly text: string;
	readonly untilMs: number;
}

/** Ms until `message` leaves the footer (a delay a timer can hold). */
export function messageDelay(message: Message, nowMs: number): number {
	return timerDelay(message.untilMs - nowMs);
}

export const intervalMessage = (ms: number): string => `polling every ${formatDuration(ms / 1000)}`;
export const replaySpeedMessage = (speed: number): string => `replay speed ×${speed}`;
/** What `+` / `-` say in a replay or the demo: a recording is not polled; its pace is the speed. */
export const REPLAY_INTERVAL_TEXT = 'a recording is not polled: x changes the replay speed';
/** What `R` says in a replay or the demo. */
export const REPLAY_REFRESH_TEXT = 'a recording is not polled: nothing to refresh';

export type Command =
	| {readonly kind: 'say'; readonly text: string; readonly ms: number}
	| {readonly kind: 'quit'}
	| {readonly kind: 'refresh'}
	| {readonly kind: 'redraw'}
	| {readonly kind: 'suspend'}
	/** Ask the source for this poll interval (it answers the one it took: say intervalMessage of it). */
	| {readonly kind: 'interval'; readonly ms: number}
	| {readonly kind: 'retire'; readonly address: string}
	/** Switch clusters, leaving this UI state to the cluster left behind. */
	| {readonly kind: 'cluster'; readonly step: 1 | -1; readonly state: UiState}
	/** Keep these columns (shown, in order) in the config file, and say how that went. */
	| {readonly kind: 'save-columns'; readonly columns: readonly WorkerColumnId[]}
	| Extract<Effect, {kind: 'replay'}>;

/** What the keys know of the screen and the source. */
export interface InputContext {
	readonly ctx: UiContext;
	readonly pointer: PointerLayout;
	/** Where the footer's entries are: a click on one presses its key. */
	readonly footer: FooterPointer;
	readonly source: AppViewInput['source'];
	/** Ctrl-Z can stop the process (a real terminal). */
	readonly terminal: boolean;
	/** The live poll interval (0 when replaying), the step `+` / `-` start from. */
	readonly intervalMs: number;
	/** The rows on screen (the retire confirmation needs the selected one). */
	readonly rows: readonly WorkerRow[];
	/** Whether a retire may be asked, but for the row. */
	readonly retire: Omit<RetireGateInput, 'row'>;
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
	readonly commands: readonly Command[];
	/** Quit or a cluster switch ended the chunk: this App leaves the screen, its state is not kept. */
	readonly stopped: boolean;
}

const say = (text: string, ms = MESSAGE_MS): Command => ({kind: 'say', text, ms});

function effectCommands(effect: Effect, state: UiState, input: InputContext): {state: UiState; commands: Command[]} {
	switch (effect.kind) {
		case 'quit':
			return {state, commands: [{kind: 'quit'}]};
		case 'refresh':
			if (input.source.kind !== 'live') return {state, commands: [say(REPLAY_REFRESH_TEXT)]};
			return {state, commands: [{kind: 'refresh'}, say('refreshing now')]};
		case 'redraw':
			return {state, commands: [{kind: 'redraw'}]};
		case 'suspend':
			return {state, commands: [input.terminal ? {kind: 'suspend'} : say('Ctrl-Z needs a terminal')]};
		case 'interval':
			if (input.source.kind !== 'live') return {state, commands: [say(REPLAY_INTERVAL_TEXT)]};
			return {state, commands: [{kind: 'interval', ms: stepInterval(input.intervalMs, effect.step)}]};
		case 'retire': {
			const address = state.detail ?? input.ctx.addresses[state.cursor.workers];
			const row = address === undefined ? undefined : input.rows.find((r) => r.address === address);
			const gate = retireGate({...input.retire, ...(row ? {row} : {})});
			if (gate.ok) return {state: {...state, confirm: {address: gate.address, name: gate.name}}, commands: []};
			return {state, commands: [say(gate.message, RETIRE_MESSAGE_MS)]};
		}
		case 'retire-confirm': {
			const confirm = state.confirm;
			const next = reduceUi(state, 'retire-confirm', input.ctx);
			if (!confirm || !input.retire.canAct) return {state: next, commands: []};
			const sent = `retire of ${confirm.name} sent: the next polls tell what became of it (events view, 3)`;
			return {state: next, commands: [{kind: 'retire', address: confirm.address}, say(sent, RETIRE_MESSAGE_MS)]};
		}
		case 'columns-close': {
			const before = state.columnSetup?.before;
			const next = reduceUi(state, 'columns-close', input.ctx);
			if (before === undefined || sameColumns(before, next.columns)) return {state: next, commands: []};
			return {state: next, commands: [{kind: 'save-columns', columns: shownColumnIds(next.columns)}]};
		}
		case 'cluster':
			return {state, commands: [{kind: 'cluster', step: effect.step, state}]};
		case 'replay':
			return {state, commands: [effect]};
	}
}

/** The UI state and the commands after `events`, from `start` (the state as shown). */
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
	const commands: Command[] = [];
	const queue = [...events];
	for (let at = 0; at < queue.length; at += 1) {
		const event = queue[at]!;
		let name: KeyName | undefined;
		// A click on a footer entry is a press of its key (htop's function bar): the key's own way from here.
		let pointing = false;
		if (event.kind === 'key') name = event.key;
		else {
			const mouse = mouseKey(event, nowMs, last);
			last = mouse.last;
			name = mouse.key;
			const footerKey =
				name === 'click' || name === 'double-click' ? footerKeyAt(context.footer, event.x, event.y) : undefined;
			if (footerKey !== undefined) {
				name = footerKey;
				last = undefined; // two quick clicks on an entry are two presses, not a double-click
			} else pointing = true;
		}
		if (name === undefined) continue;
		const action = resolveKey(name, keyContextOf(state, context.source));
		if (action === undefined) {
			// Esc and a key in one read (a laggy link) decode as Alt+key: unbound, they are both presses.
			const alone = /^alt\+(.+)$/.exec(name)?.[1];
			if (event.kind === 'key' && alone !== undefined)
				queue.splice(at + 1, 0, {kind: 'key', key: 'escape'}, {kind: 'key', key: alone});
			continue;
		}
		if (
			event.kind === 'mouse' &&
			pointing &&
			(action === 'point' || action === 'point-open' || action === 'sort-choose')
		) {
			state = reducePointer(state, action, pointerTarget(context.pointer, event.x, event.y), context.ctx);
			continue;
		}
		const effect = effectOf(action);
		if (!effect) {
			state = reduceUi(state, action, context.ctx, name);
			continue;
		}
		const done = effectCommands(effect, state, context);
		state = done.state;
		commands.push(...done.commands);
		for (const command of done.commands)
			if (command.kind === 'interval') context = {...context, intervalMs: command.ms};
		if (effect.kind === 'quit' || effect.kind === 'cluster') return {state, lastPress: last, commands, stopped: true};
	}
	return {state, lastPress: last, commands, stopped: false};
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
