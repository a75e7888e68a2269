/**
 * The BUILT CLI (dist/dask-top.cjs) in a pseudo-terminal: `script` (util-linux) gives it a real
 * TTY of the asked size, so it draws its full screen as it would for a user (CI=true is set, as
 * the project's CI does; the CLI clears it before Ink loads). Output is kept with its escape codes
 * removed, so a test can wait for text to appear on screen.
 */
import {spawn, type ChildProcessWithoutNullStreams} from 'node:child_process';
import {join} from 'node:path';
import {ScreenModel} from './screen.js';

/** The built CLI; BENCH_CLI points at a copy (a long run must not see a rebuild of dist/). */
export const CLI = process.env['BENCH_CLI'] ?? join(process.cwd(), 'dist', 'dask-top');

function quote(arg: string): string {
	return `'${arg.replaceAll("'", "'\\''")}'`;
}

export function plainText(output: string): string {
	return output.replace(/\u001B\[[0-9;?]*[A-Za-z]/g, '');
}

export interface PtyRun {
	readonly child: ChildProcessWithoutNullStreams;
	readonly startMs: number;
	/** Everything written so far, escape codes removed. */
	text(): string;
	/** Bytes the program wrote to its terminal so far (what an SSH link would carry). */
	bytes(): number;
	/** Resolves with ms since the run started when `check(text written since `fromChars`)` holds. */
	waitFor(what: string, check: (text: string) => boolean, timeoutMs?: number, fromChars?: number): Promise<number>;
	/** The same, checked against what the terminal shows now (cells the program changed, not the stream). */
	waitForScreen(what: string, check: (screen: string) => boolean, timeoutMs?: number): Promise<number>;
	type(keys: string): void;
	/** Quits with `q`, then SIGTERM if it lingers; resolves when `script` has exited. */
	stop(): Promise<void>;
}

export interface PtyOptions {
	readonly columns?: number;
	readonly rows?: number;
	readonly env?: NodeJS.ProcessEnv;
	/** The command to run: the launcher, dist/dask-top (default), or a bundle (`X.cjs`) with nodeFlags. */
	readonly cli?: string;
	/** Flags for node before the bundle (V8 heap settings under test). */
	readonly nodeFlags?: readonly string[];
	/** What to run instead of the bundle (the single executable: its path). */
	readonly program?: readonly string[];
}

/** Starts `dist/dask-top.cjs ...args` (`exec`ed by the shell: the node process is script's child). */
export function startInPty(
	args: readonly string[],
	{cli = CLI, nodeFlags = [], program, ...options}: PtyOptions = {},
): PtyRun {
	if (program !== undefined) return startProgramInPty([...program, ...args], options);
	// Without flags the launcher runs node with the V8 settings, as an installed `dask-top` does; with
	// them, node runs the bundle beside the launcher (dist/dask-top.cjs) under these flags alone.
	const bundle = cli.endsWith('.cjs') ? cli : `${cli}.cjs`;
	return startProgramInPty(nodeFlags.length > 0 ? ['node', ...nodeFlags, bundle, ...args] : [cli, ...args], options);
}

/** Starts any program (`exec`ed by the shell: its process is script's child) in the pseudo-terminal. */
export function startProgramInPty(
	argv: readonly string[],
	{columns = 120, rows = 40, env = {}}: PtyOptions = {},
): PtyRun {
	const command = `stty cols ${columns} rows ${rows}; exec ${argv.map(quote).join(' ')}`;
	const fullEnv: NodeJS.ProcessEnv = {...process.env, CI: 'true', ...env};
	delete fullEnv['NODE_ENV'];
	const startMs = performance.now();
	const child = spawn('script', ['-qfec', command, '/dev/null'], {env: fullEnv, stdio: ['pipe', 'pipe', 'pipe']});
	let plain = '';
	let raw = '';
	const screen = new ScreenModel(columns, rows);
	let bytes = 0;
	const waiters = new Set<() => void>();
	child.stdout.on('data', (chunk: Buffer) => {
		bytes += chunk.length;
		const text = chunk.toString('utf8');
		screen.write(text);
		raw += text;
		// Keep the unterminated tail of an escape sequence for the next chunk.
		const cut = raw.lastIndexOf('\u001B');
		const complete = cut !== -1 && !/[A-Za-z]/.test(raw.slice(cut + 2)) ? cut : raw.length;
		plain += plainText(raw.slice(0, complete));
		raw = raw.slice(complete);
		for (const waiter of [...waiters]) waiter();
	});
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	child.once('error', () => undefined);
	/** Resolves with ms since the start once `check(read())` holds, tested after every chunk of output. */
	function waitUntil(
		what: string,
		read: () => string,
		check: (text: string) => boolean,
		timeoutMs: number,
		shown: () => string,
	): Promise<number> {
		return new Promise((resolve, reject) => {
			const timer = setTimeout(() => {
				waiters.delete(test);
				reject(new Error(`no ${what} within ${timeoutMs / 1000} s; screen: ${shown()}`));
			}, timeoutMs);
			function test(): void {
				if (!check(read())) return;
				clearTimeout(timer);
				waiters.delete(test);
				resolve(performance.now() - startMs);
			}
			waiters.add(test);
			test();
		});
	}
	return {
		child,
		startMs,
		text: () => plain,
		bytes: () => bytes,
		waitFor(what, check, timeoutMs = 30_000, fromChars = 0) {
			return waitUntil(
				what,
				() => plain.slice(fromChars),
				check,
				timeoutMs,
				() => plain.slice(-400),
			);
		},
		waitForScreen(what, check, timeoutMs = 30_000) {
			return waitUntil(
				what,
				() => screen.text(),
				check,
				timeoutMs,
				() => screen.text(),
			);
		},
		type(keys) {
			child.stdin.write(keys);
		},
		async stop() {
			if (child.exitCode === null) {
				child.stdin.write('q');
				const timer = setTimeout(() => child.kill('SIGTERM'), 2000);
				await exited;
				clearTimeout(timer);
			}
		},
	};
}

/** The header and the worker table's heading are on screen: the first full frame. */
export function hasFirstFrame(text: string): boolean {
	return text.includes('dask-top │') && text.includes('NAME');
}
