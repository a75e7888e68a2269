/**
 * The runs that last (the screen, --record without a terminal, --watch) start under dask-top's V8
 * settings (scripts/v8-flags.mjs: heap sizes, one V8 worker thread, --predictable, Liftoff-only
 * WebAssembly; docs/performance-log.md says what each saves). Node takes them only as it starts:
 * the heap is sized when V8 creates it (v8.setFlagsFromString afterwards changes neither its limit
 * nor its young generation) and node reads --v8-pool-size before any script runs. The bundle's
 * first line is a plain `#!/usr/bin/env node` (flags there need `env -S`, which BusyBox and older
 * coreutils lack), so a node started with no options of its own (the installed command,
 * `node dist/dask-top.cjs`, `npm start`) runs the same command line again in a child node started
 * with the settings, once the options are known to be good, and waits for it:
 *
 * - the child shares the terminal and the process group: keys, the screen, Ctrl-Z (which stops the
 *   whole group: ui/input/suspend.ts) and `fg` work as with one process;
 * - signals sent to this process alone (kill PID, a service manager) are passed on; the child's
 *   handlers take a repeat (the same signal sent to the whole group) as they take the first;
 * - the child's exit is this process's: its code, or death by the same signal;
 * - if this process is killed outright (SIGKILL), the child sees its pipe close and ends as on SIGTERM.
 *
 * A node given options of its own (`node --cpu-prof dist/dask-top.cjs`, a preload) runs dask-top as
 * it was started; the single executable carries the settings itself (scripts/build-binary.mjs); a
 * run from source has none baked in (options/baked.ts).
 */

/** Names the child's end of the pipe to the launcher (a file descriptor), in the child's environment. */
const LAUNCHER_FD = 'DASK_TOP_LAUNCHER_FD';

export interface RelaunchInput {
	/** The baked V8 settings; undefined when running from source. */
	readonly v8Flags: readonly string[] | undefined;
	/** The options node was started with (process.execArgv). */
	readonly execArgv: readonly string[];
	readonly execPath: string;
	/** The script node runs (process.argv[1]). */
	readonly script: string | undefined;
	/** dask-top's own arguments. */
	readonly argv: readonly string[];
	readonly singleExecutable: boolean;
}

export interface RelaunchPlan {
	readonly command: string;
	readonly args: readonly string[];
}

/** The child to start, or undefined when this process is to run dask-top itself. Pure. */
export function relaunchPlan(input: RelaunchInput): RelaunchPlan | undefined {
	const {v8Flags, execArgv, execPath, script, argv, singleExecutable} = input;
	if (singleExecutable || v8Flags === undefined || v8Flags.length === 0) return undefined;
	if (execArgv.length > 0 || script === undefined || script === '') return undefined;
	return {command: execPath, args: [...v8Flags, script, ...argv]};
}

/** Signals passed on to the child: what reaches a process by its pid (kill, a service manager, a test). */
const PASSED_ON = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT', 'SIGUSR1', 'SIGUSR2'] as const;
/** A child ended by one of these ends this process the same way; by another, exit 128 + its number. */
const MIRRORED: ReadonlySet<string> = new Set(['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGKILL']);

/** Runs the plan's child on this terminal and resolves with the exit code that is this process's. */
export async function relaunch(plan: RelaunchPlan): Promise<number> {
	const [{spawn}, {constants}] = await Promise.all([import('node:child_process'), import('node:os')]);
	return new Promise<number>((resolve) => {
		const child = spawn(plan.command, [...plan.args], {
			stdio: ['inherit', 'inherit', 'inherit', 'pipe'],
			env: {...process.env, [LAUNCHER_FD]: '3'},
		});
		const pass = (signal: NodeJS.Signals) => {
			child.kill(signal);
		};
		for (const signal of PASSED_ON) process.on(signal, pass);
		const done = (code: number) => {
			for (const signal of PASSED_ON) process.off(signal, pass);
			resolve(code);
		};
		child.once('error', (error) => {
			process.stderr.write(`dask-top: cannot start ${plan.command}: ${error.message}\n`);
			done(1);
		});
		child.once('exit', (code, signal) => {
			if (signal === null) return done(code ?? 1);
			for (const name of PASSED_ON) process.off(name, pass);
			// No listener is left for it: the default action ends this process as it ended the child.
			if (MIRRORED.has(signal)) process.kill(process.pid, signal);
			resolve(128 + (constants.signals[signal] ?? 0));
		});
	});
}

/**
 * In a child started by relaunch(): when the launcher goes away without passing a signal on
 * (killed outright), this process ends as on SIGTERM, leaving the terminal as it found it. Nothing
 * to do in any other process. The pipe is only read for its end: no timer, nothing per poll.
 */
export async function watchLauncher(env: NodeJS.ProcessEnv = process.env): Promise<void> {
	const fd = Number(env[LAUNCHER_FD]);
	delete env[LAUNCHER_FD];
	if (!Number.isInteger(fd) || fd < 3) return;
	const {Socket} = await import('node:net');
	let pipe: InstanceType<typeof Socket>;
	try {
		pipe = new Socket({fd, readable: true, writable: false});
	} catch {
		return; // not a pipe after all: nothing to watch
	}
	pipe.on('error', () => undefined);
	pipe.once('close', () => process.kill(process.pid, 'SIGTERM'));
	pipe.resume();
	pipe.unref();
}
