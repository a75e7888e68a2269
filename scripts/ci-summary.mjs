#!/usr/bin/env node
// Prints the plain "N passed, N failed" line CI reads, summed over vitest's JSON reports of every
// lane: `ci-summary.mjs REPORT STATUS [REPORT STATUS ...]`, each report with the exit status of
// the command that wrote it. A file that fails to import has no failed test, so failed files
// count too; a missing report (the build or type check failed first) counts as one failure; any
// non-success exits 1.
import {existsSync, readFileSync} from 'node:fs';

const args = process.argv.slice(2);
if (args.length === 0) args.push('.vitest-report.json', '0');
let passed = 0;
let failed = 0;
let ok = true;
for (let i = 0; i < args.length; i += 2) {
	const reportPath = args[i];
	const status = Number(args[i + 1] ?? '0');
	if (!existsSync(reportPath)) {
		failed += 1;
		ok = false;
		console.error(`no test report at ${reportPath}: the build or type check failed before the tests ran (exit ${status})`);
		continue;
	}
	const report = JSON.parse(readFileSync(reportPath, 'utf8'));
	const failedFiles = (report.testResults ?? []).filter((file) => file.status === 'failed' && (file.assertionResults ?? []).every((t) => t.status !== 'failed')).length;
	const laneFailed = report.numFailedTests + failedFiles;
	passed += report.numPassedTests;
	failed += laneFailed;
	if (!(report.success && laneFailed === 0 && status === 0 && report.numTotalTests > 0)) ok = false;
	if (args.length > 2) console.error(`${reportPath}: ${report.numPassedTests} of ${report.numTotalTests} tests passed (exit ${status})`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
