/**
 * Rows of the bindings table (bindings.ts) that work on every screen: pause, the poll interval,
 * refresh, the help, redraw, suspend and quit.
 */
import {stepInterval} from '../state/interval-steps.js';
import {SCREENS, type Binding, type Press} from './binding-types.js';
import {REPLAY_INTERVAL_TEXT, REPLAY_REFRESH_TEXT, say, type Effect} from './key-effects.js';

/** + / -: ask the source for the next interval up or down the steps (a recording is not polled). */
function interval(press: Press, step: 1 | -1): readonly Effect[] {
	if (press.source.kind !== 'live') return [say(REPLAY_INTERVAL_TEXT)];
	return [{kind: 'interval', ms: stepInterval(press.intervalMs, step)}];
}

export const CONTROL_BINDINGS: readonly Binding[] = [
	{
		keys: ['space'],
		label: 'pause / resume the display (polling goes on)',
		action: 'pause',
		modes: SCREENS,
		footer: 'pause',
		footerPaused: 'resume',
		footerRank: 1,
		update: (s) => ({...s, paused: !s.paused}),
	},
	{
		keys: ['+'],
		label: 'poll less often (longer interval)',
		action: 'interval-up',
		modes: SCREENS,
		footer: 'interval',
		effect: (_, p) => interval(p, 1),
	},
	{
		keys: ['-'],
		label: 'poll more often (never below 1 s)',
		action: 'interval-down',
		modes: SCREENS,
		effect: (_, p) => interval(p, -1),
	},
	{
		keys: ['R'],
		label: 'refresh now (stacks, errors, a log: fetch again)',
		action: 'refresh',
		modes: [...SCREENS, 'drill'],
		footer: 'refresh',
		effect: (_, p) =>
			p.source.kind === 'live' ? [{kind: 'refresh'}, say('refreshing now')] : [say(REPLAY_REFRESH_TEXT)],
	},
	{
		keys: ['?', 'f1'],
		label: 'show this help',
		action: 'help',
		modes: SCREENS,
		footer: 'help',
		footerKeys: '?',
		update: (s) => ({...s, help: true, helpTop: 0}),
	},
	{
		keys: ['ctrl+l'],
		label: 'redraw the screen',
		action: 'redraw',
		modes: [...SCREENS, 'drill', 'help', 'filter', 'sort', 'columns'],
		effect: () => [{kind: 'redraw'}],
	},
	{
		keys: ['ctrl+z'],
		label: 'suspend to the shell (fg comes back)',
		action: 'suspend',
		modes: [...SCREENS, 'drill', 'help', 'sort', 'columns'],
		effect: (_, p) => [p.terminal ? {kind: 'suspend'} : say('Ctrl-Z needs a terminal')],
	},
	{
		keys: ['q', 'f10'],
		label: 'quit',
		action: 'quit',
		modes: [...SCREENS, 'drill', 'help', 'sort'],
		footer: 'quit',
		footerKeys: 'q',
		effect: () => [{kind: 'quit'}],
	},
	{
		keys: ['ctrl+c'],
		label: 'quit',
		action: 'quit',
		modes: [...SCREENS, 'drill', 'help', 'filter', 'sort', 'columns', 'confirm'],
		effect: () => [{kind: 'quit'}],
	},
];
