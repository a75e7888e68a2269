import {describe, expect, it} from 'vitest';
import {formatOnce} from '../../source/output/once-format.js';
import {createPipeline} from '../../source/pipeline.js';
import type {Snapshot} from '../../source/types/snapshot.js';
import {
	identityAnswers500,
	loadScenarioScrape,
	type FixtureVersion,
	type Scenario,
	type ScenarioScrapeOptions,
} from '../helpers/fixtures.js';

/** The --once text of one fixture round, with the model's triage and rows of it (the path --once takes). */
function textOf(
	version: FixtureVersion,
	scenario: Scenario,
	options: ScenarioScrapeOptions = {},
): {snapshot: Snapshot; text: string} {
	const pipeline = createPipeline();
	const snapshot = pipeline.ingest(loadScenarioScrape(version, scenario, options));
	return {snapshot, text: formatOnce(pipeline, false) ?? ''};
}

function lines(text: string): string[] {
	return text.trimEnd().split('\n');
}

describe('the --once text (formatSnapshotText)', () => {
	it(
		'heads the table with URL, workers by state, threads, memory, ' +
			'tasks by state, where the time went, the data source, alerts and the adaptive target',
		() => {
			const {snapshot, text} = textOf('2026.7.1', 'busy');
			const [url, workers, threads, memory, tasks, time, source, alerts, desired] = lines(text);
			expect(url).toBe('URL       http://127.0.0.1:8788/  at 2026-11-29 17:06:32 UTC  (Dask >=2025.4)');
			expect(workers).toBe('Workers   3: 0 idle, 3 partially saturated, 0 saturated, 0 paused, 0 retiring');
			expect(threads).toBe(`Threads   ${snapshot.scheduler.threads}`);
			expect(memory).toMatch(/^Memory {4}\d+\.\d MiB used \/ 3\.6 GiB limit \(\d+ %\), 0 B spilled$/);
			const t = snapshot.scheduler.tasks;
			expect(tasks).toBe(
				`Tasks     ${snapshot.scheduler.tasks_total}: ${t.waiting} waiting, ` +
					`${t.queued} queued, ${t.processing} processing, ${t.memory} in memory, ` +
					`${t.erred} erred, ${t['no-worker']} no-worker, ${t.released} released`,
			);
			// Since the scheduler started: its threads over its uptime; spill and GC from all three workers' /metrics.
			expect(time).toMatch(
				/^Time {6}threads \d+ % busy — compute \d+ · transfer 0 · spill 0 · GC <1 \(since the scheduler started\)$/,
			);
			expect(source).toContain('Source    workers from /json/identity.json');
			// beta's 33 % unmanaged memory in this one poll is no alert: only what stays 30 s is judged
			expect(alerts).toBe('Alerts    none ongoing');
			expect(desired).toBe(
				`Adaptive  ${snapshot.scheduler.desired_workers} desired by the scheduler; now 3 workers; ` +
					`scale up; /api/v1/adaptive_target ${snapshot.scheduler.adaptive_target} (0 s old)`,
			);
		},
	);

	it('prints one aligned row per worker, sorted by name', () => {
		const {snapshot, text: table} = textOf('2022.12.1', 'memory-heavy');
		const text = lines(table);
		const headerAt = text.findIndex((line) => line.startsWith('NAME '));
		const rows = text.slice(headerAt + 1);
		expect(rows.map((row) => row.split(/\s+/)[0])).toEqual(['alpha', 'beta', 'gamma']);
		const beta = snapshot.workers.find((w) => w.name === 'beta')!;
		const betaRow = rows[1]!;
		expect(betaRow).toContain('tcp://127.0.0.1:40002');
		expect(betaRow).toContain('running');
		expect(betaRow).toMatch(/ 572\.2 MiB /);
		expect(betaRow).toContain(`${beta.tasks_executing}/${beta.tasks_ready}/${beta.tasks_in_memory}`);
		expect(betaRow).toMatch(/ 80\.0 MiB\s+\d+\/\d+\/\d+\s+\d+\.\ds ago$/);
		const lastSeenColumn = text[headerAt]!.indexOf('LAST SEEN') + 'LAST SEEN'.length;
		for (const row of rows) expect(row.length).toBe(lastSeenColumn);
	});

	it('shows the status /metrics proves and no CPU, with why, when the workers come from workers.html alone', () => {
		const {text} = textOf('2026.7.1', 'busy', {override: identityAnswers500, targets: ['scheduler']});
		expect(text).toContain(
			'Source    workers from /info/main/workers.html; CPU unknown for 3 workers: identity.json busy, ' +
				'workers not read yet; NET, LOOP unknown; failing: /json/identity.json (HTTP 500',
		);
		const alpha = lines(text).find((line) => line.startsWith('alpha'))!;
		expect(alpha.split(/\s{2,}/).slice(0, 5)).toEqual(['alpha', 'tcp://127.0.0.1:41001', 'running', '2', '-']);
	});

	it('says so when there are no workers, and prints "-" for what nobody answered', () => {
		const text = lines(textOf('2026.7.1', 'busy', {only: ['/health'], targets: ['scheduler']}).text);
		expect(text).toContain('Tasks     -');
		expect(text).toContain('Alerts    none ongoing');
		expect(text).toContain('Adaptive  - (the scheduler reports no desired_workers); now 0 workers');
		expect(text.at(-1)).toBe('(no workers)');
	});
});
