/**
 * The scheduler's log page (/info/main/logs.html) on the recorded fixtures of both releases: the
 * `departures/` recording made one departure of each kind on a real cluster (departures.json says
 * which worker had which), then kept the page; `worker-died/` is a SIGKILL while busy.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {parseAnswer} from '../../source/parse/parse-answer.js';
import {endpointKind} from '../../source/parse/endpoint-kind.js';
import {parseSchedulerLog} from '../../source/parse/scheduler-log.js';
import {FIXTURE_VERSIONS, versionDir} from '../helpers/fixtures.js';

const LOG = '%2Finfo%2Fmain%2Flogs.html';

function page(version: (typeof FIXTURE_VERSIONS)[number], scenario: string): string {
	return readFileSync(join(versionDir(version), scenario, 'scheduler', LOG), 'utf8');
}

interface Departures {
	readonly workers_before: Readonly<Record<string, {readonly address: string}>>;
	readonly actions: ReadonlyArray<{readonly action: string; readonly workers: readonly string[]}>;
}

describe.each(FIXTURE_VERSIONS)("the scheduler's log of Dask %s", (version) => {
	const departures = JSON.parse(
		readFileSync(join(versionDir(version), 'departures', 'departures.json'), 'utf8'),
	) as Departures;
	const removals = parseSchedulerLog(page(version, 'departures')).removals;
	const byName = (name: string) => removals.find((r) => r.address === departures.workers_before[name]?.address);

	it('is read as the scheduler log by its path', () => {
		expect(endpointKind('scheduler', '/info/main/logs.html')).toBe('scheduler-log');
		expect(parseAnswer('scheduler-log', page(version, 'departures'))?.kind).toBe('scheduler-log');
	});

	it.each([
		['retired', 'retired'], // client.retire_workers
		['down1', 'retired'], // a scale-down of three at once
		['down2', 'retired'],
		['down3', 'retired'],
		['stopped', 'no-heartbeat'], // SIGSTOP, removed by worker-ttl
		['term-plain', 'unexplained'], // SIGTERM, no nanny: the connection just breaks
		['term-nanny', 'unexplained'], // SIGTERM to the nanny: an orderly close, logged like a crash
		['kill-plain', 'unexplained'], // SIGKILL
		['term-child', 'restart'], // its latest removal: Client.restart (its nanny brought it back)
		['kill-child', 'restart'],
	] as const)('says why %s left: %s', (name, cause) => {
		expect(byName(name)).toMatchObject({cause, name});
	});

	it('lists each address once, oldest removal first, whatever order the page has', () => {
		expect(new Set(removals.map((r) => r.address)).size).toBe(removals.length);
		expect(removals.map((r) => r.name).slice(0, 2)).toEqual(['retired', 'term-plain']);
	});

	it('tells a worker its nanny restarted (registered again at its address) from one gone for good', () => {
		// The page as it was before Client.restart: its lines older than the restart's.
		const blocks = page(version, 'departures').match(/<p>[\s\S]*?<\/p>/g) ?? [];
		const timeOf = (block: string) => /\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}/.exec(block)?.[0] ?? '';
		const restart = timeOf(blocks.find((b) => b.includes('Restarting workers and releasing')) ?? '');
		expect(restart).not.toBe('');
		const before = parseSchedulerLog(blocks.filter((b) => timeOf(b) < restart).join('\n'));
		const removal = (name: string) => before.removals.find((r) => r.name === name);
		expect(removal('term-plain')).toMatchObject({cause: 'unexplained', rejoined: false});
		expect(removal('term-child')).toMatchObject({cause: 'unexplained', rejoined: true});
		expect(removal('kill-child')).toMatchObject({cause: 'unexplained', rejoined: true});
	});

	it('reads a SIGKILL while busy (worker-died) as a removal nobody explained', () => {
		expect(parseSchedulerLog(page(version, 'worker-died')).removals).toEqual([
			expect.objectContaining({name: 'gamma', cause: 'unexplained', rejoined: false}),
		]);
	});
});

describe("the scheduler's log, whatever it holds", () => {
	it('reads an empty page and a page without worker lines as no removal', () => {
		expect(parseSchedulerLog('<html><body></body></html>')).toEqual({removals: [], lines: 0});
		expect(parseSchedulerLog('<p> 2026-01-01 10:00:00,000 - distributed.scheduler - INFO - State start </p>')).toEqual({
			removals: [],
			lines: 1,
		});
	});

	it('ends a restart without its closing line two minutes after it began', () => {
		const lines = [
			['10:00:00', 'Restarting workers and releasing all keys.'],
			['10:00:01', "Remove worker <WorkerState 'tcp://a:1', name: a, status: closed>"],
			['10:05:00', "Remove worker <WorkerState 'tcp://b:1', name: b, status: closed>"],
		];
		const html = lines.map(
			([time, text]) => `<p> 2026-01-01 ${time},000 - distributed.scheduler - INFO - ${text} </p>`,
		);
		const log = parseSchedulerLog(html.join('\n'));
		expect(log.removals.map((r) => `${r.name} ${r.cause}`)).toEqual(['a restart', 'b unexplained']);
	});
});
