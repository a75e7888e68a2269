import {describe, expect, it} from 'vitest';
import {effectOf} from '../../../source/ui/keys/effects.js';

describe('the side effects of actions', () => {
	it('leaves side effects to the App', () => {
		expect(effectOf('quit')).toEqual({kind: 'quit'});
		expect(effectOf('interval-down')).toEqual({kind: 'interval', step: -1});
		expect(effectOf('replay-jump-back')).toEqual({kind: 'replay', op: 'jump', amount: -60_000});
		expect(effectOf('move-down')).toBeUndefined();
	});
});
