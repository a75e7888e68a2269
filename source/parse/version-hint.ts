/**
 * What the answers' shapes say of the Dask version (no endpoint reports it). The features of
 * docs/endpoints.md, "Telling versions apart", newest feature first, plus two page features (workers.html `data-sort`,
 * /api/v1/check_idle) that date a version when identity.json is failing. First match wins; every
 * check reads the last good answer, since the version does not change between polls.
 */
import {entryOf, lastOk, type ScrapeCache} from './cache.js';

interface Check {
	readonly hint: string;
	readonly test: (cache: ScrapeCache) => boolean;
}

const CHECKS: readonly Check[] = [
	{hint: '>=2025.4', test: (c) => lastOk(c, '/json/identity.json', 'identity')?.hasNWorkers === true},
	{hint: '>=2024.8', test: (c) => lastOk(c, '/metrics', 'scheduler-metrics')?.hasClientConnectionsAdded === true},
	{hint: '>=2024.6', test: (c) => lastOk(c, '/metrics', 'scheduler-metrics')?.hasTaskGroups === true},
	{hint: '>=2023.9.1', test: (c) => lastOk(c, '/info/main/workers.html', 'workers-html')?.hasDataSort === true},
	{hint: '>=2023.4', test: (c) => lastOk(c, '/json/identity.json', 'identity')?.hasDigests === true},
	{hint: '>=2023.3.2', test: (c) => entryOf(c, 'scheduler', '/api/v1/check_idle')?.lastOk !== undefined},
	{hint: '>=2023.1.1', test: (c) => lastOk(c, '/metrics', 'scheduler-metrics')?.workerLabels === 'additive'},
	{hint: '<=2022.12', test: (c) => lastOk(c, '/metrics', 'scheduler-metrics')?.workerLabels === 'connected'},
	{hint: '<=2023.3', test: (c) => lastOk(c, '/status', 'status-page')?.oldBokehStub === true},
];

export function daskVersionHint(cache: ScrapeCache): string | undefined {
	return CHECKS.find((check) => check.test(cache))?.hint;
}
