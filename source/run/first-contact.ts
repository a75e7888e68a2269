/**
 * First contact with one scheduler, the same for one cluster (main.ts) and several (clusters.ts):
 * one full round, diagnosed (scrape/first-contact-verdict.ts): is this Dask, and if not, one line saying why.
 * Feeding a round to its pipeline (the source's status, then the round) is here too, for the
 * rounds polled by hand (first contact, --once's follow-up); a started poller feeds through
 * pipeline.ts's connect.
 */
import type {Pipeline} from '../pipeline.js';
import {speaksDaskComm} from '../scrape/comm-probe.js';
import {diagnoseFirstContact, type FirstContact} from '../scrape/first-contact-verdict.js';
import {speaksPlainHttp} from '../scrape/plain-http-probe.js';
import type {Poller} from '../scrape/poller.js';
import type {RawScrape} from '../types/raw-scrape.js';

export interface ContactOptions {
	/** The URL as shown to the user (tokens redacted). */
	readonly display: string;
	readonly timeoutMs: number;
	/** Nobody asked for this URL: it is the built-in default (a refusal gets a hint). */
	readonly isDefaultUrl: boolean;
	/** Plain ASCII output: what the server said is shown in ASCII escapes (units/inert.ts). */
	readonly ascii?: boolean;
	/** Names of the headers sent to the scheduler (-H), for what a login wall's message says. */
	readonly headerNames?: readonly string[];
}

export interface ContactRound {
	/** The round, not yet fed to any pipeline (the caller decides, given the verdict). */
	readonly round: RawScrape;
	readonly verdict: FirstContact;
}

/** One full round, diagnosed. */
export async function contactRound(poller: Poller, options: ContactOptions): Promise<ContactRound> {
	const round = await poller.round();
	const verdict = diagnoseFirstContact({
		results: round.responses,
		locations: poller.redirects(),
		display: options.display,
		timeoutMs: options.timeoutMs,
		isDefaultUrl: options.isDefaultUrl,
		...(options.ascii === undefined ? {} : {ascii: options.ascii}),
		...(options.headerNames === undefined ? {} : {headerNames: options.headerNames}),
	});
	// No scheduler answer at all over https://: maybe the dashboard is plain HTTP (no TLS configured).
	const answered = round.responses.some((r) => r.target === 'scheduler' && r.status !== null);
	if (
		!verdict.ok &&
		!answered &&
		round.base.startsWith('https://') &&
		(await speaksPlainHttp(round.base, Math.min(options.timeoutMs, 3000)))
	) {
		const plain = options.display.replace(/^https:/, 'http:');
		return {
			round,
			verdict: {ok: false, permanent: true, message: `${options.display} answers plain HTTP, not TLS: use ${plain}`},
		};
	}
	// An answer that is not HTTP over http://: maybe a Dask comm port, which greets first.
	const notHttp = round.responses.some((r) => r.target === 'scheduler' && r.error?.kind === 'other');
	if (
		!verdict.ok &&
		!answered &&
		notHttp &&
		round.base.startsWith('http://') &&
		(await speaksDaskComm(round.base, Math.min(options.timeoutMs, 3000)))
	) {
		return {round, verdict: {ok: false, permanent: true, message: commPortMessage(options.display)}};
	}
	return {round, verdict};
}

/** What to say of a Dask comm port given as a dashboard URL. */
function commPortMessage(display: string): string {
	let dashboard = 'http://HOST:8787';
	try {
		const url = new URL(display);
		dashboard = `http://${url.host.replace(/:\d+$/, '')}:8787`;
	} catch {
		// the placeholder stays
	}
	return (
		`${display} is a Dask comm port (the scheduler's tcp:// address, or a worker's), not a dashboard: ` +
		`the scheduler's dashboard is usually on port 8787 (dask-top ${dashboard})`
	);
}

/** A round polled by hand into its pipeline: the poller's status at the round's time, then the round. */
export function feedRound(poller: Poller, pipeline: Pipeline, round: RawScrape): void {
	pipeline.ingest(round, {source: {status: poller.status(), intervalMs: poller.intervalMs}});
}
