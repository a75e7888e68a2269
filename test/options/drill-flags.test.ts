/** --stacks, --worker, --errors and --logs: what they ask, and the one line for what cannot go together. */
import {describe, expect, it} from 'vitest';
import {parseArgv} from '../../source/options/flags.js';
import {error, ok, resolveArgs} from '../helpers/options.js';

const URL = 'http://127.0.0.1:8787';

describe('the drill-down flags', () => {
	it('reads --stacks (narrowed by repeated --worker), --errors and --logs WORKER, each printing once', () => {
		expect(ok(resolveArgs([URL], {drill: {stacks: true}}))).toMatchObject({
			drill: {kind: 'stacks', workers: []},
			once: true,
		});
		expect(ok(resolveArgs([URL], {drill: {stacks: true, worker: ['alpha', 'tcp://10.0.0.2:4000']}})).drill).toEqual({
			kind: 'stacks',
			workers: ['alpha', 'tcp://10.0.0.2:4000'],
		});
		expect(ok(resolveArgs([URL], {drill: {errors: true}})).drill).toEqual({kind: 'errors'});
		expect(ok(resolveArgs([URL], {drill: {logs: 'scheduler'}, json: true})).drill).toEqual({
			kind: 'logs',
			source: 'scheduler',
		});
		expect(ok(resolveArgs([URL])).drill).toBeUndefined();
	});

	it('takes them from the command line as meow reads it', () => {
		const parsed = parseArgv(['--logs', 'beta', '--json', URL], import.meta);
		if (!parsed.ok) throw new Error(parsed.error);
		expect(parsed.argv.flags.drill).toEqual({logs: 'beta'});
		expect(parsed.argv.input).toEqual([URL]);
		const stacks = parseArgv(['--stacks', '--worker', 'a', '--worker', 'b', URL], import.meta);
		if (!stacks.ok) throw new Error(stacks.error);
		expect(stacks.argv.flags.drill).toEqual({stacks: true, worker: ['a', 'b']});
	});

	it.each([
		[{drill: {stacks: true, errors: true}}, '--stacks and --errors each print one page: choose one'],
		[{drill: {worker: ['alpha']}}, '--worker narrows --stacks: add --stacks'],
		[{drill: {errors: true, worker: ['alpha']}}, '--worker narrows --stacks: drop it'],
		[{drill: {logs: 'a', worker: ['b']}}, '--worker narrows --stacks; --logs takes its worker itself: --logs NAME URL'],
		[{drill: {logs: ' '}}, '--logs needs a worker name or address, or scheduler: --logs scheduler URL'],
		[{drill: {stacks: true, worker: ['']}}, '--worker needs a worker name or address'],
		[{drill: {errors: true}, check: true}, '--check prints its own line and cannot be combined with --errors'],
		[
			{drill: {stacks: true}, json: true, watch: true},
			'--stacks prints one page and exits; it cannot be combined with --watch',
		],
		[
			{drill: {stacks: true}, recording: {demo: true}},
			'--stacks asks a live scheduler; it cannot be combined with --demo',
		],
		[
			{drill: {stacks: true}, recording: {record: 'x.ndjson'}},
			'--stacks prints one page and exits; it cannot be combined with --record',
		],
	])('refuses %j: %s', (flags, message) => {
		const input = JSON.stringify(flags).includes('"demo":true') ? [] : [URL];
		expect(error(resolveArgs(input, flags as Parameters<typeof resolveArgs>[1]))).toBe(message);
	});

	it('reads one cluster', () => {
		expect(error(resolveArgs([URL, 'http://other:8787'], {drill: {errors: true}}))).toBe(
			'--errors reads one cluster, got 2 scheduler URLs: run one per cluster',
		);
	});
});
