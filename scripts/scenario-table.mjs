#!/usr/bin/env node
// Prints the confusion table (scenario × finding, one table per Dask release) that the last run of
// test/e2e/diagnosis-scenarios.test.ts wrote: confusion.md in DIR (default $DASK_TOP_SCENARIO_REPORT,
// else dask-top-scenarios/ in the temp dir). With --json, the verdicts behind it.
import {existsSync, readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const dir =
	args.find((arg) => arg !== '--json') ?? process.env.DASK_TOP_SCENARIO_REPORT ?? join(tmpdir(), 'dask-top-scenarios');
const file = join(dir, asJson ? 'confusion.json' : 'confusion.md');
if (!existsSync(file)) {
	console.error(
		`scenario-table: no ${file}: run npx vitest run --project e2e test/e2e/diagnosis-scenarios.test.ts first`,
	);
	process.exit(1);
}
process.stdout.write(readFileSync(file, 'utf8'));
