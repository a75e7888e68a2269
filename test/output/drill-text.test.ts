/**
 * What --stacks, --errors and --logs print, from the recorded pages of both releases (test/fixtures)
 * and from hostile texts: cluster text inert line by line in the text output, exact in --json.
 */
import {describe, expect, it} from 'vitest';
import {pickWorker} from '../../source/model/index.js';
import {errorsJson, errorsText, logsJson, logsText, stacksJson, stacksText} from '../../source/output/drill-text.js';
import {parseCallStacks, parseExceptionsPage, parseLogPage} from '../../source/parse/index.js';
import {FIXTURE_VERSIONS, loadManifest, readScenarioFile} from '../helpers/fixtures.js';

const ACTIVE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const page = (kind: string, subject: string) =>
	`scheduler/${encodeURIComponent(`/info/${kind}/${encodeURIComponent(subject)}.html`)}`;

describe.each(FIXTURE_VERSIONS)('the drill-down output of Dask %s', (version) => {
	const names = loadManifest(version, 'busy').meta.workers as Record<string, string>;
	const [address, name] = Object.entries(names)[0]!;

	it('prints each running task with its frames, innermost last, user frames marked', () => {
		const stacks = parseCallStacks(readScenarioFile(version, 'busy', page('call-stacks', address))).stacks;
		const text = stacksText([{address, name, stacks}], 'unicode');
		const first = text.trimEnd().split('\n\n')[0]!.split('\n');
		expect(first[0]).toBe(`${name} (${address})  task ${stacks[0]!.key}  (innermost frame last; > marks your code)`);
		expect(first[1]).toMatch(/^ {4}std {3}\/.*threading\.py:\d+ in _bootstrap$/);
		expect(first.at(-2)).toMatch(/^ {2}> user {2}\/.*workload\.py:\d+ in (slow|load)$/);
		expect(first.at(-1)).toMatch(/^ {12}time\.sleep\(/);
		const doc = JSON.parse(
			stacksJson([
				{address, name, stacks},
				{address: 'tcp://x:1', name: 'x', stacks: [], problem: 'timed out'},
			]),
		);
		expect(doc.stacks[0]).toMatchObject({worker: address, worker_name: name, key: stacks[0]!.key});
		expect(doc.stacks[0].frames.at(-1)).toMatchObject({kind: 'user', file: expect.stringMatching(/workload\.py$/)});
		expect(doc.unread).toEqual([{worker: 'tcp://x:1', worker_name: 'x', error: 'timed out'}]);
		expect(stacksText([{address: 'tcp://x:1', name: 'x', stacks: [], problem: 'timed out'}], 'unicode')).toBe(
			'x (tcp://x:1): call stacks not read: timed out\n',
		);
		expect(stacksText([{address, name, stacks: []}], 'unicode')).toBe(`${name} (${address}): no task running\n`);
	});

	it('prints the erred tasks grouped with counts, then each newest first with its traceback', () => {
		const erred = parseExceptionsPage(
			readScenarioFile(version, 'errors', 'scheduler/%2Finfo%2Fmain%2Fexceptions.html'),
		);
		const text = errorsText(erred, new Map(Object.entries(names)), 'unicode');
		const lines = text.split('\n');
		expect(lines[0]).toBe('9 erred tasks, by exception type and task prefix:');
		expect(lines.slice(1, 4)).toEqual([
			'     6  ValueError  explode',
			'     2  ZeroDivisionError  divide',
			'     1  KeyError  parse-record',
		]);
		expect(text).toContain(`${erred[0]!.key}  on beta (`);
		expect(text).toMatch(/ {2}Traceback \(most recent call last\):\n {4}File ".*workload\.py", line 67, in explode\n/);
		const doc = JSON.parse(errorsJson(erred));
		expect(doc.errors[0]).toEqual({
			key: erred[0]!.key,
			prefix: 'explode',
			worker: erred[0]!.workers[0],
			workers: erred[0]!.workers,
			exception: erred[0]!.exception,
			type: 'ValueError',
			traceback: erred[0]!.traceback,
		});
		expect(errorsText([], new Map(), 'unicode')).toBe('No erred tasks: the scheduler remembers none.\n');
	});

	it('prints a log as Dask wrote it, oldest first, a record of several lines indented', () => {
		const lines = parseLogPage(readScenarioFile(version, 'errors', page('logs', address)));
		const text = logsText(lines, 'unicode');
		expect(text).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} - distributed\.worker - INFO - /);
		expect(text).toMatch(/ - Compute Failed\n {4}Key: {7}/);
		const doc = JSON.parse(logsJson(lines, name));
		expect(doc.logs).toHaveLength(lines.length);
		expect(doc.logs[0]).toMatchObject({source: name, logger: 'distributed.worker', level: 'INFO'});
	});
});

