/**
 * A real terminal for end-to-end tests: one tmux session on a private server (`tmux -L SOCKET`, a
 * socket name unique to this process), read back with `capture-pane -p`.
 */
import {execFileSync, spawnSync, type SpawnSyncReturns} from 'node:child_process';
import {setTimeout as sleep} from 'node:timers/promises';

export type TmuxOptions = {
	/** Prefix of the private server's socket name; the process id and a counter make it unique. */
	readonly name: string;
	readonly width?: number;
	readonly height?: number;
	/** What the pane runs; default a plain bash with the prompt `$ `. */
	readonly command?: string;
};

/** A bash without rc files and with a short prompt: the pane's shell when no command is given. */
export const PLAIN_SHELL = 'env PS1="$ " bash --norc --noprofile';

let sessions = 0;

export class TmuxSession {
	readonly socket: string;
	readonly session = 'e2e';
	readonly width: number;
	readonly height: number;
	readonly command: string;

	constructor(options: TmuxOptions) {
		sessions += 1;
		this.socket = `${options.name}-${process.pid}-${sessions}`;
		this.width = options.width ?? 120;
		this.height = options.height ?? 40;
		this.command = options.command ?? PLAIN_SHELL;
	}

	/** Starts the session (detached); returns tmux's exit status (0 when it started). */
	start(): number | null {
		return this.run(
			'new-session',
			'-d',
			'-s',
			this.session,
			'-x',
			String(this.width),
			'-y',
			String(this.height),
			this.command,
		).status;
	}

	/** Runs a tmux command on this server; throws with tmux's message when it fails. */
	tmux(...args: string[]): string {
		return execFileSync('tmux', ['-L', this.socket, ...args], {encoding: 'utf8'});
	}

	/** Runs a tmux command on this server and returns its result, failing or not. */
	run(...args: string[]): SpawnSyncReturns<string> {
		return spawnSync('tmux', ['-L', this.socket, ...args], {encoding: 'utf8'});
	}

	/** The pane's text now. */
	screen(): string {
		return this.tmux('capture-pane', '-p', '-t', this.session);
	}

	/** Polls the pane until `predicate` holds; fails with the last screen. */
	async waitFor(what: string, predicate: (text: string) => boolean, timeoutMs = 15_000): Promise<string> {
		const deadline = Date.now() + timeoutMs;
		let text = '';
		while (Date.now() < deadline) {
			text = this.screen();
			if (predicate(text)) return text;
			await sleep(100);
		}
		throw new Error(`timed out waiting for ${what}; the screen was:\n${text}`);
	}

	/** Sends keys (tmux key names or literal text) to the pane. */
	keys(...names: string[]): void {
		this.tmux('send-keys', '-t', this.session, ...names);
	}

	resize(width: number, height: number): void {
		this.tmux('resize-window', '-t', this.session, '-x', String(width), '-y', String(height));
	}

	/** The process the pane runs (its shell or command). */
	panePid(): number {
		return Number(this.tmux('display-message', '-p', '-t', this.session, '#{pane_pid}').trim());
	}

	/** The pid of the program the pane's shell runs (its first child); throws when the shell is idle. */
	childPid(): number {
		const out = execFileSync('pgrep', ['-P', String(this.panePid())], {encoding: 'utf8'});
		return Number(out.trim().split('\n')[0]);
	}

	/** Whether the session still exists (it ends when the pane's command exits). */
	alive(): boolean {
		return this.run('has-session', '-t', this.session).status === 0;
	}

	/** Stops the private server; a server already gone is fine. */
	kill(): void {
		this.run('kill-server');
	}
}
