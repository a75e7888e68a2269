/**
 * The raw input parser, table-tested with the bytes terminals send: xterm (tmux passes these on),
 * VT220/rxvt `~` codes, the Linux console, SS3 application keys, and mouse reports in the SGR
 * (1006), urxvt (1015) and X10 forms.
 */
import {describe, expect, it} from 'vitest';
import {flushInput, parseInput, type InputEvent} from '../../../source/ui/input/parse.js';

const ESC = '\u001B';
const keys = (input: string) =>
	parseInput(input).events.map((e) => (e.kind === 'key' ? e.key : `mouse:${e.button}:${e.action}@${e.x},${e.y}`));

describe('keys', () => {
	it.each<[string, string, string[]]>([
		['printable keys, one per character', 'jjk', ['j', 'j', 'k']],
		['space, enter (CR and LF), tab', ` \r\n\t`, ['space', 'enter', 'enter', 'tab']],
		['backspace as DEL and as BS', '\u007F\b', ['backspace', 'backspace']],
		['Ctrl-C, Ctrl-L, Ctrl-Z', '\u0003\u000C\u001A', ['ctrl+c', 'ctrl+l', 'ctrl+z']],
		['non-ASCII text', 'é✓😀', ['é', '✓', '😀']],
		['arrows (xterm normal mode)', `${ESC}[A${ESC}[B${ESC}[C${ESC}[D`, ['up', 'down', 'right', 'left']],
		['arrows (application mode, SS3)', `${ESC}OA${ESC}OB${ESC}OC${ESC}OD`, ['up', 'down', 'right', 'left']],
		[
			'Home/End in their three forms',
			`${ESC}[H${ESC}[F${ESC}OH${ESC}OF${ESC}[1~${ESC}[4~${ESC}[7~${ESC}[8~`,
			['home', 'end', 'home', 'end', 'home', 'end', 'home', 'end'],
		],
		['PgUp/PgDn, Insert, Delete', `${ESC}[5~${ESC}[6~${ESC}[2~${ESC}[3~`, ['pageup', 'pagedown', 'insert', 'delete']],
		['F1–F4 as xterm sends them (SS3)', `${ESC}OP${ESC}OQ${ESC}OR${ESC}OS`, ['f1', 'f2', 'f3', 'f4']],
		[
			'F1–F5 as rxvt/VT220 send them',
			`${ESC}[11~${ESC}[12~${ESC}[13~${ESC}[14~${ESC}[15~`,
			['f1', 'f2', 'f3', 'f4', 'f5'],
		],
		[
			'F6–F12',
			`${ESC}[17~${ESC}[18~${ESC}[19~${ESC}[20~${ESC}[21~${ESC}[23~${ESC}[24~`,
			['f6', 'f7', 'f8', 'f9', 'f10', 'f11', 'f12'],
		],
		['F1–F5 of the Linux console', `${ESC}[[A${ESC}[[B${ESC}[[C${ESC}[[D${ESC}[[E`, ['f1', 'f2', 'f3', 'f4', 'f5']],
		[
			'modified keys name their modifiers',
			`${ESC}[1;5A${ESC}[1;2P${ESC}[15;3~${ESC}[Z`,
			['ctrl+up', 'shift+f1', 'alt+f5', 'shift+tab'],
		],
		['CSI u keys', `${ESC}[108;5u${ESC}[13u`, ['ctrl+l', 'enter']],
		['Alt + a key (ESC prefix)', `${ESC}j${ESC}1`, ['alt+j', 'alt+1']],
		['Esc before an arrow key', `${ESC}${ESC}[A`, ['escape', 'up']],
		['keys around sequences in one chunk', `j${ESC}[Bk${ESC}OPq`, ['j', 'down', 'k', 'f1', 'q']],
	])('%s', (_what, input, expected) => {
		const parsed = parseInput(input);
		expect(parsed.rest, 'the whole chunk is read').toBe('');
		expect(keys(input)).toEqual(expected);
	});

	it.each<[string, string]>([
		['focus in/out reports', `${ESC}[I${ESC}[O`],
		['bracketed-paste markers', `${ESC}[200~${ESC}[201~`],
		['device-attribute replies', `${ESC}[?1;2c${ESC}[>0;276;0c`],
		['unknown CSI codes', `${ESC}[99~${ESC}[5n${ESC}[2;3;4x`],
		['unknown SS3 codes', `${ESC}Oz`],
		['C1 controls', '\u0085\u009B'],
	])('drops %s whole, never as keys', (_what, input) => {
		expect(parseInput(input)).toEqual({events: [], rest: ''});
	});
});

