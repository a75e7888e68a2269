/**
 * `npm start`, the README's first command, in a real terminal (tmux): npm and its shell stay
 * between the user's shell and dask-top, so Ctrl-Z must stop the whole job (the process group),
 * not dask-top alone, or the terminal is left to a running npm and `fg` goes nowhere. Also the
 * bundle run by its first line and by `node dist/dask-top.cjs`, as the README's other commands do.
 */
import {describe, it} from 'vitest';
import {CLI_PATH} from './helpers/cli.js';
import {REPO_ROOT} from './helpers/python.js';
import {expectCtrlZThenFg} from './helpers/suspend.js';
import {tmuxForBlock} from './helpers/tmux-block.js';

describe('Ctrl-Z then fg, in tmux', () => {
	const terminal = tmuxForBlock({name: 'dask-top-npm-start', width: 120, height: 40});

	it('under npm start: the shell gets its prompt back, and fg brings the screen back', async () => {
		// The build is fresh (npm run build before the e2e run): npm start's --if-stale builds nothing.
		await expectCtrlZThenFg(terminal, `cd '${REPO_ROOT}' && npm start -- --demo`);
	}, 90_000);

	it('run by its first line', async () => {
		terminal.keys('clear', 'Enter');
		await expectCtrlZThenFg(terminal, `'${CLI_PATH}' --demo`);
	}, 90_000);

	it('run by node', async () => {
		terminal.keys('clear', 'Enter');
		await expectCtrlZThenFg(terminal, `node '${CLI_PATH}' --demo`);
	}, 90_000);
});
