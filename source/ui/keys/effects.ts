/**
 * The side effects of the actions of the bindings table, which the App carries out against the
 * source and the terminal (quit, refresh, interval, cluster, retire, replay controls). Pure: the
 * UI state's changes are reduce-ui.ts's.
 */
import type {Action} from '../keys/binding-types.js';

export type Effect =
	| {readonly kind: 'quit'}
	| {readonly kind: 'refresh'}
	| {readonly kind: 'redraw'}
	| {readonly kind: 'suspend'}
	| {readonly kind: 'interval'; readonly step: 1 | -1}
	| {readonly kind: 'cluster'; readonly step: 1 | -1}
	/** F9 / K: open the retire confirmation (or say why not); y: send the retire. */
	| {readonly kind: 'retire'}
	| {readonly kind: 'retire-confirm'}
	/** Closing the column setup (F2): the columns are saved when they changed. */
	| {readonly kind: 'columns-close'}
	| {
			readonly kind: 'replay';
			readonly op: 'pause' | 'step' | 'jump' | 'start' | 'end' | 'speed';
			readonly amount?: number;
	  };

export function effectOf(action: Action): Effect | undefined {
	switch (action) {
		case 'quit':
			return {kind: 'quit'};
		case 'refresh':
			return {kind: 'refresh'};
		case 'redraw':
			return {kind: 'redraw'};
		case 'suspend':
			return {kind: 'suspend'};
		case 'interval-up':
			return {kind: 'interval', step: 1};
		case 'interval-down':
			return {kind: 'interval', step: -1};
		case 'replay-pause':
			return {kind: 'replay', op: 'pause'};
		case 'replay-step-back':
			return {kind: 'replay', op: 'step', amount: -1};
		case 'replay-step-forward':
			return {kind: 'replay', op: 'step', amount: 1};
		case 'replay-jump-back':
			return {kind: 'replay', op: 'jump', amount: -60_000};
		case 'replay-jump-forward':
			return {kind: 'replay', op: 'jump', amount: 60_000};
		case 'replay-start':
			return {kind: 'replay', op: 'start'};
		case 'replay-end':
			return {kind: 'replay', op: 'end'};
		case 'replay-speed':
			return {kind: 'replay', op: 'speed'};
		case 'cluster-next':
			return {kind: 'cluster', step: 1};
		case 'cluster-previous':
			return {kind: 'cluster', step: -1};
		case 'retire':
			return {kind: 'retire'};
		case 'retire-confirm':
			return {kind: 'retire-confirm'};
		case 'columns-close':
			return {kind: 'columns-close'};
		default:
			return undefined;
	}
}
