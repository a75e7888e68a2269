/**
 * The App's side of the keys' effects (ui/keys/key-effects.ts): one runner per kind, carried out
 * against the source, the terminal and the footer's message. A key with new I/O names a new kind
 * there and gets its runner here (the type below asks for one per kind).
 */
import type {WorkerColumnId} from '../../types/worker-column-ids.js';
import type {TuiControls} from '../frame/tui-data.js';
import type {TerminalControls} from '../input/terminal-controls.js';
import {intervalMessage, RETIRE_MESSAGE_MS, replaySpeedMessage, type Effect} from '../keys/key-effects.js';
import type {UiState} from '../state/ui-state.js';

/** What the effects act on: the App's props and its own parts. */
export interface EffectHost {
	readonly controls: TuiControls;
	readonly terminal: TerminalControls | undefined;
	/** Puts a message in the footer for `ms`. */
	readonly say: (text: string, ms?: number) => void;
	readonly onQuit: () => void;
	readonly redraw: () => void;
	/** Reads the drill-down panel's page again, when one is open. */
	readonly rereadDrill: () => void;
	readonly saveColumns: ((columns: readonly WorkerColumnId[]) => string) | undefined;
	readonly onUiChange: ((ui: UiState) => void) | undefined;
}

type Runners = {readonly [K in Effect['kind']]: (effect: Extract<Effect, {kind: K}>, host: EffectHost) => void};

const RUNNERS: Runners = {
	say: (e, host) => host.say(e.text, e.ms),
	quit: (_, host) => host.onQuit(),
	refresh: (_, host) => {
		host.rereadDrill();
		host.controls.refreshNow();
	},
	redraw: (_, host) => host.redraw(),
	suspend: (_, host) => host.terminal?.suspend(),
	interval: (e, host) => host.say(intervalMessage(host.controls.setIntervalMs(e.ms))),
	retire: (e, host) => host.controls.retireWorker?.(e.address),
	'save-columns': (e, host) =>
		host.say(
			host.saveColumns?.(e.columns) ?? 'columns kept until dask-top exits: no config file to save them in',
			RETIRE_MESSAGE_MS,
		),
	cluster: (e, host) => {
		host.onUiChange?.(e.state);
		host.controls.switchCluster?.(e.step);
	},
	replay: (e, host) => {
		const replay = host.controls.replay;
		if (!replay) return;
		if (e.op === 'pause') replay.togglePause();
		else if (e.op === 'step') replay.step(e.amount ?? 1);
		else if (e.op === 'jump') replay.jumpMs(e.amount ?? 0);
		else if (e.op === 'start') replay.toStart();
		else if (e.op === 'end') replay.toEnd();
		else host.say(replaySpeedMessage(replay.cycleSpeed()));
	},
};

/** Carries out one effect. */
export function runEffect(effect: Effect, host: EffectHost): void {
	(RUNNERS[effect.kind] as (effect: Effect, host: EffectHost) => void)(effect, host);
}
