/**
 * Whether the scheduler answered a poll round, the poller's "live" or "retrying": an endpoint that
 * carries the cluster's figures gave a whole HTTP answer. /health answering while /metrics and
 * identity.json hang (or trickle their bodies past the deadline) is no answer: the figures did not
 * come, so the screen must not say live, and the poller backs off. A round that asked none of those
 * endpoints (the probe of a dashboard without them) is judged by what it asked. Pure.
 */
import {carriesFigures, classify, endpointKind} from '../parse/index.js';
import type {EndpointResult} from '../types/raw-scrape.js';

export type RoundVerdict =
	| {readonly answered: true}
	| {
			readonly answered: false;
			/** The first endpoint that gave no whole answer (the status line says why). */
			readonly failed: EndpointResult;
	  };

/** An HTTP answer whose body came whole (any status: a 404 or a 500 is the server answering). */
function whole(result: EndpointResult): boolean {
	return result.status !== null && result.error === undefined;
}

/** Undefined when the round asked the scheduler nothing. */
export function schedulerAnswered(responses: readonly EndpointResult[]): RoundVerdict | undefined {
	const asked = responses.filter((r) => r.target === 'scheduler' && r.method === undefined);
	if (asked.length === 0) return undefined;
	const figures = asked.filter((r) => carriesFigures(endpointKind(r.target, r.path)));
	const judged = figures.length > 0 ? figures : asked;
	if (judged.some(whole)) return {answered: true};
	return {answered: false, failed: judged.find((r) => !whole(r)) ?? judged[0]!};
}

/**
 * An answer whose headers came but whose body was too large or too slow to read whole: it cost a
 * download up to the size cap or a wait up to the deadline, and gave nothing (plan.ts strikes).
 */
export function wastedAnswer(result: EndpointResult): boolean {
	if (result.status === null || result.body !== undefined) return false;
	return result.error?.kind === 'too-large' || result.error?.kind === 'timeout';
}

/** The status line of a round the scheduler did not answer: which endpoint, and why. */
export function downDetail(failed: EndpointResult): string | undefined {
	const why = classify(failed).detail;
	// With the headers in, the server is there: the endpoint's answer is what failed.
	return failed.status === null || why === undefined ? why : `${failed.path}: ${why}`;
}
