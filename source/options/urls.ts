/**
 * Which schedulers to follow: the URL arguments and the --scheduler-file files (one or several),
 * else $DASK_TOP_URL, else $DASK_SCHEDULER_ADDRESS (what Dask's Client() reads), else the config
 * file's "url" and "urls", else http://127.0.0.1:8787. A comm address (`tcp://host:8786`) or a bare
 * host is read on --dashboard-port, else on Dask's default 8787. Every URL is normalised
 * (scrape/url.ts); two that normalise to the same scheduler are one cluster, followed once. Each
 * cluster gets the shared headers plus its own `user:password@` as Basic auth (unless an
 * Authorization header is given). Pure.
 */
import type {ConfigFile} from './config.js';
import {DEFAULT_URL, normalizeSchedulerUrl, type SchedulerUrl} from '../scrape/url.js';

export interface HttpHeader {
	readonly name: string;
	readonly value: string;
}

export type UrlOrigin = 'argument' | 'env' | 'config' | 'default';

/** One scheduler to follow, with the headers its own client sends to its origin only. */
export interface ClusterTarget {
	readonly url: SchedulerUrl;
	/** The shared --header/config headers, plus this URL's `user:password@` as Basic auth. Secrets: never display them. */
	readonly headers: readonly HttpHeader[];
}

export type UrlsResult =
	| {
			readonly ok: true;
			readonly urls: readonly SchedulerUrl[];
			readonly urlFrom: UrlOrigin;
			readonly notes: readonly string[];
	  }
	| {readonly ok: false; readonly error: string};

/** A --scheduler-file read by the caller (run/scheduler-files.ts): the file and the dashboard URL it names. */
export interface SchedulerFileUrl {
	readonly file: string;
	readonly url: string;
}

export interface UrlsInput {
	readonly input: readonly string[];
	readonly env: Readonly<Record<string, string | undefined>>;
	readonly config?: ConfigFile;
	/** The --scheduler-file files, read: followed with the URL arguments, after them. */
	readonly schedulerFiles?: readonly SchedulerFileUrl[];
	/** --dashboard-port as typed. */
	readonly dashboardPort?: string;
}

/** --dashboard-port's number, or a one-line usage error. */
function pickDashboardPort(text: string | undefined): number | undefined | {error: string} {
	if (text === undefined) return undefined;
	const port = /^\s*\d{1,5}\s*$/.test(text) ? Number(text) : Number.NaN;
	if (port >= 1 && port <= 65_535) return port;
	return {error: `--dashboard-port ${text.slice(0, 40)}: give the dashboard's port, a number from 1 to 65535`};
}

/** Two URLs are the same cluster when requests to them go to the same place: base and query. */
export function clusterKey(url: SchedulerUrl): string {
	return `${url.base}${url.query}`;
}

export function resolveUrls({input, env, config, schedulerFiles = [], dashboardPort}: UrlsInput): UrlsResult {
	const port = pickDashboardPort(dashboardPort);
	if (typeof port === 'object') return {ok: false, error: port.error};
	const envUrl = env['DASK_TOP_URL'] === '' ? undefined : env['DASK_TOP_URL'];
	const daskAddress = env['DASK_SCHEDULER_ADDRESS'] === '' ? undefined : env['DASK_SCHEDULER_ADDRESS'];
	const inConfig = (key: string) => `${key} in config file ${config?.path ?? ''}: `;
	const fromConfig: Array<readonly [string, string]> = [
		...(config?.url === undefined ? [] : [[config.url, inConfig('url')] as const]),
		...(config?.urls ?? []).map((text) => [text, inConfig('urls')] as const),
	];
	const [given, urlFrom]: readonly [ReadonlyArray<readonly [text: string, where: string]>, UrlOrigin] =
		input.length > 0 || schedulerFiles.length > 0
			? [
					[
						...input.map((text) => [text, ''] as const),
						...schedulerFiles.map(({file, url}) => [url, `--scheduler-file ${file}: `] as const),
					],
					'argument',
				]
			: envUrl !== undefined
				? [[[envUrl, 'DASK_TOP_URL: ']], 'env']
				: daskAddress !== undefined
					? [[[daskAddress, 'DASK_SCHEDULER_ADDRESS: ']], 'env']
					: fromConfig.length > 0
						? [fromConfig, 'config']
						: [[[DEFAULT_URL, '']], 'default'];

	const urls: SchedulerUrl[] = [];
	const notes: string[] = [];
	const seen = new Map<string, string>();
	let portUsed = false;
	for (const [text, where] of given) {
		const url = normalizeSchedulerUrl(text, port);
		if (!url.ok) return {ok: false, error: `${where}${url.error}`};
		if (port !== undefined && !portUsed) {
			const plain = normalizeSchedulerUrl(text);
			portUsed = plain.ok && plain.url.base !== url.url.base;
		}
		const key = clusterKey(url.url);
		const first = seen.get(key);
		if (first !== undefined) {
			notes.push(`${url.url.display} was given twice (as ${first} and ${text.trim()}): following it once`);
			continue;
		}
		seen.set(key, text.trim());
		if (url.url.note !== undefined) notes.push(`${where === 'DASK_SCHEDULER_ADDRESS: ' ? where : ''}${url.url.note}`);
		urls.push(url.url);
	}
	if (port !== undefined && !portUsed)
		return {
			ok: false,
			error:
				`--dashboard-port ${port} is for a tcp:// address or a host given without a port; ` +
				`${given.map(([text]) => text.trim()).join(', ')} names its own: drop one`,
		};
	return {ok: true, urls, urlFrom, notes};
}

/**
 * Each cluster's headers: the shared ones, plus its own credentials as Basic auth unless an
 * Authorization header is given.
 */
export function clusterTargets(
	urls: readonly SchedulerUrl[],
	shared: ReadonlyMap<string, HttpHeader>,
): ClusterTarget[] {
	return urls.map((url) => {
		const headers = new Map(shared);
		if (url.basicAuth !== undefined && !headers.has('authorization')) {
			headers.set('authorization', {
				name: 'Authorization',
				value: `Basic ${Buffer.from(url.basicAuth).toString('base64')}`,
			});
		}
		return {url, headers: [...headers.values()]};
	});
}
