/**
 * The App's side of the keys' effects: each kind reaches the part of the App it names (a recorder
 * stands in for the source and the terminal; the real ones: test/e2e/tui*.test.ts).
 */
import {describe, expect, it} from 'vitest';
import type {Effect} from '../../../source/ui/keys/key-effects.js';
import {runEffect, type EffectHost} from '../../../source/ui/shell/effect-runners.js';
import {initialUiState} from '../../../source/ui/state/ui-state.js';

function recorder(over: Partial<EffectHost> = {}) {
	const calls: string[] = [];
	const note =
		(name: string) =>
		(...args: unknown[]) =>
			void calls.push([name, ...args.map((a) => JSON.stringify(a))].join(' '));
	const host: EffectHost = {
		controls: {
			kind: 'replay',
			intervalMs: () => 2000,
			setIntervalMs: (ms) => Math.max(ms, 5000),
			refreshNow: note('refreshNow'),
			setDetailWorker: note('setDetailWorker'),
			retireWorker: note('retireWorker'),
			switchCluster: note('switchCluster'),
			replay: {
				position: () => ({atMs: 0, startMs: 0, endMs: 0, index: 0, count: 0, paused: false, speed: 1}),
				togglePause: note('togglePause'),
				step: note('step'),
				jumpMs: note('jumpMs'),
				toStart: note('toStart'),
				toEnd: note('toEnd'),
				cycleSpeed: () => 4,
			},
		},
		terminal: undefined,
		say: note('say'),
		onQuit: note('onQuit'),
		redraw: note('redraw'),
		rereadDrill: note('rereadDrill'),
		saveColumns: undefined,
		onUiChange: note('onUiChange'),
		...over,
	};
	return {host, calls};
}

describe('carrying out the effects of keys', () => {
	it.each<[Effect, string[]]>([
		[{kind: 'say', text: 'hi', ms: 10}, ['say "hi" 10']],
		[{kind: 'quit'}, ['onQuit']],
		[{kind: 'refresh'}, ['rereadDrill', 'refreshNow']],
		[{kind: 'redraw'}, ['redraw']],
		[{kind: 'interval', ms: 3000}, ['say "polling every 5s"']],
		[{kind: 'retire', address: 'tcp://a:1'}, ['retireWorker "tcp://a:1"']],
		[{kind: 'replay', op: 'jump', amount: -60_000}, ['jumpMs -60000']],
		[{kind: 'replay', op: 'step', amount: 1}, ['step 1']],
		[{kind: 'replay', op: 'speed'}, ['say "replay speed ×4"']],
		[{kind: 'save-columns', columns: ['name']}, [expect.stringMatching(/^say "columns kept until dask-top exits/)]],
	])('%o', (effect, calls) => {
		const run = recorder();
		runEffect(effect, run.host);
		expect(run.calls).toEqual(calls);
	});

	it('leaves the UI state to the cluster left behind, then switches', () => {
		const run = recorder();
		runEffect({kind: 'cluster', step: -1, state: initialUiState()}, run.host);
		expect(run.calls).toEqual([`onUiChange ${JSON.stringify(initialUiState())}`, 'switchCluster -1']);
	});

	it('says how saving the columns went', () => {
		const run = recorder({saveColumns: (columns) => `kept ${columns.join(' ')}`});
		runEffect({kind: 'save-columns', columns: ['name', 'cpu']}, run.host);
		expect(run.calls).toEqual(['say "kept name cpu" 8000']);
	});
});
