import {describe, expect, it} from 'vitest';
import {createListeners} from '../../source/units/listeners.js';

describe('listeners', () => {
	it('passes each notice to every subscribed listener, in the order they subscribed', () => {
		const listeners = createListeners<[string, number]>();
		const heard: string[] = [];
		listeners.subscribe((text, n) => heard.push(`a ${text} ${n}`));
		listeners.subscribe((text, n) => heard.push(`b ${text} ${n}`));
		listeners.notify('x', 1);
		expect(heard).toEqual(['a x 1', 'b x 1']);
	});

	it('stops calling a listener once unsubscribed, even one unsubscribed by another during a notice', () => {
		const listeners = createListeners();
		const heard: string[] = [];
		const unsubscribeB = listeners.subscribe(() => heard.push('b'));
		const unsubscribeA = listeners.subscribe(() => {
			heard.push('a');
			unsubscribeA();
		});
		listeners.notify();
		expect(heard).toEqual(['b', 'a']);
		unsubscribeB();
		listeners.notify();
		expect(heard).toEqual(['b', 'a']);
	});

	it('still calls, within a notice, a listener that an earlier one unsubscribes; clear drops them all', () => {
		const listeners = createListeners();
		const heard: string[] = [];
		let unsubscribeLate = () => {};
		listeners.subscribe(() => {
			heard.push('early');
			unsubscribeLate();
		});
		unsubscribeLate = listeners.subscribe(() => heard.push('late'));
		listeners.notify();
		expect(heard).toEqual(['early', 'late']);
		listeners.notify();
		expect(heard).toEqual(['early', 'late', 'early']);
		listeners.clear();
		listeners.notify();
		expect(heard).toEqual(['early', 'late', 'early']);
	});
});
