import {spawnSync} from 'node:child_process';
import {describe, expect, it} from 'vitest';
import {TIER_UP_FLAG, tierUpFlag} from '../source/tiering.js';

/**
 * A child node (with V8's natives syntax, to read a function's tier) calls a small function 1,000
 * times, the flag set at run time first or not, and says whether TurboFan optimized it.
 */
function optimizedAfter1000Calls(setFlag: boolean): boolean {
	const script = [
		setFlag ? `require('node:v8').setFlagsFromString(${JSON.stringify(TIER_UP_FLAG)});` : '',
		'function f(a) { let s = 0; for (let i = 0; i < 20; i++) s += a * i; return s; }',
		'let x = 0;',
		'for (let i = 0; i < 1000; i++) x += f(i);',
		'const until = Date.now() + 300; while (Date.now() < until) {}', // a concurrent compile lands
		'for (let i = 0; i < 10; i++) x += f(i);',
		'console.log((%GetOptimizationStatus(f) & 64) !== 0);', // V8's kTurboFanned bit
	].join('\n');
	const child = spawnSync(process.execPath, ['--allow-natives-syntax', '-e', script], {encoding: 'utf8'});
	expect(child.stderr).toBe('');
	return child.stdout.trim() === 'true';
}

describe("V8's tier-up budget, set at run time", () => {
	it('is set for V8 11 (Node 20) only: newer V8s have no such flag', () => {
		expect(tierUpFlag('11.3.244.8-node.38')).toBe(TIER_UP_FLAG);
		expect(tierUpFlag('13.6.233.17-node.36')).toBeUndefined();
		expect(tierUpFlag('12.4.254.21-node.33')).toBeUndefined();
	});

	it('acts at run time as on the command line, on the V8 it is set for', () => {
		if (tierUpFlag(process.versions.v8) === undefined) {
			// Node 24's lane: nothing is set, so node has nothing to refuse or warn about.
			expect(spawnSync(process.execPath, ['-e', '0'], {encoding: 'utf8'}).stderr).toBe('');
			return;
		}
		expect(optimizedAfter1000Calls(false), 'optimized at V8’s default budget').toBe(true);
		expect(optimizedAfter1000Calls(true), 'still baseline code under 16 times the budget').toBe(false);
	});
});
