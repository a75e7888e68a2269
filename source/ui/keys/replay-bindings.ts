/** The replay's keys (a recording, the demo): rows of the bindings table (bindings.ts), kept at its end. */
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
	},
	{keys: ['right'], label: 'step one poll forward', action: 'replay-step-forward', modes: ['replay']},
	{
		keys: ['['],
		label: 'jump one minute back',
		action: 'replay-jump-back',
		modes: ['replay'],
		footer: '±1 min',
		footerAscii: '+/-1 min',
		footerKeys: '[/]',
		footerRank: 2,
	},
	{keys: [']'], label: 'jump one minute forward', action: 'replay-jump-forward', modes: ['replay']},
	{
		keys: ['{'],
		label: 'go to the start of the recording',
		action: 'replay-start',
		modes: ['replay'],
		footer: 'start/end',
		footerKeys: '{/}',
	},
	{keys: ['}'], label: 'go to the end of the recording', action: 'replay-end', modes: ['replay']},
	{
		keys: ['x'],
		label: 'cycle the replay speed ×1 / ×4 / ×16',
		action: 'replay-speed',
		modes: ['replay'],
		footer: 'speed',
	},
];
