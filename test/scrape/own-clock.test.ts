/**
 * dask-top's own time (scrape/own-clock.ts) and the poller that watches it. A test process cannot
 * stop itself or put the machine to sleep: the clocks are injected and moved on by hand (the real
 * Ctrl-Z of the installed command in tmux is test/e2e/alerts-routine.test.ts's). The scheduler is the
 * declared fake of test/helpers/fake-dask.ts, and for a round in flight across a stop a small
 * node:http server that answers late (no real Dask answers late on demand).
 */
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterEach, describe, expect, it} from 'vitest';
import {HttpClient} from '../../source/scrape/client.js';
import {type Clocks, OwnClock} from '../../source/scrape/own-clock.js';
import {Poller} from '../../source/scrape/poller.js';
import {normalizeSchedulerUrl} from '../../source/scrape/url.js';
import type {RawScrape} from '../../source/types/raw-scrape.js';
import {startFakeDask} from '../helpers/fake-dask.js';

/** Clocks the test moves: `stop(ms)` is the process stopped for that long (both clocks move on). */
function handClocks(start = 1_800_000_000_000) {
	let wall = start;
	let mono = 1000;
	let continued = Number.NEGATIVE_INFINITY;
	const clocks: Clocks = {wallMs: () => wall, monoMs: () => mono, continuedMonoMs: () => continued};
	return {
		clocks,
		advance(ms: number) {
			wall += ms;
			mono += ms;
		},
		/** Stopped (Ctrl-Z) for `ms`, then SIGCONT. */
		stop(ms: number) {
			wall += ms;
			mono += ms;
			continued = mono;
		},
		/** The machine slept: the monotonic clock stood still. */
		sleep(ms: number) {
			wall += ms;
		},
	};
}

describe('OwnClock', () => {
	it('finds no gap when it runs when expected, or a little late (a busy event loop)', () => {
		const hand = handClocks();
		const own = new OwnClock(hand.clocks);
		own.expect(2000, 2000);
		hand.advance(2000);
		expect(own.check(2000)).toBeUndefined();
		own.expect(2000, 2000);
		hand.advance(3900); // 1.9 s late
		expect(own.check(2000)).toBeUndefined();
		expect(own.latest).toBeUndefined();
	});

	it('finds a gap from when it last ran to now when a timer fires far later than asked, once', () => {
		const hand = handClocks();
		const own = new OwnClock(hand.clocks);
		const armedMs = hand.clocks.wallMs();
		own.expect(2000, 2000);
		hand.stop(15_000); // Ctrl-Z right after arming, fg 15 s later
		expect(own.check(2000)).toEqual({fromMs: armedMs, toMs: armedMs + 15_000});
		expect(own.check(2000)).toBeUndefined();
		expect(own.count).toBe(1);
		expect(own.latest).toEqual({fromMs: armedMs, toMs: armedMs + 15_000});
	});

	it('finds the gap of a machine that slept, when the monotonic clock (and Node’s timers) stood still', () => {
		const hand = handClocks();
		const own = new OwnClock(hand.clocks);
		own.expect(2000, 2000);
		hand.sleep(600_000);
		hand.advance(2000); // the timer fires on time by the monotonic clock
		expect(own.check(2000)).toMatchObject({toMs: expect.any(Number)});
		expect(own.latest!.toMs - own.latest!.fromMs).toBe(602_000);
	});

	it('calls a round tainted when a SIGCONT came or the machine slept while it was in flight', () => {
		const hand = handClocks();
		const own = new OwnClock(hand.clocks);
		const start = own.now();
		hand.advance(30);
		expect(own.tainted(start, own.count)).toBe(false);
		hand.stop(800); // too short to be a gap, but its answers were read after it
		expect(own.tainted(start, own.count)).toBe(true);
		const later = own.now();
		hand.sleep(1000);
		expect(own.tainted(later, own.count)).toBe(true);
	});
});

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function poller(url: string, clocks: Clocks, intervalMs = 100): Poller {
	const parsed = normalizeSchedulerUrl(url);
	if (!parsed.ok) throw new Error(parsed.error);
	const client = new HttpClient({timeoutMs: 2000, schedulerOrigin: new URL(parsed.url.base).origin, headers: []});
	const p = new Poller({
		url: parsed.url,
		client,
		intervalMs,
		timeoutMs: 2000,
		hints: () => ({workers: []}),
		minIntervalMs: 50,
		clocks,
	});
	cleanups.push(() => p.stop());
	return p;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `done` holds (a loaded 2-core machine takes its time), failing after 10 s. */
async function until(done: () => boolean): Promise<void> {
	const deadline = Date.now() + 10_000;
	while (!done()) {
		if (Date.now() > deadline) throw new Error('timed out');
		await sleep(20);
	}
}

describe('the poller watching its own time', () => {
	it('tells a gap with its status at once and with the next round, once; none while it runs on time', async () => {
		const dask = await startFakeDask({version: '2022.12.1', scenario: 'idle'});
		cleanups.push(() => dask.close());
		const hand = handClocks();
		// the hand clocks follow the real ones, plus what the test adds
		const realStart = Date.now();
		const base = performance.now();
		const follow: Clocks = {
			wallMs: () => hand.clocks.wallMs() + (Date.now() - realStart),
			monoMs: () => hand.clocks.monoMs() + (performance.now() - base),
			continuedMonoMs: () => hand.clocks.continuedMonoMs(),
		};
		const p = poller(dask.url, follow);
		const rounds: RawScrape[] = [];
		p.start((raw) => rounds.push(raw));
		await until(() => rounds.length >= 3);
		expect(rounds.some((r) => r.gap !== undefined)).toBe(false);
		expect(p.status()).not.toHaveProperty('gap');
		hand.stop(15_000);
		const gap = p.status().gap;
		expect(gap).toBeDefined();
		expect(gap!.toMs - gap!.fromMs).toBeGreaterThanOrEqual(15_000);
		const before = rounds.length;
		await until(() => rounds.length >= before + 3);
		const carried = rounds.slice(before).filter((r) => r.gap !== undefined);
		expect(carried.map((r) => r.gap)).toEqual([gap]);
	});

	it('reads a round again when it was in flight across a stop, and delivers only the second reading', async () => {
		let hits = 0;
		const server = createServer((_request, response) => {
			hits += 1;
			setTimeout(() => response.end('nothing'), 150);
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		cleanups.push(() => {
			server.closeAllConnections();
			server.close();
		});
		const hand = handClocks();
		const p = poller(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, hand.clocks, 2000);
		const round = p.round();
		await until(() => hits > 0);
		const asked = hits;
		const stoppedAt = Date.now();
		hand.stop(600); // a stop shorter than a gap: only the SIGCONT says it happened
		const raw = await round;
		expect(hits).toBeGreaterThan(asked);
		// every answer delivered was asked after the stop: the first reading was dropped
		const answers = raw.responses.filter((r) => r.target === 'scheduler');
		expect(answers.length).toBeGreaterThan(0);
		for (const answer of answers) expect(answer.startedMs).toBeGreaterThanOrEqual(stoppedAt);
		expect(raw).not.toHaveProperty('gap');
	});
});
