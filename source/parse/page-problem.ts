/** Why a drill-down page's answer (scrape/drill-pages.ts) cannot be read as its page, in one line. Pure. */
import type {EndpointResult} from '../types/raw-scrape.js';

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
