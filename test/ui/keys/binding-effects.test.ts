import {describe, expect, it} from 'vitest';
import {BINDINGS} from '../../../source/ui/keys/bindings.js';
import {initialUiState} from '../../../source/ui/state/ui-state.js';
import {ctx, pressOn} from '../../helpers/ui-context.js';

/** The effects the first row named `action` declares, from the initial state, live at a 5 s interval. */
const effectOf = (action: string) =>
	BINDINGS.find((b) => b.action === action)?.effect?.(initialUiState(), {...pressOn(ctx), intervalMs: 5000});

describe('the side effects of actions', () => {
	it('leaves side effects to the App', () => {
		expect(effectOf('quit')).toEqual([{kind: 'quit'}]);
		expect(effectOf('interval-down')).toEqual([{kind: 'interval', ms: 3000}]);
		expect(effectOf('replay-jump-back')).toEqual([{kind: 'replay', op: 'jump', amount: -60_000}]);
		expect(effectOf('move-down')).toBeUndefined();
	});
});
