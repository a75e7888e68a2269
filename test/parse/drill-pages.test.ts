/**
 * The drill-down pages on the recorded answers of both releases (test/fixtures, real clusters):
 * call stacks of a worker's running tasks and of one task, the erred tasks with their tracebacks,
 * and the scheduler's and workers' logs. The workload (recorded with the fixtures) runs `slow` and
 * `load` in workload.py (sleeping), and raises in `explode` (line 67), `divide` (71) and
 * `parse_record` (75).
 */
import {describe, expect, it} from 'vitest';
import {parseCallStacks, parseExceptionsPage, parseLogPage} from '../../source/parse/index.js';
import {exceptionType} from '../../source/parse/exceptions-page.js';
import {frameKind, innermostUserFrame, parseFrames} from '../../source/parse/stack-frames.js';
import {frameWhere} from '../../source/units/frame-where.js';
import {parseWorkerPage} from '../../source/parse/worker-page.js';
import {FIXTURE_VERSIONS, loadManifest, readScenarioFile} from '../helpers/fixtures.js';

const page = (kind: string, subject: string) =>
	`scheduler/${encodeURIComponent(`/info/${kind}/${encodeURIComponent(subject)}.html`)}`;
const EXCEPTIONS = 'scheduler/%2Finfo%2Fmain%2Fexceptions.html';
const SCHEDULER_LOG = 'scheduler/%2Finfo%2Fmain%2Flogs.html';

