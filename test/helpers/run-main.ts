/**
 * Runs launch code in-process (the CLI's main(), or one of source/run/'s pieces) and collects what
 * it wrote to stdout and stderr.
 */
import {createServer} from 'node:net';
import {vi} from 'vitest';
import {parseArgv} from '../../source/options/flags.js';
import {resolveOptions, type Options} from '../../source/options/resolve.js';
import {main} from '../../source/run/main.js';

export interface Captured<T> {
	readonly result: T;
	readonly stdout: string;
	readonly stderr: string;
}

/** Runs `run` with process.stdout and process.stderr captured. */
export async function captureOutput<T>(run: () => Promise<T>): Promise<Captured<T>> {
	let stdout = '';
	let stderr = '';
	const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
		stdout += String(chunk);
		return true;
	});
	const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
		stderr += String(chunk);
		return true;
	});
	try {
		const result = await run();
		return {result, stdout, stderr};
	} finally {
		out.mockRestore();
		err.mockRestore();
	}
}

export async function runMain(argv: string[]): Promise<{code: number; stdout: string; stderr: string}> {
	const {result, stdout, stderr} = await captureOutput(() => main(argv));
	return {code: result, stdout, stderr};
}

/** The Options main would resolve from these arguments (no config file, empty environment, stdout not a terminal). */
export function optionsFor(args: string[]): Options {
	const parsed = parseArgv(args, import.meta);
	if (!parsed.ok) throw new Error(parsed.error);
	const resolved = resolveOptions({argv: parsed.argv, env: {}, stdoutIsTTY: false});
	if (!resolved.ok) throw new Error(resolved.error);
	return resolved.options;
}

/** A loopback URL nobody listens on: a port just bound and released. */
export async function deadUrl(): Promise<string> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const {port} = server.address() as {port: number};
	await new Promise((resolve) => server.close(resolve));
	return `http://127.0.0.1:${port}`;
}
