/**
 * The cell diff runs once a frame for the life of the process, so V8 optimizes it, once. Its
 * optimized code must not be thrown away when a row gets longer or shorter: a read past a row's end
 * (a string's charCodeAt or a pen past the array) did that, and at 3 workers it was compiled again,
 * about 16 ms each time, three times in its first five minutes (`--trace-deopt`: "out of bounds").
 * Read with V8's natives syntax in a child node, as test/tiering.test.ts does.
 */
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {describe, expect, it} from 'vitest';
import {runNatives, TURBOFANNED} from '../helpers/v8-natives.js';

const MODULE = pathToFileURL(join(import.meta.dirname, '../../source/terminal/screen-diff.ts')).href;

/** Frame `n` of 6 rows: the figures move every frame; `long` rows have other lengths than the rest. */
const FRAMES = `
const sgr = (code, text) => '\\u001B[' + code + 'm' + text + '\\u001B[39m';
const frame = (n, long) => Array.from({length: 6}, (_, r) => {
	const width = long ? 10 + ((r * 7 + n) % 30) : 20;
	const digits = String(n * 31 + r).padStart(4, '0');
	return (sgr(31, digits) + ' ' + '\\u2588'.repeat(width)).slice(0, 60);
}).join('\\n');
`;

/**
 * The status of the screen's update() once optimized on frames whose rows change length now and
 * then, and after 40 more such frames. Compiled on the main thread (no concurrent job to race).
 */
function statusAround(): {readonly before: number; readonly after: number} {
	const stdout = runNatives(
		[
			`const {createScreen} = await import(${JSON.stringify(MODULE)});`,
			FRAMES,
			'const screen = createScreen(() => ({columns: 60, rows: 6}));',
			'const update = screen.update;',
			'%PrepareFunctionForOptimization(update);',
			'for (let n = 0; n < 40; n++) screen.update(frame(n, n % 3 === 0));',
			'%OptimizeFunctionOnNextCall(update);',
			'screen.update(frame(40, false));',
			'const before = %GetOptimizationStatus(update);',
			'for (let n = 41; n < 80; n++) screen.update(frame(n, n % 3 === 0));',
			'console.log(JSON.stringify({before, after: %GetOptimizationStatus(update)}));',
		],
		['--no-concurrent-recompilation', '--import', 'tsx', '--input-type=module'],
	);
	return JSON.parse(stdout) as {before: number; after: number};
}

describe('the cell diff under V8', () => {
	it('keeps its optimized code when rows grow and shrink', () => {
		const {before, after} = statusAround();
		expect(before & TURBOFANNED, 'optimized').toBe(TURBOFANNED);
		expect(after & TURBOFANNED, 'still optimized 40 frames later').toBe(TURBOFANNED);
	});
});
