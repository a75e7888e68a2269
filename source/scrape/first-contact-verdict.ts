/**
 * First contact: did the URL answer like a Dask dashboard? Checks status AND content type of the
 * first round's scheduler answers; when nothing looks like Dask, says in one line what is wrong
 * and what to do. Pure. What the server said (a redirect's Location, an error's text) is quoted
 * inert (units/inert.ts): the line goes to stderr and to the screen.
 */
import type {EndpointResult, FetchErrorKind} from '../types/raw-scrape.js';
import {formatDurationMs} from '../units/duration.js';
import {inert} from '../units/inert.js';
import {redactUrl} from './url.js';

export interface FirstContactInput {
	readonly results: readonly EndpointResult[];
	/** Redirect targets by request path (not followed by the client). */
	readonly locations?: ReadonlyMap<string, string>;
	/** The URL as shown to the user (tokens redacted). */
	readonly display: string;
	readonly timeoutMs: number;
	/** Nobody asked for this URL: it is the built-in default. */
	readonly isDefaultUrl?: boolean;
	/** Plain ASCII output (what the server said is quoted in ASCII escapes). */
	readonly ascii?: boolean;
	/** Names of the headers sent with every request to the scheduler (-H/--header), never their values. */
	readonly headerNames?: readonly string[];
}

export type FirstContact =
	| {readonly ok: true}
	| {
			readonly ok: false;
			readonly message: string;
			/** Will not fix itself by waiting (a login page, not Dask, TLS): exit even in the TUI. */
			readonly permanent: boolean;
	  };

const TOKEN_HINT = "pass a token with --header 'Authorization: token …'";

/** The headers given with -H, by name (their values are secrets), as a message names them. */
function givenHeaders(input: FirstContactInput): string | undefined {
	const names = input.headerNames ?? [];
	if (names.length === 0) return undefined;
	return `the header${names.length === 1 ? '' : 's'} ${names.map((name) => `'${name}'`).join(', ')}`;
}

/**
 * What to do about an access wall (HTTP 401/403, a login page). With no header given: pass a token.
 * With one given, it went with every request and was not accepted: "pass a token" would send the
 * user in circles.
 */
function accessHint(input: FirstContactInput): string {
	const given = givenHeaders(input);
	return given === undefined
		? TOKEN_HINT
		: `${given} sent ${input.headerNames!.length === 1 ? 'was' : 'were'} not accepted: check the value`;
}

/** The headers came, the body did not come whole (the client's too large / too slow / truncated). */
function bodyFailed(result: EndpointResult): boolean {
	return (
		result.status !== null &&
		result.status >= 200 &&
		result.status < 300 &&
		result.body === undefined &&
		result.error !== undefined
	);
}

/** What to check when a body did not come whole, by how it failed. */
const CUT_HINT: Readonly<Partial<Record<FetchErrorKind, string>>> = {
	'too-large': 'is this a Dask dashboard?',
	timeout: 'a busy scheduler (raise --timeout) or something slow in front of it?',
};

/** A Dask-like endpoint answered, but its body did not come whole: say how, naming the limit it hit. */
function cutShort(result: EndpointResult, input: FirstContactInput): FirstContact {
	const kind = result.error?.kind ?? 'other';
	const why = result.error?.message ?? 'the answer did not come whole';
	const hint = CUT_HINT[kind] ?? 'a proxy in front of the dashboard, or the scheduler failing?';
	return {
		ok: false,
		// An answer past the size cap will be past it next time; a slow or cut one may come whole.
		permanent: kind === 'too-large',
		message: `${input.display} answered ${result.path}, but ${why}: ${hint}`,
	};
}

function isHtml(result: EndpointResult): boolean {
	if (result.contentType?.toLowerCase().includes('text/html')) return true;
	const head = result.body?.trimStart().slice(0, 15).toLowerCase() ?? '';
	return head.startsWith('<!doctype html') || head.startsWith('<html');
}

/** One answer that only a Dask scheduler gives. */
export function looksLikeDask(result: EndpointResult): boolean {
	if (result.status !== 200 || result.body === undefined) return false;
	const body = result.body;
	switch (result.path) {
		case '/metrics':
			return (
				!isHtml(result) && (/^dask_scheduler_/m.test(body) || body.startsWith('# Prometheus metrics are not available'))
			);
		case '/json/identity.json':
			return !isHtml(result) && /"type"\s*:\s*"Scheduler"/.test(body.slice(0, 400));
		case '/info/main/workers.html':
			return /<title>\s*Workers\s*<\/title>/i.test(body) && /<th>\s*Worker\s*<\/th>/i.test(body);
		case '/json/counts.json':
			return !isHtml(result) && /"desired_workers"\s*:/.test(body) && /"waiting_data"\s*:/.test(body);
		default:
			return false;
	}
}

/** A worker's own /metrics: Dask metrics, but a worker's (`dask_worker_…`) and no scheduler's. */
function isWorkerMetrics(result: EndpointResult): boolean {
	return (
		result.path === '/metrics' &&
		result.status === 200 &&
		result.body !== undefined &&
		!isHtml(result) &&
		/^dask_worker_/m.test(result.body)
	);
}

function portOf(display: string): string {
	try {
		const url = new URL(display);
		return url.port === '' ? (url.protocol === 'https:' ? '443' : '80') : url.port;
	} catch {
		return '';
	}
}

function hostOf(display: string): string {
	try {
		return new URL(display).hostname;
	} catch {
		return display;
	}
}

