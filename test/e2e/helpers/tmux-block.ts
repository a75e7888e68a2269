/** A tmux session that lives as long as the enclosing describe block (or test file, at its top level). */
import {afterAll, beforeAll} from 'vitest';
import {TmuxSession, type TmuxOptions} from './tmux.js';

/** The session is started in beforeAll (failing the block when tmux cannot start) and killed in afterAll. */
export function tmuxForBlock(options: TmuxOptions): TmuxSession {
	const terminal = new TmuxSession(options);
	beforeAll(() => {
		if (terminal.start() !== 0) throw new Error(`tmux could not start a session on socket ${terminal.socket}`);
	});
	afterAll(() => {
		terminal.kill();
	});
	return terminal;
}
