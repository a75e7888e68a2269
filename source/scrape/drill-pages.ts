/**
 * The drill-down pages, asked on demand only (a user's key or flag, a finding that starts), never
 * by a round's plan: a worker's running tasks' call stacks, one task's, the erred tasks, the
 * scheduler's log and a worker's. Those of a worker (call stacks, logs) cost the scheduler an RPC
 * to that worker per request. Each page's body is capped lower than the regular answers: a log of
 * 10,000 lines is about 1.5 MB.
 */
import type {DrillPage} from '../types/drill-page.js';
import type {EndpointResult} from '../types/raw-scrape.js';

export const DRILL_BODY_CAP_BYTES = 8 * 1024 * 1024;

export function drillPath(page: DrillPage): string {
	switch (page.kind) {
		case 'call-stacks':
			return `/info/call-stacks/${encodeURIComponent(page.worker)}.html`;
		case 'call-stack':
			return `/info/call-stack/${encodeURIComponent(page.key)}.html`;
		case 'exceptions':
			return '/info/main/exceptions.html';
		case 'scheduler-logs':
			return '/info/main/logs.html';
		case 'worker-logs':
			return `/info/logs/${encodeURIComponent(page.worker)}.html`;
	}
}

/** Why an answer cannot be read as its page, in one line; undefined when it can (200 with a body). */
export function drillProblem(result: EndpointResult): string | undefined {
	if (result.error !== undefined) return result.error.message;
	if (result.status === 200 && result.body !== undefined) return undefined;
	if (result.status === 404) return 'not found (404): the scheduler does not know it, or serves no /info pages';
	if (result.status !== null && result.status >= 500)
		return `the scheduler answered ${result.status} (the worker may not have answered it)`;
	if (result.status !== null) return `the scheduler answered ${result.status}`;
	return 'no answer';
}
