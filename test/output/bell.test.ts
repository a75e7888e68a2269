import {describe, expect, it} from 'vitest';
import {createBell, newCriticalAlerts, type AlertsById} from '../../source/output/bell.js';
import type {Severity} from '../../source/model/view-types.js';

const alerts = (entries: Record<string, Severity>): AlertsById =>
	new Map(Object.entries(entries).map(([id, severity]) => [id, {severity}]));

describe('when the bell rings', () => {
	it.each<[string, AlertsById | undefined, AlertsById, string[]]>([
		['a new critical alert', alerts({}), alerts({'worker_lost|a': 'critical'}), ['worker_lost|a']],
		['a warning raised to critical', alerts({'memory|b': 'warning'}), alerts({'memory|b': 'critical'}), ['memory|b']],
		['not a critical alert going on', alerts({'memory|b': 'critical'}), alerts({'memory|b': 'critical'}), []],
		['not a warning or info', alerts({}), alerts({'memory|b': 'warning', 'retired|c': 'info'}), []],
		['not a critical alert falling to warning', alerts({'memory|b': 'critical'}), alerts({'memory|b': 'warning'}), []],
		['not on the first look (the baseline)', undefined, alerts({'worker_lost|a': 'critical'}), []],
		[
			'each critical one that started',
			alerts({'memory|b': 'critical'}),
			alerts({'memory|b': 'critical', 'paused|c': 'critical', 'stale|s': 'critical'}),
			['paused|c', 'stale|s'],
		],
	])('%s', (_case, before, now, started) => {
		expect(newCriticalAlerts(before, now)).toEqual(started);
	});

	it('rings once per change that starts any, never for what was ongoing at the start or again', () => {
		let current = alerts({'worker_lost|a': 'critical'});
		let other = alerts({});
		let rings = 0;
		const check = createBell([() => current, () => other], () => (rings += 1));
		check();
		expect(rings).toBe(0); // ongoing when the screen started: the baseline
		current = alerts({'worker_lost|a': 'critical', 'memory|b': 'critical'});
		other = alerts({'paused|x': 'critical'});
		check();
		expect(rings).toBe(1); // two clusters, two alerts: one BEL
		current = alerts({'worker_lost|a': 'critical', 'memory|b': 'critical', 'memory|c': 'warning'});
		check();
		check();
		expect(rings).toBe(1);
		current = alerts({});
		check();
		current = alerts({'worker_lost|a': 'critical'});
		check();
		expect(rings).toBe(2); // resolved, then started again: a new start
	});
});
