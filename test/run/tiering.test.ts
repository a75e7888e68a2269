import {spawnSync} from 'node:child_process';
import {describe, expect, it} from 'vitest';
// @ts-expect-error: a plain .mjs build script without type declarations
import {V8_FLAGS} from '../../scripts/v8-flags.mjs';
import {TIER_UP_FLAG, tieringFlags, V8_13_TIER_FLAGS} from '../../source/run/tiering.js';
import {OPTIMIZED, runNatives} from '../helpers/v8-natives.js';

const setAtRunTime = (flags: readonly string[]) =>
	flags.map((flag) => `require('node:v8').setFlagsFromString(${JSON.stringify(flag)});`).join('');
const LET_COMPILES_LAND = 'const until = Date.now() + 300; while (Date.now() < until) {}';
const LIFTOFF_ONLY = '--liftoff-only';

/** A small function called 1,000 times, the flags set at run time first or not: was it optimized? */
function optimizedAfter1000Calls(flags: readonly string[]): boolean {
	return (
		runNatives([
			setAtRunTime(flags),
			'function f(a) { let s = 0; for (let i = 0; i < 20; i++) s += a * i; return s; }',
			'let x = 0;',
			'for (let i = 0; i < 1000; i++) x += f(i);',
			LET_COMPILES_LAND,
			'for (let i = 0; i < 10; i++) x += f(i);',
			`console.log((%GetOptimizationStatus(f) & ${OPTIMIZED}) !== 0);`,
		]) === 'true'
	);
}

/**
 * A wasm function (i32 -> i32 + 1) called 2 million times, under `lineFlags` on the command line and
 * `runTimeFlags` set at run time: its tier.
 */
function wasmTierAfterManyCalls(lineFlags: readonly string[], runTimeFlags: readonly string[] = []): string {
	const module = [0, 97, 115, 109, 1, 0, 0, 0, 1, 6, 1, 96, 1, 127, 1, 127, 3, 2, 1, 0, 7, 5, 1, 1, 102, 0, 0];
	const code = [10, 9, 1, 7, 0, 32, 0, 65, 1, 106, 11];
	return runNatives(
		[
			setAtRunTime(runTimeFlags),
			`const bytes = new Uint8Array(${JSON.stringify([...module, ...code])});`,
			'const {f} = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports;',
			'let x = 0;',
			'for (let i = 0; i < 2e6; i++) x = f(x);',
			LET_COMPILES_LAND,
			'for (let i = 0; i < 10; i++) x = f(x);',
			"console.log(%IsTurboFanFunction(f) ? 'turbofan' : %IsLiftoffFunction(f) ? 'liftoff' : 'other');",
		],
		lineFlags,
	);
}

describe("V8's tiering, set at run time", () => {
	it('is set for the V8s it was measured on: 11 (Node 20) and 13 (Node 24), each its own flags', () => {
		expect(tieringFlags('11.3.244.8-node.38')).toEqual([TIER_UP_FLAG]);
		expect(tieringFlags('13.6.233.17-node.36')).toEqual(V8_13_TIER_FLAGS);
		expect(tieringFlags('12.4.254.21-node.33')).toEqual([]);
		expect(tieringFlags('14.1.146.11-node.20')).toEqual([]);
	});

	it('acts at run time as on the command line, on the V8 it is set for, and node says nothing', () => {
		const flags = tieringFlags(process.versions.v8);
		if (flags.length === 0) {
			// A V8 without flags of its own: nothing is set, so node has nothing to refuse or warn about.
			expect(spawnSync(process.execPath, ['-e', '0'], {encoding: 'utf8'}).stderr).toBe('');
			return;
		}
		// runNatives holds stderr empty: no 'unrecognized flag' from the running V8.
		expect(optimizedAfter1000Calls([]), 'optimized at V8’s default tier-up').toBe(true);
		expect(optimizedAfter1000Calls(flags), 'still baseline code under the tier-up flags').toBe(false);
	});
});

describe('WebAssembly in Liftoff only, from the first line', () => {
	it('is among the V8 settings the bundle and the single executable pass', () => {
		expect(V8_FLAGS).toContain(LIFTOFF_ONLY);
	});

	it('keeps wasm in Liftoff under those settings on the command line; at run time V8 13 ignores it', () => {
		expect(wasmTierAfterManyCalls([]), 'wasm tiered up to TurboFan by default').toBe('turbofan');
		expect(wasmTierAfterManyCalls(V8_FLAGS), 'wasm kept in Liftoff').toBe('liftoff');
		// Why it is on the line: set at run time, V8 11 heeds it and V8 13 (Node 24) does not.
		const atRunTime = wasmTierAfterManyCalls([], [LIFTOFF_ONLY]);
		expect(atRunTime).toBe(process.versions.v8.startsWith('11.') ? 'liftoff' : 'turbofan');
	});
});