function noAnswer(result: EndpointResult, input: FirstContactInput): FirstContact {
	const url = input.display;
	const failure = result.error ?? {kind: 'other' as const, message: 'no answer'};
	const error = {kind: failure.kind, message: inert(failure.message, input.ascii)};
	const commPort =
		portOf(url) === '8786' ? " (8786 is the scheduler's comm port; its dashboard is usually on 8787)" : '';
	switch (error.kind) {
		case 'refused':
			return input.isDefaultUrl
				? {
						ok: false,
						permanent: true,
						message:
							`no Dask dashboard at ${url} (connection refused): ` +
							'pass its URL (dask-top http://host:8787), set DASK_TOP_URL, or try dask-top --demo',
					}
				: {
						ok: false,
						permanent: false,
						message:
							`nothing answers at ${url} (${error.message}): ` +
							`is the scheduler running, and is ${portOf(url)} its dashboard port?`,
					};
		case 'dns':
			return {
				ok: false,
				permanent: true,
				message: `cannot find the host ${hostOf(url)} of ${url} (${error.message}): check the name`,
			};
		case 'timeout':
			return {
				ok: false,
				permanent: !!input.isDefaultUrl,
				message:
					`${url} did not answer within ${formatDurationMs(input.timeoutMs)}: ` +
					'check the address and any firewall, or raise --timeout',
			};
		case 'tls':
			return {
				ok: false,
				permanent: true,
				message: `TLS failure talking to ${url}: ${error.message}; pass its CA with --ca-file FILE, or --insecure`,
			};
		case 'reset':
			return {
				ok: false,
				permanent: commPort !== '',
				message: `${url} closed the connection without an HTTP answer${commPort || ': is this the dashboard port?'}`,
			};
		case 'too-large':
			return {
				ok: false,
				permanent: true,
				message: `${url} answered ${result.path} with more than the size cap: not a Dask dashboard?`,
			};
		case 'aborted':
			return {ok: false, permanent: false, message: `the request to ${url} was cancelled`};
		case 'other':
			return {
				ok: false,
				permanent: true,
				message: `${url} did not answer like an HTTP server (${error.message})${commPort}`,
			};
	}
}

export function diagnoseFirstContact(input: FirstContactInput): FirstContact {
	const results = input.results.filter((r) => r.target === 'scheduler');
	if (results.some(looksLikeDask)) return {ok: true};
	const url = input.display;
	const answered = results.filter((r) => r.status !== null);
	if (answered.length === 0) {
		const first = results[0];
		return first === undefined
			? {ok: false, permanent: false, message: `no request reached ${url}`}
			: noAnswer(first, input);
	}

	const denied = answered.find((r) => r.status === 401 || r.status === 403);
	if (denied)
		return {ok: false, permanent: true, message: `${url} refused access (HTTP ${denied.status}): ${accessHint(input)}`};

	const redirect = answered.find((r) => r.status !== null && r.status >= 300 && r.status < 400);
	if (redirect) {
		const location = input.locations?.get(redirect.path);
		const where = location === undefined ? '' : ` to ${inert(redactUrl(location), input.ascii)}`;
		const login = location !== undefined && /login|auth|sso|oauth/i.test(location);
		// Without a login page in sight a redirect with a header sent says nothing of the header (an
		// http→https or a path redirect): only the final URL is the fix.
		const given = givenHeaders(input);
		const hint = given !== undefined && !login ? `${given} went with the request` : accessHint(input);
		return {
			ok: false,
			permanent: true,
			message: `${url} redirects${where}${login ? ' (a login page)' : ''}: ${hint}, or pass the dashboard's final URL`,
		};
	}

	const html = answered.find((r) => r.status === 200 && r.path !== '/info/main/workers.html' && isHtml(r));
	if (html) {
		if (html.body !== undefined && /jupyter-server-proxy/i.test(html.body)) {
			return {
				ok: false,
				permanent: true,
				message:
					`${url} is Dask's proxy hint page (jupyter-server-proxy is not installed there): ` +
					"pass the scheduler's own dashboard URL, e.g. http://host:8787",
			};
		}
		return {
			ok: false,
			permanent: true,
			message: `${url} answered with an HTML page, not Dask's JSON: a login page? ${accessHint(input)}`,
		};
	}

	if (answered.some(isWorkerMetrics)) {
		return {
			ok: false,
			permanent: true,
			message:
				`${url} is a Dask worker's dashboard, not the scheduler's: ` +
				"pass the scheduler's dashboard URL (usually port 8787), e.g. http://host:8787",
		};
	}

	if (answered.every((r) => r.status === 404)) {
		return {
			ok: false,
			permanent: true,
			message:
				`${url} is not a Dask dashboard: ${answered.map((r) => r.path).join(', ')} all answered 404 ` +
				'(the dashboard is usually on port 8787; a --dashboard-prefix belongs in the URL)',
		};
	}

	const serverError = answered.find((r) => r.status !== null && r.status >= 500);
	if (serverError && answered.every((r) => r.status !== 200)) {
		return {
			ok: false,
			permanent: false,
			message:
				`${url} answered HTTP ${serverError.status} on every endpoint: ` +
				'the scheduler, or a proxy in front of it, is failing',
		};
	}

	const cut = answered.find(bodyFailed);
	if (cut) return cutShort(cut, input);
	return {
		ok: false,
		permanent: true,
		message: `${url} answered, but not like a Dask dashboard (no Dask metrics, no scheduler identity, no worker table)`,
	};
}
