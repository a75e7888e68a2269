/** Runs the parser of an endpoint kind on a body; a body the parser rejects throws BodyParseError. */
import {parseAdaptiveTarget, parseApiRoot, parseCheckIdle, parseGetWorkers, type ApiWorkers} from './api.js';
import {parseCounts, type Counts} from './counts.js';
import type {EndpointKind} from './endpoint-kind.js';
import {parseIdentity, type Identity} from './identity.js';
import {BodyParseError} from './json.js';
import {parsePrometheus, type PromDocument} from './prometheus.js';
import {parseSchedulerLog, type SchedulerLog} from './scheduler-log.js';
import {parseSchedulerMetrics, SCHEDULER_METRIC_NAMES, type SchedulerMetrics} from './scheduler-metrics.js';
import {parseWorkerMetrics, WORKER_METRIC_NAMES, type WorkerMetrics} from './worker-metrics.js';
import {parseWorkerPage, type WorkerPage} from './worker-page.js';
import {parseWorkersHtml, type WorkersHtml} from './workers-html.js';

export interface ParsedValues {
	readonly 'scheduler-metrics': SchedulerMetrics;
	readonly 'worker-metrics': WorkerMetrics;
	readonly identity: Identity;
	readonly counts: Counts;
	readonly 'workers-html': WorkersHtml;
	readonly 'worker-page': WorkerPage;
	readonly 'scheduler-log': SchedulerLog;
	readonly 'api-root': boolean;
	readonly 'api-adaptive-target': number;
	readonly 'api-get-workers': ApiWorkers;
	readonly 'api-check-idle': {readonly idle_since: number | null};
	readonly health: boolean;
	readonly 'status-page': {readonly oldBokehStub: boolean};
}

export type ParsedKind = keyof ParsedValues;
export type Parsed = {[K in ParsedKind]: {readonly kind: K; readonly value: ParsedValues[K]}}[ParsedKind];
export type ParsedOf<K extends ParsedKind> = ParsedValues[K];

/**
 * `body` as Prometheus text, reading only the names a reader wants. A body of which none was read
 * is parsed whole to tell whether it is Prometheus text at all (an HTML error page is not).
 */
function prometheus(body: string, wanted: ReadonlySet<string>): PromDocument {
	const doc = parsePrometheus(body, wanted);
	if (doc.sampleCount > 0) return doc;
	const whole = parsePrometheus(body);
	if (whole.sampleCount === 0 && whole.invalidLines > 0) {
		throw new BodyParseError(
			`not Prometheus text (line ${whole.firstInvalid?.line ?? 1}: ${whole.firstInvalid?.reason ?? 'invalid'})`,
		);
	}
	return doc;
}

/** Parses `body` as `kind`; `undefined` for kinds dask-top does not read. */
export function parseAnswer(kind: EndpointKind, body: string): Parsed | undefined {
	switch (kind) {
		case 'scheduler-metrics':
			return {kind, value: parseSchedulerMetrics(prometheus(body, SCHEDULER_METRIC_NAMES))};
		case 'worker-metrics':
			return {kind, value: parseWorkerMetrics(prometheus(body, WORKER_METRIC_NAMES))};
		case 'identity':
			return {kind, value: parseIdentity(body)};
		case 'counts':
			return {kind, value: parseCounts(body)};
		case 'workers-html':
			return {kind, value: parseWorkersHtml(body)};
		case 'worker-page':
			return {kind, value: parseWorkerPage(body)};
		case 'scheduler-log':
			return {kind, value: parseSchedulerLog(body)};
		case 'api-root':
			return {kind, value: parseApiRoot(body)};
		case 'api-adaptive-target':
			return {kind, value: parseAdaptiveTarget(body)};
		case 'api-get-workers':
			return {kind, value: parseGetWorkers(body)};
		case 'api-check-idle':
			return {kind, value: parseCheckIdle(body)};
		case 'health':
			if (body.trim() !== 'ok') throw new BodyParseError('/health did not answer "ok"');
			return {kind, value: true};
		case 'status-page':
			// Dask ≤2023.3 without Bokeh serves "Dask needs bokeh >= 2.4.2, < 3 for the dashboard."
			return {kind, value: {oldBokehStub: /Dask needs bokeh\s*>=[^<]*,\s*<\s*3/.test(body)}};
		case 'other':
			return undefined;
	}
}
