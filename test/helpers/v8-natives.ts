/**
 * V8's natives syntax in a child node, to read what tier a function runs in (%GetOptimizationStatus)
 * or to ask for one (%OptimizeFunctionOnNextCall): the tests that hold dask-top to V8's behaviour.
 */
import {spawnSync} from 'node:child_process';
import {expect} from 'vitest';

/** V8's kOptimized bit of %GetOptimizationStatus: Maglev's or TurboFan's code (V8 11 and 13 alike). */
export const OPTIMIZED = 16;

/** V8's kTurboFanned bit of %GetOptimizationStatus (V8 11 and 13 alike). */
export const TURBOFANNED = 64;

/**
 * Runs `lines` as `-e` code in a child node with natives syntax and `flags`; its stdout, trimmed
 * (its stderr must stay empty).
 */
export function runNatives(lines: readonly string[], flags: readonly string[] = []): string {
	const child = spawnSync(process.execPath, ['--allow-natives-syntax', ...flags, '-e', lines.join('\n')], {
		encoding: 'utf8',
	});
	expect(child.stderr).toBe('');
	return child.stdout.trim();
}
