/**
 * Reads the recorded Dask fixtures (test/fixtures/dask-<version>/, real answers of real clusters,
 * kept unchanged) and turns a scenario's manifest into the RawScrape a poll round would have
 * produced. The path is resolved from this file, so it works from any cwd.
 */
import {existsSync, readFileSync} from 'node:fs';
import {dirname, join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import type {EndpointResult, FetchErrorKind, RawScrape, Target} from '../../source/types/raw-scrape.js';

export const FIXTURE_VERSIONS = ['2022.12.1', '2026.7.1'] as const;
export type FixtureVersion = (typeof FIXTURE_VERSIONS)[number];

export const SCENARIOS = ['idle', 'busy', 'memory-heavy', 'errors', 'worker-died', 'client-closed'] as const;
export type Scenario = (typeof SCENARIOS)[number];

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Absolute path of the fixtures root (`<repo>/test/fixtures`). */
export const FIXTURES_ROOT = resolve(repoRoot, 'test', 'fixtures');

export function versionDir(version: FixtureVersion): string {
	return join(FIXTURES_ROOT, `dask-${version}`);
}

export interface ManifestEntry {
	readonly target: string; // scheduler | worker:<name> | dead-worker:<name>
	readonly kind: 'core' | 'probe' | 'task' | 'bokeh' | 'sitemap' | 'dead';
	readonly url: string;
	readonly path: string;
	readonly status: number | null;
	readonly reason?: string | null;
	readonly content_type: string | null;
	readonly bytes?: number;
	readonly fetch_ms: number;
	readonly headers?: Readonly<Record<string, string>>;
	readonly error: string | null;
	readonly file: string | null;
	readonly worker?: string;
	readonly address?: string;
	readonly label?: string;
	readonly key?: string;
}

export interface ManifestMeta {
	readonly scenario: string;
	readonly note: string;
	readonly scheduler_http: string;
	readonly recorded_at: string;
	/** Worker comm address → name, for the workers alive at that moment. */
	readonly workers: Readonly<Record<string, string>>;
	readonly workers_source: string;
	readonly distributed_version: string;
	readonly counts_before: Readonly<Record<string, number>>;
	readonly client_future_states?: Readonly<Record<string, number>>;
	readonly killed?: {
		readonly name: string;
		readonly pid: number;
		readonly address: string;
		readonly signal: string;
		readonly killed_at: number;
	};
}

export interface Manifest {
	readonly meta: ManifestMeta;
	readonly entries: readonly ManifestEntry[];
}

export interface ClusterLayout {
	readonly distributed_version: string;
	readonly scheduler_address: string;
	readonly scheduler_http: string;
	readonly workers: ReadonlyArray<{
		readonly name: string;
		readonly address: string;
		readonly nanny: string | null;
		readonly http_port: number;
		readonly nthreads: number;
		readonly memory_limit: number;
	}>;
}

export function scenarioDir(version: FixtureVersion, scenario: Scenario): string {
	return join(versionDir(version), scenario);
}

export function loadManifest(version: FixtureVersion, scenario: Scenario): Manifest {
	return JSON.parse(readFileSync(join(scenarioDir(version, scenario), 'manifest.json'), 'utf8')) as Manifest;
}

export function loadClusterLayout(version: FixtureVersion): ClusterLayout {
	return JSON.parse(readFileSync(join(versionDir(version), 'cluster.json'), 'utf8')) as ClusterLayout;
}

/** The body of a kept fixture file, by its path relative to the scenario directory. */
export function readScenarioFile(version: FixtureVersion, scenario: Scenario, file: string): string {
	return readFileSync(join(scenarioDir(version, scenario), file), 'utf8');
}

/** The recorded HTTP 500 body of 2026.7.1's identity.json while workers were busy (dask/distributed#8370). */
export function identity500Body(): string {
	return readFileSync(join(versionDir('2026.7.1'), 'identity-500-probe', 'identity.500.body'), 'utf8');
}

/** The recorded HTTP 200 body of 2026.7.1's identity.json from the same busy probe. */
export function identity200ProbeBody(): string {
	return readFileSync(join(versionDir('2026.7.1'), 'identity-500-probe', 'identity.200.body'), 'utf8');
}

export interface ScenarioScrapeOptions {
	/** Keep only these paths (exact match, e.g. `/metrics`, `/json/identity.json`). */
	readonly only?: readonly string[];
	/** Replace parts of the result built from one manifest entry. */
	readonly override?: (entry: ManifestEntry, target: Target) => Partial<EndpointResult> | undefined;
	/** Keep only these targets (`scheduler`, `worker:<address>`). */
	readonly targets?: readonly Target[];
}

function errorKind(message: string): FetchErrorKind {
	if (/refused/i.test(message)) return 'refused';
	if (/timed? ?out/i.test(message)) return 'timeout';
	if (/reset/i.test(message)) return 'reset';
	if (/getaddrinfo|name or service|ENOTFOUND/i.test(message)) return 'dns';
	return 'other';
}

/** Maps a manifest target (`worker:alpha`, `dead-worker:gamma`) to a RawScrape target (`worker:tcp://…`). */
function resolveTarget(entry: ManifestEntry, manifest: Manifest, layout: ClusterLayout): Target {
	if (entry.target === 'scheduler') return 'scheduler';
	if (entry.address) return `worker:${entry.address}`;
	const name = entry.target.slice(entry.target.indexOf(':') + 1);
	const fromMeta = Object.entries(manifest.meta.workers).find(([, n]) => n === name)?.[0];
	const fromKilled = manifest.meta.killed?.name === name ? manifest.meta.killed.address : undefined;
	const fromLayout = layout.workers.find((w) => w.name === name)?.address;
	const address = fromMeta ?? fromKilled ?? fromLayout;
	if (!address) throw new Error(`fixture target ${entry.target} has no known address`);
	return `worker:${address}`;
}

/** Epoch ms of the manifest's `recorded_at`. */
export function recordedAtMs(manifest: Manifest): number {
	return Date.parse(manifest.meta.recorded_at);
}

/**
 * One RawScrape from a scenario: every `core` and `probe` entry plus dead-worker entries (no HTTP
 * answer → error kind from the recorded message, `refused` in the fixtures). Bodies come from the
 * kept files; all results are stamped at `recorded_at`.
 */
export function loadScenarioScrape(
	version: FixtureVersion,
	scenario: Scenario,
	options: ScenarioScrapeOptions = {},
): RawScrape {
	const manifest = loadManifest(version, scenario);
	const layout = loadClusterLayout(version);
	const atMs = recordedAtMs(manifest);
	const base = manifest.meta.scheduler_http.endsWith('/')
		? manifest.meta.scheduler_http
		: `${manifest.meta.scheduler_http}/`;
	const responses: EndpointResult[] = [];
	for (const entry of manifest.entries) {
		const isDead = entry.kind === 'dead' || entry.target.startsWith('dead-worker:');
		if (entry.kind !== 'core' && entry.kind !== 'probe' && !isDead) continue;
		if (options.only && !options.only.includes(entry.path)) continue;
		const target = resolveTarget(entry, manifest, layout);
		if (options.targets && !options.targets.includes(target)) continue;
		const filePath = entry.file ? join(scenarioDir(version, scenario), entry.file) : undefined;
		const body = filePath && existsSync(filePath) ? readFileSync(filePath, 'utf8') : undefined;
		const result: EndpointResult = {
			target,
			path: entry.path,
			url: entry.url,
			startedMs: atMs,
			latencyMs: entry.fetch_ms,
			status: entry.status,
			...(entry.content_type ? {contentType: entry.content_type} : {}),
			...(body === undefined ? {} : {body}),
			...(entry.status === null
				? {error: {kind: errorKind(entry.error ?? ''), message: entry.error ?? 'no answer'}}
				: {}),
		};
		const patch = options.override?.(entry, target);
		responses.push(patch ? {...result, ...patch} : result);
	}
	return {atMs, base, responses};
}

/** Convenience: an override that makes the scheduler's identity.json answer the recorded 500. */
export function identityAnswers500(entry: ManifestEntry, target: Target): Partial<EndpointResult> | undefined {
	if (target !== 'scheduler' || entry.path !== '/json/identity.json') return undefined;
	return {status: 500, contentType: 'text/html; charset=UTF-8', body: identity500Body()};
}
