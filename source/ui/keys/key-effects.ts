/**
 * What a key asks of the App: the I/O a row of the bindings table declares (bindings.ts), which the
 * App carries out against the source and the terminal (shell/effect-runners.ts, one runner per
 * kind), and the words the footer says for it. Pure.
 */
import type {WorkerColumnId} from '../../types/worker-column-ids.js';
import {timerDelay} from '../../units/timer-delay.js';
import {formatDuration} from '../draw/cells.js';
import type {UiState} from '../state/ui-state.js';

export type Effect =
	/** A message in the footer for `ms`. */
	| {readonly kind: 'say'; readonly text: string; readonly ms: number}
	| {readonly kind: 'quit'}
	/** Poll now (and read the drill-down panel again). */
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
	| {
			readonly kind: 'replay';
			readonly op: 'pause' | 'step' | 'jump' | 'start' | 'end' | 'speed';
			readonly amount?: number;
	  };

/** The effects after which this screen takes no more keys: it leaves (quit, another cluster's screen). */
export function leavesScreen(effect: Effect): boolean {
	return effect.kind === 'quit' || effect.kind === 'cluster';
}

export const MESSAGE_MS = 3000;
/** Why F9 did nothing, or that a retire was sent: long lines, read at leisure. */
export const RETIRE_MESSAGE_MS = 8000;

export const say = (text: string, ms = MESSAGE_MS): Effect => ({kind: 'say', text, ms});

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
