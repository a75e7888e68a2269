import {describe, expect, it} from 'vitest';
import {decodeKeys, type InkKeyLike} from '../../source/ui/keys.js';

const none: InkKeyLike = {
	upArrow: false,
	downArrow: false,
	leftArrow: false,
	rightArrow: false,
	pageUp: false,
	pageDown: false,
	home: false,
	end: false,
	return: false,
	escape: false,
	tab: false,
	backspace: false,
	delete: false,
	ctrl: false,
	shift: false,
};

describe('decoding Ink input into keys', () => {
	it('splits a burst of printable keys into one key per character', () => {
		expect(decodeKeys('jjj', none)).toEqual(['j', 'j', 'j']);
		expect(decodeKeys('j\r', none)).toEqual(['j', 'enter']);
		expect(decodeKeys('a b', none)).toEqual(['a', 'space', 'b']);
	});

	it('names the special keys Ink recognised', () => {
		expect(decodeKeys('', {...none, upArrow: true})).toEqual(['up']);
		expect(decodeKeys('', {...none, pageDown: true})).toEqual(['pagedown']);
		expect(decodeKeys('', {...none, home: true})).toEqual(['home']);
		expect(decodeKeys('', {...none, return: true})).toEqual(['enter']);
		expect(decodeKeys('', {...none, escape: true})).toEqual(['escape']);
		expect(decodeKeys('', {...none, tab: true})).toEqual(['tab']);
		expect(decodeKeys('', {...none, leftArrow: true})).toEqual(['left']);
	});

	it('treats DEL (what most terminals send for Backspace) as backspace', () => {
		expect(decodeKeys('', {...none, delete: true})).toEqual(['backspace']);
		expect(decodeKeys('\u007F', none)).toEqual(['backspace']);
	});

	it('reads Ctrl-C and keeps capital letters distinct', () => {
		expect(decodeKeys('c', {...none, ctrl: true})).toEqual(['ctrl+c']);
		expect(decodeKeys('G', {...none, shift: true})).toEqual(['G']);
		expect(decodeKeys('F', none)).toEqual(['F']);
	});
});
