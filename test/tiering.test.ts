import {spawnSync} from 'node:child_process';
import {describe, expect, it} from 'vitest';
import {TIER_UP_FLAG, tieringFlags, WASM_FLAG} from '../source/tiering.js';
import {runNatives, TURBOFANNED} from './helpers/v8-natives.js';

const setAtRunTime = (flag: string) => `require('node:v8').setFlagsFromString(${JSON.stringify(flag)});`;
const LET_COMPILES_LAND = 'const until = Date.now() + 300; while (Date.now() < until) {}';

/** A small function called 1,000 times, the flag set at run time first or not: did TurboFan optimize it? */
function optimizedAfter1000Calls(setFlag: boolean): boolean {
	return (
		runNatives([
			setFlag ? setAtRunTime(TIER_UP_FLAG) : '',
			'function f(a) { let s = 0; for (let i = 0; i < 20; i++) s += a * i; return s; }',
			'let x = 0;',
			'for (let i = 0; i < 1000; i++) x += f(i);',
			LET_COMPILES_LAND,
			'for (let i = 0; i < 10; i++) x += f(i);',
			`console.log((%GetOptimizationStatus(f) & ${TURBOFANNED}) !== 0);`,
		]) === 'true'
	);
}

/** A wasm function (i32 -> i32 + 1) called 2 million times, the flag set or not: its tier. */
function wasmTierAfterManyCalls(setFlag: boolean): string {
	const module = [0, 97, 115, 109, 1, 0, 0, 0, 1, 6, 1, 96, 1, 127, 1, 127, 3, 2, 1, 0, 7, 5, 1, 1, 102, 0, 0];
	const code = [10, 9, 1, 7, 0, 32, 0, 65, 1, 106, 11];
	return runNatives([
		setFlag ? setAtRunTime(WASM_FLAG) : '',
		`const bytes = new Uint8Array(${JSON.stringify([...module, ...code])});`,
		'const {f} = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports;',
		'let x = 0;',
		'for (let i = 0; i < 2e6; i++) x = f(x);',
		LET_COMPILES_LAND,
		'for (let i = 0; i < 10; i++) x = f(x);',
		"console.log(%IsTurboFanFunction(f) ? 'turbofan' : %IsLiftoffFunction(f) ? 'liftoff' : 'other');",
	]);
}

describe("V8's tiering, set at run time", () => {
	it('is set for V8 11 (Node 20) only: newer V8s have no budget flag of that name', () => {
		expect(tieringFlags('11.3.244.8-node.38')).toEqual([TIER_UP_FLAG, WASM_FLAG]);
		expect(tieringFlags('13.6.233.17-node.36')).toEqual([]);
		expect(tieringFlags('12.4.254.21-node.33')).toEqual([]);
	});

	it('acts at run time as on the command line, on the V8 it is set for', () => {
		if (tieringFlags(process.versions.v8).length === 0) {
			// Node 24's lane: nothing is set, so node has nothing to refuse or warn about.
			expect(spawnSync(process.execPath, ['-e', '0'], {encoding: 'utf8'}).stderr).toBe('');
			return;
		}
		expect(optimizedAfter1000Calls(false), 'optimized at V8’s default budget').toBe(true);
		expect(optimizedAfter1000Calls(true), 'still baseline code under 16 times the budget').toBe(false);
		expect(wasmTierAfterManyCalls(false), 'wasm tiered up to TurboFan by default').toBe('turbofan');
		expect(wasmTierAfterManyCalls(true), 'wasm kept in Liftoff').toBe('liftoff');
	});
});