describe('mouse reports', () => {
	const mouse = (input: string): InputEvent[] => parseInput(input).events;

	it.each<[string, string, Partial<InputEvent>]>([
		['SGR left press', `${ESC}[<0;12;3M`, {kind: 'mouse', button: 'left', action: 'press', x: 11, y: 2}],
		['SGR left release', `${ESC}[<0;12;3m`, {button: 'left', action: 'release', x: 11, y: 2}],
		['SGR right press', `${ESC}[<2;1;1M`, {button: 'right', action: 'press', x: 0, y: 0}],
		['SGR middle press with ctrl', `${ESC}[<17;5;6M`, {button: 'middle', action: 'press', ctrl: true}],
		['SGR wheel up', `${ESC}[<64;40;10M`, {button: 'wheel-up', action: 'press', x: 39, y: 9}],
		['SGR wheel down', `${ESC}[<65;40;10M`, {button: 'wheel-down', action: 'press'}],
		['SGR drag', `${ESC}[<32;7;8M`, {button: 'left', action: 'drag'}],
		['SGR move without button', `${ESC}[<35;7;8M`, {button: 'none', action: 'move'}],
		['SGR beyond column 223', `${ESC}[<0;300;60M`, {x: 299, y: 59}],
		['urxvt 1015 press', `${ESC}[32;12;3M`, {button: 'left', action: 'press', x: 11, y: 2}],
		['X10 press', `${ESC}[M ,#`, {button: 'left', action: 'press', x: 11, y: 2}],
		['X10 release', `${ESC}[M#,#`, {button: 'none', action: 'release'}],
	])('%s', (_what, input, expected) => {
		const events = mouse(input);
		expect(events).toHaveLength(1);
		expect(events[0]).toMatchObject(expected);
	});

	it('never hands a mouse report over as keys, however many arrive in one chunk', () => {
		const burst = `${ESC}[<0;12;3M${ESC}[<0;12;3m${ESC}[<65;12;3M${ESC}[<64;12;3Mj`;
		const events = parseInput(burst).events;
		expect(events.filter((e) => e.kind === 'key')).toEqual([{kind: 'key', key: 'j'}]);
		expect(events.filter((e) => e.kind === 'mouse')).toHaveLength(4);
	});
});

describe('a chunk that ends inside a sequence', () => {
	it.each<[string, string]>([
		['a lone ESC', ESC],
		['ESC [', `${ESC}[`],
		['ESC O', `${ESC}O`],
		['a mouse report cut in its coordinates', `${ESC}[<0;12`],
		['an F-key cut before its ~', `${ESC}[17`],
		['an X10 report cut in its bytes', `${ESC}[M `],
		['the Linux console F-key prefix', `${ESC}[[`],
	])('keeps %s as the rest, and the next chunk completes it', (_what, head) => {
		const first = parseInput(`j${head}`);
		expect(first.events).toEqual([{kind: 'key', key: 'j'}]);
		expect(first.rest).toBe(head);
	});

	it('joins a mouse report split over two chunks', () => {
		const first = parseInput(`${ESC}[<0;12`);
		const second = parseInput(`${first.rest};3Mk`);
		expect(second.events).toEqual([
			{kind: 'mouse', button: 'left', action: 'press', x: 11, y: 2, shift: false, alt: false, ctrl: false},
			{kind: 'key', key: 'k'},
		]);
	});

	it('joins an F-key split over two chunks', () => {
		expect(keys(`${parseInput(`${ESC}[2`).rest}1~`)).toEqual(['f10']);
	});

	it.each<[string, string, string[]]>([
		['a lone ESC is the Esc key', ESC, ['escape']],
		['ESC [ alone is Alt-[', `${ESC}[`, ['alt+[']],
		['a cut mouse report is dropped', `${ESC}[<0;12`, []],
		['a cut F-key is dropped', `${ESC}[17`, []],
	])('when nothing follows: %s', (_what, rest, expected) => {
		expect(flushInput(rest).map((e) => (e.kind === 'key' ? e.key : 'mouse'))).toEqual(expected);
	});
});