describe('hostile cluster text', () => {
	const hostile = 'a\u001b]0;pwned\u0007b\u001b[2J\u009bc\u202e';

	it('is inert in every text output and exact in every JSON', () => {
		const stack = {
			worker: `tcp://h:1`,
			key: `k${hostile}`,
			frames: [{file: `/x/${hostile}.py`, line: 3, function: hostile, code: hostile, kind: 'user' as const}],
		};
		const erred = [
			{
				key: hostile,
				prefix: hostile,
				workers: ['tcp://h:1'],
				exception: `E(${hostile})\nline2`,
				type: 'E',
				traceback: hostile,
			},
		];
		const log = [
			{
				time: '2026-01-01 00:00:00,000',
				logger: 'distributed.worker',
				level: 'INFO' as const,
				message: `${hostile}\n${hostile}`,
			},
		];
		for (const style of ['unicode', 'ascii'] as const) {
			const texts = [
				stacksText([{address: 'tcp://h:1', name: hostile, stacks: [stack]}], style),
				errorsText(erred, new Map([['tcp://h:1', hostile]]), style),
				logsText(log, style),
			];
			for (const text of texts) expect(text).not.toMatch(ACTIVE);
			if (style === 'ascii') for (const text of texts) expect(text).toMatch(/^[\x20-\x7e\n]*$/);
		}
		expect(
			JSON.parse(stacksJson([{address: 'tcp://h:1', name: hostile, stacks: [stack]}])).stacks[0].frames[0].code,
		).toBe(hostile);
		expect(JSON.parse(errorsJson(erred)).errors[0].exception).toBe(`E(${hostile})\nline2`);
		expect(JSON.parse(logsJson(log, 'w')).logs[0].message).toBe(`${hostile}\n${hostile}`);
		// A record's own line break stays a line break, each line inert.
		const shown = 'a␛]0;pwned␇b␛[2J\\x9bc\\u202e';
		expect(logsText(log, 'unicode')).toBe(
			`2026-01-01 00:00:00,000 - distributed.worker - INFO - ${shown}\n    ${shown}\n`,
		);
	});

	it('names a worker that is not there in one inert line listing those that are', () => {
		const workers = [
			{address: 'tcp://10.0.0.1:1', name: 'alpha'},
			{address: 'tcp://10.0.0.2:1', name: `b${hostile}`},
		];
		expect(pickWorker(workers, 'alpha')).toBe(workers[0]);
		expect(pickWorker(workers, '10.0.0.2:1')).toBe(workers[1]);
		const missing = pickWorker(workers, 'x\u001b[2J', (t) => t.replace(/\u001b/g, '␛'));
		expect(missing).toEqual({
			error:
				'no worker "x␛[2J"; the workers are: alpha (tcp://10.0.0.1:1), ' +
				'ba␛]0;pwned\u0007b␛[2J\u009bc\u202e (tcp://10.0.0.2:1)',
		});
		const many = Array.from({length: 15}, (_, i) => ({address: `tcp://h:${i}`, name: `w${i}`}));
		expect((pickWorker(many, 'nope') as {error: string}).error).toMatch(/w11 \(tcp:\/\/h:11\), and 3 more$/);
		expect(pickWorker([], 'a')).toEqual({error: 'no worker "a": the scheduler has no workers'});
	});
});
