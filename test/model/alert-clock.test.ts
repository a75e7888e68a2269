/**
 * Alert messages say local time like the rest of the screen: the options layer hands the model
 * a local-time formatter (the model itself never reads the clock or the zone).
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {departureOf} from '../../source/model/departures/departures.js';
import {lastFigures} from '../../source/model/departures/departure.js';
import {resolveModelOptions} from '../../source/model/state.js';
import {newWorkerHistory} from '../../source/model/history/worker-tracks.js';
import {resolveModelFlags} from '../../source/options/model.js';
import type {WorkerTrack} from '../../source/model/types.js';

const AT = Date.UTC(2026, 10, 29, 18, 37, 7); // 13:37:07 in New York (EST, UTC-5)
let zone: string | undefined;

beforeAll(() => {
	zone = process.env['TZ'];
	process.env['TZ'] = 'America/New_York';
});
afterAll(() => {
	if (zone === undefined) delete process.env['TZ'];
	else process.env['TZ'] = zone;
});

const track: WorkerTrack = {
	address: 'tcp://10.0.0.1:1',
	last: {address: 'tcp://10.0.0.1:1', name: 'w1'} as WorkerTrack['last'],
	firstSeenMs: AT - 60_000,
	lastSeenMs: AT,
	lostMs: AT + 2000,
	history: newWorkerHistory(4),
};

describe('alert times with TZ=America/New_York', () => {
	it('the options the CLI builds make "last seen" local time, without "UTC"', () => {
		const flags = resolveModelFlags({}, undefined, 2000);
		expect(flags.ok).toBe(true);
		if (!flags.ok) return;
		const clock = resolveModelOptions(flags.model).clockText;
		const message = lastFigures(departureOf(track, AT + 2000), clock);
		expect(message).toMatch(/last seen 13:37:07$/);
		expect(message).not.toContain('UTC');
	});

	it('a model built without a formatter says UTC and names it', () => {
		expect(lastFigures(departureOf(track, AT + 2000), resolveModelOptions({}).clockText)).toMatch(
			/last seen 18:37:07 UTC$/,
		);
	});
});
