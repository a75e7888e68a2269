/**
 * inert(): what a terminal could act on (C0 and C1 controls, DEL, bidi overrides and isolates,
 * zero-width and other format characters, line and paragraph separators, lone surrogates) is shown,
 * never sent; wide and combining characters stay; clean text comes back as it is.
 */
import stringWidth from 'string-width';
import {describe, expect, it} from 'vitest';
import {inert, inertIn, textStyleOf} from '../../source/units/inert.js';
import {seeded} from '../helpers/seeded.js';
import {HOSTILE_PIECES, hostileText} from '../helpers/hostile.js';

/** Characters a terminal may act on, or that hide or reorder text. */
const ACTIVE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

describe('inert text', () => {
	it.each([
		['ESC of an OSC title', '\u001b]0;pwned\u0007', '␛]0;pwned␇'],
		['ESC of an OSC 8 hyperlink', '\u001b]8;;http://evil/\u001b\\x', '␛]8;;http://evil/␛\\x'],
		['ESC of an SGR colour', '\u001b[31mred', '␛[31mred'],
		['ESC of clear-screen and home', '\u001b[2J\u001b[H', '␛[2J␛[H'],
		['NUL, backspace, CR, LF, tab', 'a\u0000b\bc\rd\ne\tf', 'a␀b␈c␍d␊e␉f'],
		['DEL', 'a\u007fb', 'a␡b'],
		['C1 CSI', '\u009b31m', '\\x9b31m'],
		['C1 OSC and ST', '\u009d0;t\u009c', '\\x9d0;t\\x9c'],
		['C1 NEL', 'a\u0085b', 'a\\x85b'],
		['bidi override RLO and LRO', 'a\u202eb\u202dc', 'a\\u202eb\\u202dc'],
		['bidi embeddings and PDF', '\u202a\u202b\u202c', '\\u202a\\u202b\\u202c'],
		['bidi isolates', '\u2066\u2067\u2068\u2069', '\\u2066\\u2067\\u2068\\u2069'],
		['LRM, RLM, ALM', '\u200e\u200f\u061c', '\\u200e\\u200f\\u061c'],
		['zero-width space, non-joiner, joiner', '\u200b\u200c\u200d', '\\u200b\\u200c\\u200d'],
		['word joiner, BOM, soft hyphen', '\u2060\ufeff\u00ad', '\\u2060\\ufeff\\xad'],
		['line and paragraph separators', 'a\u2028b\u2029c', 'a\\u2028b\\u2029c'],
		['a tag character beyond the BMP', 'x\u{e0041}', 'x\\u{e0041}'],
		['lone surrogates', 'a\ud800b\udfff', 'a\\ud800b\\udfff'],
	])('shows %s visibly', (_what, text, shown) => {
		expect(inert(text)).toBe(shown);
		expect(inert(text)).not.toMatch(ACTIVE);
	});

	it.each([
		['ESC and BEL', '\u001b]0;x\u0007', '\\x1b]0;x\\x07'],
		['newline and DEL', 'a\nb\u007f', 'a\\x0ab\\x7f'],
		['C1 and a bidi override', '\u009b\u202e', '\\x9b\\u202e'],
		['accented, wide and astral characters', 'é計😀', '\\xe9\\u8a08\\u{1f600}'],
		['a combining mark', 'e\u0301', 'e\\u0301'],
		['a lone surrogate', '\ud800', '\\ud800'],
	])('spells %s as ASCII escapes in ASCII mode', (_what, text, shown) => {
		expect(inert(text, true)).toBe(shown);
		expect(inert(text, true)).toMatch(/^[\x20-\x7e]*$/);
	});

	it.each([
		'tcp://127.0.0.1:40001',
		'worker-alpha-01',
		'計算ノード東京-gpu-01',
		'😀 emoji',
		'e\u0301 combining',
		'Ωμέγα',
		'quotes \' " and \\ backslash',
		'',
	])('keeps %j as it is', (text) => {
		expect(inert(text)).toBe(text);
	});

	it('keeps printable ASCII as it is in ASCII mode', () => {
		const printable = Array.from({length: 95}, (_, i) => String.fromCharCode(0x20 + i)).join('');
		expect(inert(printable, true)).toBe(printable);
	});

	it('keeps every wide and combining character, so the layout counts the columns the terminal gives', () => {
		const name = '計算ノード-é\u0301-😀';
		expect(inert(name)).toBe(name);
		// `␛[31m`: five columns, every character of the sequence shown.
		expect(stringWidth(inert(`${name}\u001b[31m`))).toBe(stringWidth(name) + 5);
	});

	it('is idempotent: inert text stays the same when made inert again', () => {
		const next = seeded(7);
		for (let i = 0; i < 2000; i++) {
			const text = hostileText(next);
			for (const ascii of [false, true]) expect(inert(inert(text, ascii), ascii)).toBe(inert(text, ascii));
		}
	});

	it('leaves nothing active in thousands of random strings of controls, bidi, wide and combining characters', () => {
		const next = seeded(36);
		for (let i = 0; i < 5000; i++) {
			const text = hostileText(next);
			expect(inert(text)).not.toMatch(ACTIVE);
			expect(inert(text, true)).toMatch(/^[\x20-\x7e]*$/);
		}
		// Every piece of the generator shows up somewhere in those strings.
		expect(HOSTILE_PIECES.length).toBeGreaterThan(40);
	});

	it('is the identity for exact text (--json), and made inert in the unicode and ascii styles', () => {
		const text = 'a\u001bb\u00e9';
		expect(inertIn('exact')(text)).toBe(text);
		expect(inertIn('unicode')(text)).toBe('a␛b\u00e9');
		expect(inertIn('ascii')(text)).toBe('a\\x1bb\\xe9');
	});

	it.each([
		[{json: true, ascii: false}, 'exact'],
		[{json: true, ascii: true}, 'exact'],
		[{json: false, ascii: false}, 'unicode'],
		[{json: false, ascii: true}, 'ascii'],
	] as const)('prints foreign text for %o in the %s style', (options, style) => {
		expect(textStyleOf(options)).toBe(style);
	});
});
