/**
 * What users paste → the scheduler's HTTP base. Accepts a dashboard URL (`http://host:8787`,
 * `…/status`), a JupyterHub proxy URL (`…/user/NAME/proxy/8787/status`), a dask-gateway URL
 * (`…/clusters/NAME/status`), `host:8787`, a bare host, a bare port (`8787`: on this machine), and
 * the scheduler's comm address (`tcp://host:8786`, meaning that host's dashboard on 8787). Pure.
 */
import {boundedCache} from '../units/bounded-cache.js';

export const DEFAULT_DASHBOARD_PORT = 8787;
export const DEFAULT_URL = `http://127.0.0.1:${DEFAULT_DASHBOARD_PORT}`;

export interface SchedulerUrl {
	/** `scheme://host:port/prefix/`, no query, no credentials: requests are `base + path`. */
	readonly base: string;
	/** `?…` kept from the pasted URL (tokens included) and sent with every scheduler request; or ''. */
	readonly query: string;
	/** What may be shown or recorded: `base` plus the query with token-like values redacted. */
	readonly display: string;
	/** `user:password@` from the pasted URL, turned into an Authorization header by the caller. */
	readonly basicAuth?: string;
	/** One line to tell the user on stderr (e.g. a comm address was turned into a dashboard URL). */
	readonly note?: string;
}

export type UrlResult = {readonly ok: true; readonly url: SchedulerUrl} | {readonly ok: false; readonly error: string};

/** Trailing page names of a pasted dashboard link; the base is what comes before them. */
const PAGE_SUFFIXES = [
	'status',
	'metrics',
	'health',
	'json/identity.json',
	'json/counts.json',
	'info/main/workers.html',
];

/** Query parameter names whose values must never be shown or recorded. */
const SECRET_NAME = /token|auth|key|secret|pass|sig|session|credential|jwt|code|ticket/i;

export const REDACTED = '***';

export function redactQuery(query: string): string {
	if (query === '' || query === '?') return '';
	const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
	const parts: string[] = [];
	for (const [name, value] of params) {
		const shown = SECRET_NAME.test(name) && value !== '' ? REDACTED : value;
		parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(shown).replaceAll('%2A', '*')}`);
	}
	return parts.length === 0 ? '' : `?${parts.join('&')}`;
}

/** Redacts token-like query values and credentials of any absolute URL, for display and recording. */
export function redactUrl(url: string): string {
	try {
		const parsed = new URL(url);
		parsed.username = '';
		parsed.password = '';
		const query = redactQuery(parsed.search);
		parsed.search = '';
		return `${parsed.toString()}${query}`;
	} catch {
		return url.replace(
			/([?&][^=&]*(?:token|auth|key|secret|pass|sig|session|credential|jwt|code|ticket)[^=&]*=)[^&]*/gi,
			`$1${REDACTED}`,
		);
	}
}

/** Appends the base's query to a request path (which may carry its own query). */
export function requestUrl(url: SchedulerUrl, path: string): string {
	const relative = path.startsWith('/') ? path.slice(1) : path;
	if (url.query === '') return url.base + relative;
	const joiner = relative.includes('?') ? '&' : '?';
	return url.base + relative + joiner + url.query.slice(1);
}

/**
 * The same request as it may be displayed or recorded. Every answer carries it, and a poll asks the
 * same few paths again and again: each URL is parsed and redacted once (bounded: a worker's detail
 * page is one more path per worker opened).
 */
export function displayUrl(url: SchedulerUrl, path: string): string {
	const request = requestUrl(url, path);
	return displayed(request, () => redactUrl(request));
}

const displayed = boundedCache<string, string>(256);

/**
 * `dashboardPort` is the port read for a comm address (`tcp://host:8786`) or a bare host, when the
 * dashboard is not on Dask's default 8787 (--dashboard-port); a URL that names its port keeps it.
 */
export function normalizeSchedulerUrl(input: string, dashboardPort?: number): UrlResult {
	const text = input.trim();
	if (text === '') return {ok: false, error: 'the scheduler URL is empty'};
	if (/\s/.test(text)) return {ok: false, error: `not a URL (it contains spaces): ${redactUrl(text)}`};

	let note: string | undefined;
	let candidate = text;
	const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(text)?.[1]?.toLowerCase();
	if (scheme === 'tcp' || scheme === 'tls') {
		const comm = parseOrUndefined(`http://${text.slice(scheme.length + 3)}`);
		if (comm === undefined || comm.hostname === '') return {ok: false, error: `not a scheduler address: ${text}`};
		candidate = `http://${comm.host.replace(/:\d+$/, '')}:${dashboardPort ?? DEFAULT_DASHBOARD_PORT}/`;
		note =
			`${text} is the scheduler's comm address; reading its dashboard at ${candidate}` +
			(dashboardPort === undefined ? ' (--dashboard-port PORT if it uses another port)' : '');
	} else if (scheme === undefined && /^\d{1,5}$/.test(text)) {
		// A bare number is a port on this machine (`dask-top 8787`), not the IPv4 address 0.0.34.83.
		const port = Number(text);
		if (port < 1 || port > 65_535) return {ok: false, error: `${text} is not a port (1 to 65535) nor a URL`};
		candidate = `http://127.0.0.1:${port}/`;
	} else if (scheme === undefined) {
		candidate = `http://${text}`;
		const parsed = parseOrUndefined(candidate);
		if (
			parsed !== undefined &&
			parsed.port === '' &&
			!/^[^/?#]*:\d*(?:[/?#]|$)/.test(text.replace(/^\[[^\]]*\]/, ''))
		) {
			parsed.port = String(dashboardPort ?? DEFAULT_DASHBOARD_PORT);
			candidate = parsed.toString();
		}
	} else if (scheme !== 'http' && scheme !== 'https') {
		return {
			ok: false,
			error: `unsupported scheme ${scheme}:// in ${redactUrl(text)} (use http://, https://, or tcp://host:8786)`,
		};
	}

	const parsed = parseOrUndefined(candidate);
	if (parsed === undefined || parsed.hostname === '') return {ok: false, error: `not a URL: ${redactUrl(text)}`};

	const basicAuth =
		parsed.username === '' && parsed.password === ''
			? undefined
			: `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`;
	const query = parsed.search === '?' ? '' : parsed.search;
	const base = `${parsed.protocol}//${parsed.host}${stripPage(parsed.pathname)}`;
	return {
		ok: true,
		url: {
			base,
			query,
			display: base + redactQuery(query),
			...(basicAuth === undefined ? {} : {basicAuth}),
			...(note === undefined ? {} : {note}),
		},
	};
}

function stripPage(pathname: string): string {
	let path = pathname.endsWith('/') ? pathname : `${pathname}/`;
	for (const page of PAGE_SUFFIXES) {
		if (path.endsWith(`/${page}/`)) {
			path = path.slice(0, path.length - page.length - 1);
			break;
		}
	}
	return path.replace(/\/{2,}/g, '/');
}

function parseOrUndefined(text: string): URL | undefined {
	try {
		return new URL(text);
	} catch {
		return undefined;
	}
}
