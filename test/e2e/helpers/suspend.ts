/**
 * Ctrl-Z and `fg` on a running dask-top in a real terminal, whatever started it (npm start, the
 * installed command, the single executable): the shell must get its prompt back with the job
 * stopped, and `fg` must bring the whole screen back, as with any full-screen program.
 */
import {expect} from 'vitest';
import type {TmuxSession} from './tmux.js';

/** The pane shows dask-top's frame (the demo's workers included). */
const drawn = (s: string) => s.includes('dask-top │') && s.includes('NAME') && /alpha/.test(s);

/**
 * Runs `command` (a shell command line starting dask-top --demo) in the pane's shell, presses Ctrl-Z,
 * checks the shell reads commands again, then `fg`, checks the frame is back, and quits with q.
 */
export async function expectCtrlZThenFg(t: TmuxSession, command: string, firstFrameMs = 30_000): Promise<void> {
	t.keys(command, 'Enter');
	await t.waitFor('the first frame', drawn, firstFrameMs);
	t.keys('C-z');
	await t.waitFor('the job stopped', (s) => /Stopped/.test(s) && !s.includes('dask-top │'));
	// The shell reads what is typed now: a stopped dask-top under a running parent would leave the
	// terminal to that parent, and nothing typed would reach the shell.
	t.keys('echo SHELL-IS-BACK', 'Enter');
	await t.waitFor('the shell answering', (s) => /^SHELL-IS-BACK$/m.test(s));
	t.keys('fg; echo FG=$?', 'Enter');
	const back = await t.waitFor('the frame after fg', (s) => drawn(s) && s.includes('q quit'));
	expect(back.split('\n').filter((line) => line.startsWith('dask-top │'))).toHaveLength(1);
	t.keys('q');
	const after = await t.waitFor('the shell after q', (s) => /^FG=\d+/m.test(s));
	expect(after).toMatch(/^FG=0$/m);
}
