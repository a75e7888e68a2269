/**
 * Process groups of the harness: every Dask process is spawned as the leader of its own group, so a
 * nanny and the worker it spawns die together. Groups still alive when this Node process exits are
 * SIGKILLed by an 'exit' hook; the Dask processes also watch this PID themselves (cluster/owner_watch.py).
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {closeSync, openSync, readdirSync, readFileSync} from 'node:fs';
import {setTimeout as sleep} from 'node:timers/promises';

const liveGroups = new Set<number>();
let exitHookInstalled = false;

function installExitHook(): void {
	if (exitHookInstalled) return;
	exitHookInstalled = true;
	process.on('exit', () => {
		for (const group of liveGroups) signalGroup(group, 'SIGKILL');
	});
}

function signalGroup(group: number, signal: NodeJS.Signals): void {
	try {
		process.kill(-group, signal);
	} catch {
		// ESRCH: the group is already gone.
	}
}

export interface GroupProcess {
	readonly pid: number;
	readonly child: ChildProcess;
	readonly logPath: string;
	/** Set once the group leader has exited. */
	exit?: {readonly code: number | null; readonly signal: NodeJS.Signals | null};
}

export interface SpawnGroupOptions {
	readonly env: NodeJS.ProcessEnv;
	/** stdout and stderr both go to this file (appended). */
	readonly logPath: string;
	readonly cwd?: string;
	/** 'pipe' keeps a writable stdin for the caller; 'ignore' gives /dev/null. */
	readonly stdin?: 'pipe' | 'ignore';
	/** Also pipe stdout to the caller instead of the log file. */
	readonly pipeStdout?: boolean;
}

/** Spawns a command as the leader of a new process group; the group is killed at exit if still alive. */
export function spawnGroup(command: string, args: readonly string[], options: SpawnGroupOptions): GroupProcess {
	installExitHook();
	const log = openSync(options.logPath, 'a');
	let child: ChildProcess;
	try {
		child = spawn(command, args, {
			cwd: options.cwd,
			env: options.env,
			detached: true,
			stdio: [options.stdin ?? 'ignore', options.pipeStdout ? 'pipe' : log, log],
		});
	} finally {
		closeSync(log);
	}
	if (child.pid === undefined) throw new Error(`could not start ${command} ${args.join(' ')}`);
	const group: GroupProcess = {pid: child.pid, child, logPath: options.logPath};
	liveGroups.add(child.pid);
	child.on('exit', (code, signal) => {
		group.exit = {code, signal};
	});
	child.unref();
	return group;
}

export interface ProcessEntry {
	readonly pid: number;
	readonly ppid: number;
	readonly pgid: number;
	readonly state: string;
}

/** One process from /proc/PID/stat, or undefined when it does not exist (any more). */
export function readProcess(pid: number): ProcessEntry | undefined {
	let stat: string;
	try {
		stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
	} catch {
		return undefined;
	}
	// "pid (comm) state ppid pgrp …": comm may hold spaces and parentheses, so split after the last ')'.
	const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
	return {pid, state: fields[0] ?? '?', ppid: Number(fields[1]), pgid: Number(fields[2])};
}

/** True when the PID runs (zombies, which only wait to be reaped, count as gone). */
export function isAlive(pid: number): boolean {
	const entry = readProcess(pid);
	return entry !== undefined && entry.state !== 'Z';
}

/** Living (non-zombie) processes whose process group is one of these. */
export function processesInGroups(groups: readonly number[]): ProcessEntry[] {
	const wanted = new Set(groups);
	const found: ProcessEntry[] = [];
	for (const name of readdirSync('/proc')) {
		if (!/^\d+$/.test(name)) continue;
		const entry = readProcess(Number(name));
		if (entry && entry.state !== 'Z' && wanted.has(entry.pgid)) found.push(entry);
	}
	return found;
}

export function commandLine(pid: number): string {
	try {
		return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
	} catch {
		return '';
	}
}

async function waitUntilGone(groups: readonly number[], timeoutMs: number): Promise<boolean> {
	const deadline = Date.now() + timeoutMs;
	while (processesInGroups(groups).length > 0) {
		if (Date.now() > deadline) return false;
		await sleep(50);
	}
	return true;
}

/** SIGTERM to every group, SIGKILL to what is left after graceMs; resolves when none of them runs. */
export async function killGroups(groups: readonly number[], graceMs = 3000): Promise<void> {
	for (const group of groups) signalGroup(group, 'SIGTERM');
	if (!(await waitUntilGone(groups, graceMs))) {
		for (const group of groups) signalGroup(group, 'SIGKILL');
		if (!(await waitUntilGone(groups, 5000))) {
			const left = processesInGroups(groups).map((entry) => `${entry.pid} ${commandLine(entry.pid)}`);
			throw new Error(`processes survived SIGKILL:\n${left.join('\n')}`);
		}
	}
	for (const group of groups) liveGroups.delete(group);
}
