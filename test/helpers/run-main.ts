/** Runs the CLI's main() in-process and collects what it wrote to stdout and stderr. */
import {vi} from 'vitest';
import {main} from '../../source/run/main.js';

export async function runMain(argv: string[]): Promise<{code: number; stdout: string; stderr: string}> {
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
		return {code: await main(argv), stdout, stderr};
	} finally {
		out.mockRestore();
		err.mockRestore();
	}
}
