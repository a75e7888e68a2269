/**
 * Ctrl-Z's order of things. A DECLARED FAKE stands in for the process's signals and the terminal
 * (a real stop cannot happen inside vitest); the real SIGTSTP/fg round trip runs in tmux in
 * test/e2e/input.test.ts.
 */
import {describe, expect, it} from 'vitest';
import {installSuspend, type SignalPort} from '../../../source/ui/input/suspend.js';

function fakes() {
	const log: string[] = [];
	const listeners = new Map<string, Set<() => void>>();
	const signals: SignalPort = {
		on: (signal, listener) =>
			void (listeners.get(signal) ?? listeners.set(signal, new Set()).get(signal)!).add(listener),
		off: (signal, listener) => void listeners.get(signal)?.delete(listener),
		raise(signal) {
			const handlers = [...(listeners.get(signal) ?? [])];
			// With no listener the default action stops the process; `fg` continues it inside this call.
			if (handlers.length === 0) log.push('this process alone stopped', 'continued');
			else for (const handler of handlers) handler();
		},
		raiseInGroup(signal) {
			const handlers = [...(listeners.get(signal) ?? [])];
			if (handlers.length === 0) log.push('the job stopped', 'continued');
			else for (const handler of handlers) handler();
		},
	};
	const stdin = {
		isTTY: true,
		isRaw: true,
		setRawMode(raw: boolean) {
			stdin.isRaw = raw;
			log.push(`raw ${raw}`);
		},
	};
	const screen = {suspend: () => log.push('screen left'), resume: () => log.push('screen back')};
	const deliver = (signal: string) => {
		for (const l of [...(listeners.get(signal) ?? [])]) l();
	};
	return {log, listeners, signals, stdin, screen, deliver};
}

describe('suspend (Ctrl-Z) and fg', () => {
	it(
		'gives the terminal back before stopping the whole job (the process group, as the terminal does), ' +
			'and takes it again (raw mode re-applied) before anything else runs',
		() => {
			const f = fakes();
			const s = installSuspend({
				screen: f.screen,
				stdin: f.stdin,
				signals: f.signals,
				onResume: () => f.log.push('redrawn'),
			});
			s.suspend();
			expect(f.log).toEqual([
				'raw false',
				'screen left',
				'the job stopped',
				'continued',
				'raw false',
				'raw true',
				'screen back',
				'redrawn',
			]);
			expect(f.listeners.get('SIGTSTP')?.size, 'listening for the next Ctrl-Z').toBe(1);
			f.log.length = 0;
			f.deliver('SIGCONT');
			expect(f.log, 'the SIGCONT of that stop has nothing left to do').toEqual([]);
		},
	);

	it('takes the screen again on a SIGCONT after a stop that did not come through it (SIGSTOP)', () => {
		const f = fakes();
		installSuspend({screen: f.screen, stdin: f.stdin, signals: f.signals, onResume: () => f.log.push('redrawn')});
		f.deliver('SIGCONT');
		expect(f.log).toEqual(['raw false', 'raw true', 'screen back', 'redrawn']);
	});

	it('stops listening when disposed', () => {
		const f = fakes();
		installSuspend({screen: f.screen, stdin: f.stdin, signals: f.signals, onResume: () => {}}).dispose();
		expect(f.listeners.get('SIGTSTP')?.size ?? 0).toBe(0);
		expect(f.listeners.get('SIGCONT')?.size ?? 0).toBe(0);
	});
});
