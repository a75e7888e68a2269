/**
 * Redaction of secrets that may ride in URLs: token-like query (and fragment) parameters and the
 * user:password@ part of an authority. Applied to everything a recording writes that can hold a
 * URL (base, url, path, error messages, HTML bodies) so a recording can be shared.
 */

/** The same mark the scrape layer shows in redacted URLs. */
export const REDACTED = '***';

/** Parameter names whose value is a credential (compared lower-case, after decoding). */
const SECRET_NAMES = new Set([
	'token',
	'access_token',
	'id_token',
	'refresh_token',
	'auth',
	'authorization',
	'auth_token',
	'api_key',
	'apikey',
	'key',
	'password',
	'passwd',
	'pwd',
	'pass',
	'secret',
	'client_secret',
	'signature',
	'sig',
	'session',
	'sessionid',
	'jwt',
	'credential',
	'credentials',
	'_xsrf',
	'code',
	'ticket',
]);

/** Names that are secrets by what they contain (x-amz-signature, x-goog-credential, my_token…). */
const SECRET_PARTS = /token|secret|passw|signature|credential|api[-_]?key|auth|session|ticket|jwt/i;

export function isSecretName(name: string): boolean {
	let decoded = name;
	try {
		decoded = decodeURIComponent(name.replaceAll('+', ' '));
	} catch {
		// a malformed escape: judge the raw name
	}
	const lower = decoded.toLowerCase();
	return SECRET_NAMES.has(lower) || SECRET_PARTS.test(lower);
}

/** `name=value` after `?`, `&`, `#` or `;` (HTML's `&amp;`), value up to a separator or quote. */
const PARAM = /([?&#;])([^=&#?;\s"'<>]+)=([^&#\s"'<>]*)/g;

/** `scheme://userinfo@`: the userinfo (user, user:password, or a token used as user) goes. */
const USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^/\s?#@"'<>]+@/gi;

/** Redacts secrets in any text that may hold URLs or bare query strings. */
export function redactText(text: string): string {
	return text
		.replace(USERINFO, `$1${REDACTED}@`)
		.replace(PARAM, (whole, sep: string, name: string, value: string) =>
			isSecretName(name) && value !== '' && value !== REDACTED ? `${sep}${name}=${REDACTED}` : whole,
		);
}

/** A URL (or a path with its query) with its secrets redacted; everything else byte for byte. */
export function redactUrl(url: string): string {
	return redactText(url);
}
