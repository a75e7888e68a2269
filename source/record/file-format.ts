/**
 * The recording format: NDJSON, a header line then one RawScrape per poll round. Pure: turns
 * rounds into lines and lines back into rounds, redacting on the way out and validating on the
 * way in. Lines hold only the contract's fields, so request headers can never be written.
 */
import type {EndpointResult, FetchErrorKind, OwnGap, RawScrape, Target} from '../types/raw-scrape.js';
import {redactText, redactUrl} from './redact.js';

export const RECORDING_FORMAT = 'dask-top-recording';
export const RECORDING_VERSION = 1;

export interface RecordingHeader {
	readonly format: typeof RECORDING_FORMAT;
	readonly version: number;
	/** ISO-8601 time the recording was opened. */
	readonly created: string;
	/** The scheduler's HTTP base, redacted. */
	readonly url: string;
	/** The dask-top version that wrote it. */
	readonly dask_top: string;
}

export function makeHeader(url: string, daskTopVersion: string, createdMs: number): RecordingHeader {
	return {
		format: RECORDING_FORMAT,
		version: RECORDING_VERSION,
		created: new Date(createdMs).toISOString(),
		url: redactUrl(url),
		dask_top: daskTopVersion,
	};
}

export function headerLine(header: RecordingHeader): string {
	return `${JSON.stringify(header)}\n`;
}

function isHtml(contentType: string | undefined): boolean {
	return contentType !== undefined && /html/i.test(contentType);
}

/** One endpoint answer as written: the contract's fields only, secrets redacted. */
function redactResult(result: EndpointResult): EndpointResult {
	return {
		target: result.target,
		path: redactUrl(result.path),
		url: redactUrl(result.url),
		startedMs: result.startedMs,
		...(result.headersMs === undefined ? {} : {headersMs: result.headersMs}),
		latencyMs: result.latencyMs,
		status: result.status,
		...(result.contentType === undefined ? {} : {contentType: result.contentType}),
		// An HTML answer (a login page, a proxy hint page) may echo a token back in a link.
		...(result.body === undefined ? {} : {body: isHtml(result.contentType) ? redactText(result.body) : result.body}),
		...(result.error === undefined
			? {}
			: {error: {kind: result.error.kind, message: redactText(result.error.message)}}),
		...(result.method === undefined ? {} : {method: result.method}),
		...(result.requestBody === undefined ? {} : {requestBody: result.requestBody}),
		...(result.pending === true ? {pending: true} : {}),
		...(result.onDemand === true ? {onDemand: true} : {}),
	};
}

/** The line written for one poll round, newline included. */
export function roundLine(raw: RawScrape): string {
	const round: RawScrape = {
		atMs: raw.atMs,
		...(raw.answeredMs === undefined ? {} : {answeredMs: raw.answeredMs}),
		...(raw.intervalMs === undefined ? {} : {intervalMs: raw.intervalMs}),
		...(raw.gap === undefined ? {} : {gap: {fromMs: raw.gap.fromMs, toMs: raw.gap.toMs}}),
		base: redactUrl(raw.base),
		responses: raw.responses.map(redactResult),
	};
	return `${JSON.stringify(round)}\n`;
}

/** Why a line cannot be read; the reader turns it into a one-line message. */
export class RecordingFormatError extends Error {
	override readonly name = 'RecordingFormatError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A line's JSON value; RecordingFormatError with `notJson` when it is not JSON. */
function jsonOf(line: string, notJson: string): unknown {
	try {
		return JSON.parse(line);
	} catch {
		throw new RecordingFormatError(notJson);
	}
}

/** Parses and checks the first line. Throws RecordingFormatError with a message for the user. */
export function parseHeader(line: string): RecordingHeader {
	const value = jsonOf(line, 'is not a dask-top recording (the first line is not JSON)');
	if (!isRecord(value) || value['format'] !== RECORDING_FORMAT) {
		throw new RecordingFormatError(
			`is not a dask-top recording (the first line has no "format": "${RECORDING_FORMAT}")`,
		);
	}
	const version = value['version'];
	if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
		throw new RecordingFormatError(`has an unknown recording version ${JSON.stringify(version)}`);
	}
	if (version > RECORDING_VERSION) {
		throw new RecordingFormatError(
			`is recording version ${version}, newer than this dask-top reads (${RECORDING_VERSION}): upgrade dask-top`,
		);
	}
	return {
		format: RECORDING_FORMAT,
		version,
		created: typeof value['created'] === 'string' ? value['created'] : '',
		url: typeof value['url'] === 'string' ? value['url'] : '',
		dask_top: typeof value['dask_top'] === 'string' ? value['dask_top'] : 'unknown',
	};
}

