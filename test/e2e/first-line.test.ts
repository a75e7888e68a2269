/**
 * The BUILT bundle runs by its first line, as an installed `dask-top` does, and that line carries
 * the V8 settings of scripts/v8-flags.mjs: node accepts every one of them (node stops at an
 * unknown or malformed flag with 'bad option', before dask-top could answer).
 */
import {execFileSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
// @ts-expect-error: a plain .mjs build script without type declarations
import {V8_FLAGS} from '../../scripts/v8-flags.mjs';
import {CLI_PATH} from './helpers/cli.js';

describe("the bundle's first line", () => {
	it('passes the V8 settings, and node runs the bundle by it', () => {
		const first = readFileSync(CLI_PATH, 'utf8').split('\n')[0];
		expect(first).toBe(`#!/usr/bin/env -S node ${(V8_FLAGS as string[]).join(' ')}`);
		expect(execFileSync(CLI_PATH, ['--version'], {encoding: 'utf8'})).toMatch(/^\d+\.\d+\.\d+\n$/);
	});
});
