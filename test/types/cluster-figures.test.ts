/**
 * The cluster figures' table (source/types/cluster-figures.ts): every descriptor gives every part,
 * each line's places are one per figure, the --json paths are the document's, and the header and
 * --once write the figures with the table's words, in its order.
 */
import {describe, expect, it} from 'vitest';
import {formatOnce} from '../../source/output/once-format.js';
import {toJsonDocument} from '../../source/output/json-document.js';
import {createPipeline} from '../../source/pipeline.js';
import type {ClusterFigure, ClusterLine, ClusterPlace} from '../../source/types/cluster-figure-types.js';
import {
	CLUSTER_FIGURES,
	SCHEDULER_FIGURES,
	TASK_STATE_FIGURES,
	WORKER_STATE_FIGURES,
} from '../../source/types/cluster-figures.js';
import {makeTheme} from '../../source/ui/draw/theme.js';
import {headerLines} from '../../source/ui/views/header-lines.js';
import {fixtureRun} from '../helpers/fixture-data.js';
import {loadScenarioScrape, SCENARIOS} from '../helpers/fixtures.js';
import {fixtureSnapshot} from '../helpers/snapshots.js';

/** Every part a descriptor must give: a part a figure has not is said with null, never left out. */
const PARTS = ['unit', 'sources', 'header', 'once', 'json'] as const;

function lacking(figure: Partial<ClusterFigure>): string[] {
	return PARTS.filter((part) => !(part in figure) || figure[part] === undefined);
}

const FIGURES = Object.entries(CLUSTER_FIGURES);
const LINES: readonly ClusterLine[] = ['workers', 'threads', 'memory', 'tasks', 'connection'];

/** The places on one line, by where: the figures' names in their order there. */
function onLine(where: 'header' | 'once', line: ClusterLine): Array<[string, ClusterPlace]> {
	return FIGURES.flatMap(([name, f]): Array<[string, ClusterPlace]> => {
		const place = f[where];
		return place !== null && place.line === line ? [[name, place]] : [];
	}).sort(([, a], [, b]) => a.position - b.position);
}

/** Whether the words appear in the text in this order. */
function inOrder(text: string, words: readonly string[]): boolean {
	let from = 0;
	for (const word of words) {
		const at = text.indexOf(word, from);
		if (at < 0) return false;
		from = at + word.length;
	}
	return true;
}

describe('the cluster figures table', () => {
	it('gives every part of every figure, or says it has none', () => {
		for (const [name, figure] of FIGURES) expect(lacking(figure), name).toEqual([]);
		const computed = ['tasks_done_per_second', 'data_age_seconds'];
		for (const [name, figure] of FIGURES)
			if (!computed.includes(name)) expect(figure.sources.length, name).toBeGreaterThan(0);
		expect(FIGURES.length).toBe(
			Object.keys(SCHEDULER_FIGURES).length +
				Object.keys(WORKER_STATE_FIGURES).length +
				Object.keys(TASK_STATE_FIGURES).length +
				computed.length,
		);
	});

	it('finds a descriptor that lacks a part, even one it would leave null', () => {
		const {once: _once, ...noOnce} = SCHEDULER_FIGURES.threads;
		expect(lacking(noOnce)).toEqual(['once']);
		expect(lacking({...WORKER_STATE_FIGURES.idle, json: undefined} as never)).toEqual(['json']);
		expect(lacking({})).toEqual([...PARTS]);
	});

	it('places each figure of a line at a place of its own, and a lead figure (no word) first', () => {
		for (const where of ['header', 'once'] as const)
			for (const line of LINES) {
				const places = onLine(where, line).map(([, place]) => place);
				expect(new Set(places.map((p) => p.position)).size, `${where} ${line}`).toBe(places.length);
				for (const place of places.slice(1)) expect(place.label, `${where} ${line}`).not.toBe('');
			}
	});

	it("names each figure's --json path after where the document holds it", () => {
		for (const [name, f] of Object.entries(SCHEDULER_FIGURES)) expect(f.json).toBe(`scheduler.${name}`);
		for (const [name, f] of Object.entries(WORKER_STATE_FIGURES)) expect(f.json).toBe(`scheduler.workers.${name}`);
		for (const [name, f] of Object.entries(TASK_STATE_FIGURES)) expect(f.json).toBe(`scheduler.tasks.${name}`);
		// Every figure the documents' scheduler holds has its descriptor (its records: their states).
		const paths = new Set(FIGURES.flatMap(([, f]) => (f.json === null ? [] : [f.json])));
		for (const version of ['2022.12.1', '2026.7.1'] as const)
			for (const scenario of SCENARIOS) {
				const scheduler = toJsonDocument(fixtureSnapshot(version, scenario)).scheduler;
				for (const [key, value] of Object.entries(scheduler)) {
					if (key === 'prefixes' || key === 'sources') continue;
					const keys = key === 'workers' || key === 'tasks' ? Object.keys(value as object) : [''];
					for (const sub of keys) {
						const path = sub === '' ? `scheduler.${key}` : `scheduler.${key}.${sub}`;
						expect(paths.has(path), `${version} ${scenario}: ${path}`).toBe(true);
					}
				}
			}
	});

	it("writes the header's figures with the table's words, in its order", () => {
		const run = fixtureRun('2026.7.1', ['busy']);
		const lines = headerLines(
			{
				url: 'http://scheduler:8787/',
				snapshot: run.model.snapshot!,
				status: {state: 'live', requestsPerSecond: 1, bytesPerSecond: 1},
				intervalMs: 2000,
				lastFreshMs: run.nowMs,
				nowMs: run.nowMs + 1000,
				alerts: {info: 0, warning: 0, critical: 0},
				paused: false,
			},
			makeTheme({color: false, ascii: false}),
			400,
		).map((line) => line.map((s) => s.text).join(''));
		const byLine: Partial<Record<ClusterLine, string | undefined>> = {
			connection: lines[0],
			workers: lines[1],
			memory: lines[2],
			tasks: lines[3],
		};
		for (const line of LINES) {
			const words = onLine('header', line).flatMap(([, p]) => (p.label === '' ? [] : [`${p.label} `]));
			if (line === 'connection') expect(byLine.connection).toMatch(/ ago/);
			else if (words.length > 0) expect(inOrder(byLine[line] ?? '', words), `${line}: ${byLine[line]}`).toBe(true);
		}
	});

	it("writes --once's figures with the table's words, in its order", () => {
		const pipeline = createPipeline();
		pipeline.ingest(loadScenarioScrape('2026.7.1', 'busy'));
		const text = formatOnce(pipeline, false) ?? '';
		const title: Partial<Record<ClusterLine, string>> = {
			workers: 'Workers',
			threads: 'Threads',
			memory: 'Memory',
			tasks: 'Tasks',
		};
		for (const line of LINES) {
			const words = onLine('once', line).flatMap(([, p]) => (p.label === '' ? [] : [p.label]));
			if (words.length === 0) continue;
			const shown = text.split('\n').find((l) => l.startsWith(title[line] ?? '?')) ?? '';
			expect(inOrder(shown, words), `${line}: ${shown}`).toBe(true);
		}
	});
});