const ERROR_KINDS: ReadonlySet<string> = new Set<FetchErrorKind>([
	'refused',
	'dns',
	'timeout',
	'tls',
	'reset',
	'too-large',
	'aborted',
	'other',
]);

function parseResult(value: unknown): EndpointResult | undefined {
	if (!isRecord(value)) return undefined;
	const {target, path, url, startedMs, headersMs, latencyMs, status, contentType, body, error} = value;
	const {method, requestBody, pending, onDemand} = value;
	if (typeof target !== 'string' || (target !== 'scheduler' && !target.startsWith('worker:'))) return undefined;
	if (typeof path !== 'string' || typeof startedMs !== 'number' || typeof latencyMs !== 'number') return undefined;
	if (status !== null && typeof status !== 'number') return undefined;
	let parsedError: EndpointResult['error'];
	if (isRecord(error)) {
		const kind =
			typeof error['kind'] === 'string' && ERROR_KINDS.has(error['kind']) ? (error['kind'] as FetchErrorKind) : 'other';
		parsedError = {kind, message: typeof error['message'] === 'string' ? error['message'] : ''};
	}
	return {
		target: target as Target,
		path,
		url: typeof url === 'string' ? url : path,
		startedMs,
		// Recordings made before answers carried it have none: parse then times the answer by startedMs.
		...(typeof headersMs === 'number' && Number.isFinite(headersMs) ? {headersMs} : {}),
		latencyMs,
		status,
		...(typeof contentType === 'string' ? {contentType} : {}),
		...(typeof body === 'string' ? {body} : {}),
		...(parsedError ? {error: parsedError} : {}),
		...(method === 'POST' ? {method} : {}),
		...(typeof requestBody === 'string' ? {requestBody} : {}),
		...(pending === true ? {pending} : {}),
		...(onDemand === true ? {onDemand} : {}),
	};
}

/** A round's recorded gap in dask-top's own time; anything malformed is no gap. */
function ownGapOf(value: unknown): OwnGap | undefined {
	if (!isRecord(value)) return undefined;
	const {fromMs, toMs} = value;
	return typeof fromMs === 'number' && typeof toMs === 'number' && Number.isFinite(fromMs) && toMs > fromMs
		? {fromMs, toMs}
		: undefined;
}

/** Parses one round line. Throws RecordingFormatError when it is not JSON or not a round. */
export function parseRound(line: string): RawScrape {
	const value = jsonOf(line, 'is not JSON');
	if (
		!isRecord(value) ||
		typeof value['atMs'] !== 'number' ||
		typeof value['base'] !== 'string' ||
		!Array.isArray(value['responses'])
	) {
		throw new RecordingFormatError('is not a poll round (needs atMs, base, responses)');
	}
	const responses: EndpointResult[] = [];
	for (const item of value['responses']) {
		const result = parseResult(item);
		if (!result)
			throw new RecordingFormatError('holds an answer without target, path, startedMs, latencyMs and status');
		responses.push(result);
	}
	const answeredMs = value['answeredMs'];
	const intervalMs = value['intervalMs'];
	const gap = ownGapOf(value['gap']);
	return {
		atMs: value['atMs'],
		...(typeof answeredMs === 'number' && Number.isFinite(answeredMs) ? {answeredMs} : {}),
		...(typeof intervalMs === 'number' && Number.isFinite(intervalMs) && intervalMs > 0 ? {intervalMs} : {}),
		...(gap === undefined ? {} : {gap}),
		base: value['base'],
		responses,
	};
}
