/**
 * The replay's keys (a recording, the demo): rows of the bindings table (bindings.ts), kept at its end.
 * Each asks the replay source for one thing (shell/effect-runners.ts).
 */
import type {Binding} from './binding-types.js';

export const REPLAY_BINDINGS: readonly Binding[] = [
	{
		keys: ['space'],
		label: 'pause / resume the replay',
		action: 'replay-pause',
		modes: ['replay'],
		footer: 'pause replay',
		footerPaused: 'resume replay',
		footerRank: 1,
		effect: () => [{kind: 'replay', op: 'pause'}],
	},
	{
		keys: ['left'],
		label: 'step one poll back',
		action: 'replay-step-back',
		modes: ['replay'],
		footer: 'step',
		footerKeys: '←/→',
		footerKeysAscii: 'Left/Right',
		footerRank: 2,
		effect: () => [{kind: 'replay', op: 'step', amount: -1}],
	},
	{
		keys: ['right'],
		label: 'step one poll forward',
		action: 'replay-step-forward',
		modes: ['replay'],
		effect: () => [{kind: 'replay', op: 'step', amount: 1}],
	},
	{
		keys: ['['],
		label: 'jump one minute back',
		action: 'replay-jump-back',
		modes: ['replay'],
		footer: '±1 min',
		footerAscii: '+/-1 min',
		footerKeys: '[/]',
		footerRank: 2,
		effect: () => [{kind: 'replay', op: 'jump', amount: -60_000}],
	},
	{
		keys: [']'],
		label: 'jump one minute forward',
		action: 'replay-jump-forward',
		modes: ['replay'],
		effect: () => [{kind: 'replay', op: 'jump', amount: 60_000}],
	},
	{
		keys: ['{'],
		label: 'go to the start of the recording',
		action: 'replay-start',
		modes: ['replay'],
		footer: 'start/end',
		footerKeys: '{/}',
		effect: () => [{kind: 'replay', op: 'start'}],
	},
	{
		keys: ['}'],
		label: 'go to the end of the recording',
		action: 'replay-end',
		modes: ['replay'],
		effect: () => [{kind: 'replay', op: 'end'}],
	},
	{
		keys: ['x'],
		label: 'cycle the replay speed ×1 / ×4 / ×16',
		action: 'replay-speed',
		modes: ['replay'],
		footer: 'speed',
		effect: () => [{kind: 'replay', op: 'speed'}],
	},
];