describe.each(FIXTURE_VERSIONS)('the drill-down pages of Dask %s', (version) => {
	const workers = Object.keys(loadManifest(version, 'busy').meta.workers);

	it("reads each worker's running tasks' stacks: among its processing keys, innermost user frame last", () => {
		let stacks = 0;
		for (const address of workers) {
			const read = parseCallStacks(readScenarioFile(version, 'busy', page('call-stacks', address)));
			const processing = parseWorkerPage(readScenarioFile(version, 'busy', page('worker', address))).processing.map(
				(t) => t.key,
			);
			expect(read.notRunning).toBe(false);
			for (const stack of read.stacks) {
				stacks++;
				expect(stack.worker).toBe(address);
				expect(processing).toContain(stack.key);
				expect(stack.frames[0]).toMatchObject({kind: 'stdlib', function: '_bootstrap'});
				expect(stack.frames.some((f) => f.kind === 'dask')).toBe(true);
				const inner = stack.frames.at(-1)!;
				expect(inner.kind).toBe('user');
				expect(innermostUserFrame(stack.frames)).toBe(inner);
				expect(inner.file.endsWith('/workload.py')).toBe(true);
				expect(stack.key.startsWith('slow-process') ? [inner.function, inner.line] : [inner.function]).toEqual(
					stack.key.startsWith('slow-process') ? ['slow', 52] : ['load'],
				);
				expect(inner.code).toMatch(/^time\.sleep\(/);
				expect(frameWhere(inner)).toMatch(/^workload\.py:\d+$/);
			}
		}
		expect(stacks).toBeGreaterThanOrEqual(2);
	});

	it("reads one task's stack, and the answer for a task not running", () => {
		const one = parseCallStacks(readScenarioFile(version, 'busy', page('call-stack', 'slow-process-0')));
		expect(one.stacks).toHaveLength(1);
		expect(one.stacks[0]).toMatchObject({key: 'slow-process-0', worker: expect.stringMatching(/^tcp:\/\//)});
		expect(one.stacks[0]!.frames.at(-1)).toMatchObject({function: 'slow', line: 52, kind: 'user'});
		const idle = parseCallStacks(readScenarioFile(version, 'busy', page('call-stack', 'load-csv-0')));
		expect(idle).toEqual({stacks: [], notRunning: true});
	});

	it('reads every erred task, newest first, with its worker, exception and raising line', () => {
		const erred = parseExceptionsPage(readScenarioFile(version, 'errors', EXCEPTIONS));
		// 6 explode, 2 divide, 1 parse-record: the tasks that raised (summarize erred by blame is not listed).
		expect(erred).toHaveLength(9);
		const byType = new Map<string, number>();
		for (const task of erred) byType.set(task.type, (byType.get(task.type) ?? 0) + 1);
		expect(Object.fromEntries(byType)).toEqual({ValueError: 6, ZeroDivisionError: 2, KeyError: 1});
		for (const task of erred) {
			expect(workers).toEqual(expect.arrayContaining([...task.workers]));
			expect(task.workers).toHaveLength(1);
			const frames = parseFrames(task.traceback);
			const raising = frames.at(-1)!;
			expect(raising.kind).toBe('user');
			const expected = {
				ValueError: ['explode', 67, 'raise ValueError(f"boom {i}: simulated task failure")'],
				ZeroDivisionError: ['divide', 71, 'return a / b'],
				KeyError: ['parse_record', 75, 'return record["missing-field"]'],
			}[task.type]!;
			expect([raising.function, raising.line, raising.code]).toEqual(expected);
		}
		expect(erred.find((t) => t.type === 'KeyError')?.exception).toBe("KeyError('missing-field')");
		expect(erred[0]!.exception).toBe("ValueError('boom 5: simulated task failure')");
	});

	it("reads the scheduler's log oldest first, with time, logger and level", () => {
		const lines = parseLogPage(readScenarioFile(version, 'errors', SCHEDULER_LOG));
		expect(lines.length).toBeGreaterThan(5);
		expect(lines[0]).toMatchObject({logger: 'distributed.scheduler', level: 'INFO', message: 'State start'});
		const times = lines.map((l) => l.time!);
		expect([...times].sort()).toEqual(times);
	});

	it("reads a worker's log, oldest first, a multi-line Compute Failed record whole", () => {
		const lines = parseLogPage(readScenarioFile(version, 'errors', page('logs', workers[0]!)));
		const times = lines.map((l) => l.time!);
		expect(times.every((t) => /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}$/.test(t))).toBe(true);
		expect([...times].sort()).toEqual(times);
		expect(lines.some((l) => l.logger === 'distributed.worker' && l.message.includes('Start worker at:'))).toBe(true);
		const failed = lines.filter((l) => l.message.startsWith('Compute Failed'));
		expect(failed.length).toBeGreaterThan(0);
		for (const line of failed) {
			expect(line.level).toBe(version === '2022.12.1' ? 'WARNING' : 'ERROR');
			expect(line.message).toMatch(/\nKey: +\S+/);
			expect(line.message).toMatch(/Exception: +"(ValueError|ZeroDivisionError|KeyError)\(/);
		}
	});
});

describe('frames and lines by their text', () => {
	it.each([
		['/usr/lib/python3.11/threading.py', 'stdlib'],
		['/usr/local/lib/python3.11/concurrent/futures/thread.py', 'stdlib'],
		['<frozen importlib._bootstrap>', 'stdlib'],
		['C:\\Python311\\Lib\\threading.py', 'stdlib'],
		['/usr/lib/python3/dist-packages/distributed/worker.py', 'dask'],
		['/opt/venv/lib/python3.11/site-packages/dask/_task_spec.py', 'dask'],
		['/opt/venv/lib/python3.11/site-packages/dask_cuda/worker.py', 'dask'],
		['/home/me/src/distributed/distributed/worker.py', 'dask'],
		['/opt/venv/lib/python3.11/site-packages/pandas/io/parsers.py', 'library'],
		['/home/me/jobs/etl.py', 'user'],
		['/var/lib/dask-cluster/work-alpha/dask-scratch-space/worker-x/workload.py', 'user'],
		['<string>', 'user'],
	])('%s is %s', (file, kind) => {
		expect(frameKind(file)).toBe(kind);
	});

	it('reads a frame without a source line, skips caret lines', () => {
		const frames = parseFrames(
			'  File "<string>", line 1, in <module>\n  File "/a/b.py", line 3, in f\n    return x[1]\n           ~^^^\n',
		);
		expect(frames.map((f) => [f.function, f.line, f.code])).toEqual([
			['<module>', 1, ''],
			['f', 3, 'return x[1]'],
		]);
	});

	it.each([
		["ValueError('x')", 'ValueError'],
		['pkg.errors.Boom: bad', 'pkg.errors.Boom'],
		['KeyError', 'KeyError'],
		['something odd', ''],
	])('the type of %s is "%s"', (text, type) => {
		expect(exceptionType(text)).toBe(type);
	});

	it('keeps a line in another format whole, its level read where it shows', () => {
		expect(parseLogPage('<p> [worker] WARNING: disk almost full </p><p> plain </p>')).toEqual([
			{level: 'WARNING', message: '[worker] WARNING: disk almost full'},
			{message: 'plain'},
		]);
	});

	it('keeps an escape sequence in a log line and an exception exact (the screen makes them inert)', () => {
		const [line] = parseLogPage('<p> 2026-01-01 00:00:00,000 - distributed.worker - INFO - a\u001b[2Jb </p>');
		expect(line?.message).toBe('a\u001b[2Jb');
		const [task] = parseExceptionsPage(
			'<div class="box"><p><span>Task:</span><code> <a href="x">k</a> </code></p>' +
				'<span>Exception:</span><code> ValueError(&#x27;\u001b]0;pwned\u0007&#x27;) </code>' +
				'<pre><code>  File "/x.py", line 1, in f\n    raise X\n </code></pre></div>',
		);
		expect(task?.exception).toBe("ValueError('\u001b]0;pwned\u0007')");
	});
});
