/**
 * Why a request produced no usable HTTP answer, as a FetchErrorKind and one short line. Errors are
 * classified by `err.code` when it is a string (Node and undici codes), otherwise by `err.name`:
 * AbortSignal.timeout() rejects with a DOMException named TimeoutError whose `code` is the number 23.
 */
import type {FetchErrorKind} from '../types/raw-scrape.js';
import {bytesText} from '../units/bytes.js';
import {formatDurationMs} from '../units/duration.js';

export interface FetchError {
	readonly kind: FetchErrorKind;
	readonly message: string;
}

const CODE_KIND: Readonly<Record<string, readonly [FetchErrorKind, string]>> = {
	ECONNREFUSED: ['refused', 'connection refused'],
	EHOSTUNREACH: ['refused', 'host unreachable'],
	ENETUNREACH: ['refused', 'network unreachable'],
	EADDRNOTAVAIL: ['refused', 'address not available'],
	ENOTFOUND: ['dns', 'host name not found'],
	EAI_AGAIN: ['dns', 'host name lookup failed (temporary DNS failure)'],
	EAI_NONAME: ['dns', 'host name not found'],
	ETIMEDOUT: ['timeout', 'timed out'],
	UND_ERR_CONNECT_TIMEOUT: ['timeout', 'connect timed out'],
	UND_ERR_HEADERS_TIMEOUT: ['timeout', 'no answer in time'],
	UND_ERR_BODY_TIMEOUT: ['timeout', 'the answer stalled'],
	ECONNRESET: ['reset', 'connection reset'],
	EPIPE: ['reset', 'connection closed'],
	UND_ERR_SOCKET: ['reset', 'connection closed mid-answer'],
	UND_ERR_CLOSED: ['reset', 'connection closed'],
	UND_ERR_ABORTED: ['aborted', 'cancelled'],
	UND_ERR_RES_EXCEEDED_MAX_SIZE: ['too-large', 'answer too large'],
	DEPTH_ZERO_SELF_SIGNED_CERT: ['tls', 'self-signed certificate'],
	SELF_SIGNED_CERT_IN_CHAIN: ['tls', 'self-signed certificate in the chain'],
	UNABLE_TO_VERIFY_LEAF_SIGNATURE: ['tls', 'certificate issuer not trusted'],
	UNABLE_TO_GET_ISSUER_CERT_LOCALLY: ['tls', 'certificate issuer not trusted'],
	UNABLE_TO_GET_ISSUER_CERT: ['tls', 'certificate issuer not trusted'],
	CERT_HAS_EXPIRED: ['tls', 'certificate expired'],
	CERT_NOT_YET_VALID: ['tls', 'certificate not yet valid'],
	ERR_TLS_CERT_ALTNAME_INVALID: ['tls', 'certificate does not match the host name'],
	ERR_SSL_WRONG_VERSION_NUMBER: ['tls', 'the server does not speak TLS (try http://)'],
	EPROTO: ['tls', 'TLS handshake failed'],
};

/** Codes of HTTP parse failures: something answered that does not speak HTTP. */
const NOT_HTTP = /^HPE_/;

export function classifyError(error: unknown): FetchError {
	const err = (error ?? {}) as {code?: unknown; name?: unknown; message?: unknown; cause?: unknown};
	if (typeof err.code === 'string') {
		const known = CODE_KIND[err.code];
		if (known !== undefined) return {kind: known[0], message: known[1]};
		if (NOT_HTTP.test(err.code)) return {kind: 'other', message: 'the answer is not HTTP'};
		if (/^(ERR_TLS_|ERR_SSL_|CERT_|ERR_OSSL_)/.test(err.code))
			return {kind: 'tls', message: `TLS failure (${err.code})`};
	}
	if (err.name === 'TimeoutError') return {kind: 'timeout', message: 'no answer in time'};
	if (err.name === 'AbortError') return {kind: 'aborted', message: 'cancelled'};
	if (err.cause !== undefined && err.cause !== error) {
		const inner = classifyError(err.cause);
		if (inner.kind !== 'other') return inner;
	}
	const message = typeof err.message === 'string' && err.message !== '' ? firstLine(err.message) : 'request failed';
	return {kind: 'other', message: typeof err.code === 'string' ? `${message} (${err.code})` : message};
}

function firstLine(text: string): string {
	const line = text.split('\n')[0] ?? text;
	return line.length > 120 ? `${line.slice(0, 117)}...` : line;
}

/** What came of a body, and the limits it was read under. */
export interface BodyRead {
	/** Bytes of body read. */
	readonly bytes: number;
	/** The Content-Length the answer declared. */
	readonly declaredBytes?: number;
	readonly capBytes: number;
	readonly timeoutMs: number;
}

/** Past the size cap: not read (declared larger) or no longer read. */
export function tooLarge(read: BodyRead): FetchError {
	const cap = bytesText(read.capBytes, '?');
	return {
		kind: 'too-large',
		message:
			read.declaredBytes !== undefined && read.declaredBytes > read.capBytes
				? `too large: the answer declared ${bytesText(read.declaredBytes, '?')}, over the ${cap} size cap; not read`
				: `too large: the answer went past the ${cap} size cap; stopped reading`,
	};
}

/**
 * The headers came but the body did not come whole: too slow (still coming at the deadline) or
 * truncated (the connection closed before its end), in one line naming the limit or the length. Any
 * other failure (a cancel, a TLS error) is returned as it is.
 */
export function bodyFailure(error: FetchError, read: BodyRead): FetchError {
	const got = bytesText(read.bytes, '?');
	const declared = read.declaredBytes === undefined ? undefined : bytesText(read.declaredBytes, '?');
	if (error.kind === 'timeout')
		return {
			kind: 'timeout',
			message:
				`too slow: the answer was still coming at the ${formatDurationMs(read.timeoutMs)} deadline ` +
				`(${got}${declared === undefined ? '' : ` of ${declared}`} read)`,
		};
	if (error.kind === 'reset')
		return {
			kind: 'reset',
			message:
				declared === undefined
					? `truncated: the connection closed after ${got} of the answer`
					: `truncated: ${got} of the ${declared} declared came before the connection closed`,
		};
	return error;
}
