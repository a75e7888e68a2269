/**
 * Sending a retire (`POST /api/v1/retire_workers`, the scheduler's api module) and carrying it into
 * the poll stream. The request is sent at once and never retried; the round that ends next carries
 * a pending record of it, and the round that ends after its answer carries the answer (same
 * startedMs). The model judges the outcome from the polls (model/departures/retire.ts); a recording replays
 * both records, so it shows the same events.
 */
import {RETIRE_PATH} from '../types/snapshot.js';
import type {EndpointResult} from '../types/raw-scrape.js';
import type {HttpClient} from './client.js';
import {toEndpointResult} from './result.js';
import {displayUrl, requestUrl, type SchedulerUrl} from './url.js';

/** Retire waits for the worker's data to move to others: far longer than a read may take. */
export const RETIRE_TIMEOUT_MS = 60_000;

export function retireRequestBody(address: string): string {
	return JSON.stringify({workers: [address]});
}

/** Actions sent and answered since the last round ended, for the next round to carry. */
export class ActionOutbox {
	private waiting: EndpointResult[] = [];

	/** Sends the retire of one worker; `onAnswer` runs when its answer (or failure) is in. */
	retire(client: HttpClient, url: SchedulerUrl, address: string, onAnswer: () => void): void {
		const body = retireRequestBody(address);
		const shown = displayUrl(url, RETIRE_PATH);
		const startedMs = Date.now();
		const action = {method: 'POST', requestBody: body} as const;
		this.waiting.push({
			target: 'scheduler',
			path: RETIRE_PATH,
			url: shown,
			startedMs,
			latencyMs: 0,
			status: null,
			...action,
			pending: true,
		});
		void client.post(requestUrl(url, RETIRE_PATH), body, {timeoutMs: RETIRE_TIMEOUT_MS}).then((outcome) => {
			this.waiting.push({...toEndpointResult('scheduler', RETIRE_PATH, shown, {...outcome, startedMs}), ...action});
			onAnswer();
		});
	}

	/** What the next round carries; empties the outbox. */
	take(): EndpointResult[] {
		const taken = this.waiting;
		this.waiting = [];
		return taken;
	}
}
