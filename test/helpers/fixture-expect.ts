/**
 * Expected values read straight from the fixture files with plain regexes and JSON.parse, so the
 * snapshot tests compare the parse layer against the recorded text, not against itself.
 */
import {buildSnapshot, emptyCache, mergeScrape} from '../../source/parse/index.js';
import type {Snapshot} from '../../source/types/snapshot.js';
import {
	loadManifest,
	loadScenarioScrape,
	readScenarioFile,
	type FixtureVersion,
	type Scenario,
	type ScenarioScrapeOptions,
} from './fixtures.js';

export function snapshotOf(version: FixtureVersion, scenario: Scenario, options?: ScenarioScrapeOptions): Snapshot {
	const raw = loadScenarioScrape(version, scenario, options);
	return buildSnapshot(mergeScrape(emptyCache(), raw), raw.atMs);
}

/** `name{label="value"} number` lines of a recorded Prometheus body, by label value. */
export function promByLabel(body: string, name: string, label: string): Map<string, number> {
	const out = new Map<string, number>();
	const re = new RegExp(`^${name}\\{${label}="([^"]*)"\\} (\\S+)$`, 'gm');
	for (const [, key, value] of body.matchAll(re)) out.set(key!, Number(value));
	return out;
}

export function promPlain(body: string, name: string): number | undefined {
	const match = new RegExp(`^${name} (\\S+)$`, 'm').exec(body);
	return match ? Number(match[1]) : undefined;
}

export function schedulerMetricsBody(version: FixtureVersion, scenario: Scenario): string {
	return readScenarioFile(version, scenario, 'scheduler/%2Fmetrics');
}

export function workerMetricsBody(version: FixtureVersion, scenario: Scenario, name: string): string {
	return readScenarioFile(version, scenario, `worker-${name}/%2Fmetrics`);
}

export function countsJson(version: FixtureVersion, scenario: Scenario): Record<string, number> {
	return JSON.parse(readScenarioFile(version, scenario, 'scheduler/%2Fjson%2Fcounts.json')) as Record<string, number>;
}

interface RawIdentityWorker {
	name: string;
	nthreads: number;
	last_seen: number;
	memory_limit: number;
	status: string;
	metrics: {
		memory: number;
		managed_bytes: number;
		spilled_bytes: {memory: number; disk: number};
		task_counts: Record<string, number>;
	};
}

export function identityJson(
	version: FixtureVersion,
	scenario: Scenario,
): {workers: Record<string, RawIdentityWorker>} {
	return JSON.parse(readScenarioFile(version, scenario, 'scheduler/%2Fjson%2Fidentity.json')) as {
		workers: Record<string, RawIdentityWorker>;
	};
}

export interface HtmlRowRaw {
	readonly address: string;
	readonly cells: readonly string[];
}

/** The rows of a recorded workers.html, cells as raw HTML (tag soup kept). */
export function workersHtmlRows(version: FixtureVersion, scenario: Scenario): HtmlRowRaw[] {
	const html = readScenarioFile(version, scenario, 'scheduler/%2Finfo%2Fmain%2Fworkers.html');
	const rows: HtmlRowRaw[] = [];
	for (const [row] of html.matchAll(/<tr >[\s\S]*?<\/tr>/g)) {
		const cells = [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) => m[0]);
		const address = /<a href="\.\.\/worker\/[^"]+">([^<]+)<\/a>/.exec(row)![1]!;
		rows.push({address, cells});
	}
	return rows;
}

/** The workers alive in a scenario (manifest meta), address → name. */
export function aliveWorkers(version: FixtureVersion, scenario: Scenario): Readonly<Record<string, string>> {
	return loadManifest(version, scenario).meta.workers;
}
