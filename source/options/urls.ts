/**
 * Which schedulers to follow: the URL arguments (one or several), else $DASK_TOP_URL, else the
 * config file's "url" and "urls", else http://127.0.0.1:8787. Every URL is normalised
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

export interface UrlsInput {
	readonly input: readonly string[];
	readonly env: Readonly<Record<string, string | undefined>>;
	readonly config?: ConfigFile;
}

/** Two URLs are the same cluster when requests to them go to the same place: base and query. */
export function clusterKey(url: SchedulerUrl): string {
	return `${url.base}${url.query}`;
}

export function resolveUrls({input, env, config}: UrlsInput): UrlsResult {
	const envUrl = env['DASK_TOP_URL'] === '' ? undefined : env['DASK_TOP_URL'];
	const inConfig = (key: string) => `${key} in config file ${config?.path ?? ''}: `;
	const fromConfig: Array<readonly [string, string]> = [
		...(config?.url === undefined ? [] : [[config.url, inConfig('url')] as const]),
		...(config?.urls ?? []).map((text) => [text, inConfig('urls')] as const),
	];
	const [given, urlFrom]: readonly [ReadonlyArray<readonly [text: string, where: string]>, UrlOrigin] =
		input.length > 0
			? [input.map((text) => [text, ''] as const), 'argument']
			: envUrl !== undefined
				? [[[envUrl, 'DASK_TOP_URL: ']], 'env']
				: fromConfig.length > 0
					? [fromConfig, 'config']
					: [[[DEFAULT_URL, '']], 'default'];

	const urls: SchedulerUrl[] = [];
	const notes: string[] = [];
	const seen = new Map<string, string>();
	for (const [text, where] of given) {
		const url = normalizeSchedulerUrl(text);
		if (!url.ok) return {ok: false, error: `${where}${url.error}`};
		const key = clusterKey(url.url);
		const first = seen.get(key);
		if (first !== undefined) {
			notes.push(`${url.url.display} was given twice (as ${first} and ${text.trim()}): following it once`);
			continue;
		}
		seen.set(key, text.trim());
		if (url.url.note !== undefined) notes.push(url.url.note);
		urls.push(url.url);
	}
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
