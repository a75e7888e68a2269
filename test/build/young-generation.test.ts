/**
 * Why the bundle's first line carries --predictable (scripts/v8-flags.mjs): at a monitor's rate of
 * allocation (under 1,000 bytes a millisecond), V8 gives the young generation's free half back to
 * the system after every scavenge, and every page of it is faulted in again on the next cycle; in
 * predictable mode it keeps both halves. Shown on the node running the tests (Node 20 and the
 * Node 24 lane), under the first line's flags with the semi-spaces at 1 MiB instead of 8 so that
 * scavenges come every second or so, against the same flags without --predictable.
 */
import {execFile} from 'node:child_process';
import {promisify} from 'node:util';
import {describe, expect, it} from 'vitest';
// @ts-expect-error: a plain .mjs build script without type declarations
import {V8_FLAGS} from '../../scripts/v8-flags.mjs';

const run = promisify(execFile);

// About 40 KB of short-lived objects every 50 ms (about 800 bytes a millisecond) for 5 s; prints
// the young generation's committed size in KiB after each step.
const ALLOCATE_SLOWLY = `
const v8 = require('node:v8');
let keep = [];
const sizes = [];
const timer = setInterval(() => {
	for (let i = 0; i < 500; i++) keep.push({a: i, b: 'x' + i});
	keep = keep.slice(-100);
	sizes.push(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size >> 10);
	if (sizes.length === 100) {
		clearInterval(timer);
		console.log(JSON.stringify(sizes));
	}
}, 50);
`;

const shipped = (V8_FLAGS as string[]).filter((flag) => !flag.includes('semi-space-size'));
const smallSemiSpaces = ['--min-semi-space-size=1', '--max-semi-space-size=1'];

async function committedSizes(flags: readonly string[]): Promise<number[]> {
	const {stdout} = await run(process.execPath, [...flags, ...smallSemiSpaces, '-e', ALLOCATE_SLOWLY]);
	return JSON.parse(stdout) as number[];
}

/** Steps, after the young generation first had both halves committed, at which it had one again. */
function halvedAfterFull(sizes: readonly number[]): number {
	const full = sizes.indexOf(2048);
	expect(full).toBeGreaterThanOrEqual(0);
	return sizes.slice(full).filter((kib) => kib < 2048).length;
}

describe("the first line's V8 settings", () => {
	it('keep both halves of the young generation committed at a monitor’s rate of allocation', async () => {
		expect(shipped).toContain('--predictable');
		const [withFlags, without] = await Promise.all([
			committedSizes(shipped),
			committedSizes(shipped.filter((flag) => flag !== '--predictable')),
		]);
		expect(halvedAfterFull(withFlags)).toBe(0);
		// The behaviour the flag is there for: without it, V8 gave the free half back.
		expect(halvedAfterFull(without)).toBeGreaterThan(0);
	}, 30_000);
});
