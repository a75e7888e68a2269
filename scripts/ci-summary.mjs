#!/usr/bin/env node
// Prints the plain "N passed, N failed" line CI reads, from vitest's JSON report. A file that
// fails to import has no failed test, so failed files count too; any non-success exits 1.
import {existsSync, readFileSync} from 'node:fs';

const [reportPath = '.vitest-report.json', statusArg = '0'] = process.argv.slice(2);
const npmStatus = Number(statusArg);
if (!existsSync(reportPath)) {
	console.log(`0 passed, 1 failed`);
	console.error(`no test report at ${reportPath}: the build or type check failed before the tests ran (exit ${npmStatus})`);
	process.exit(1);
}
const report = JSON.parse(readFileSync(reportPath, 'utf8'));
const failedFiles = (report.testResults ?? []).filter((file) => file.status === 'failed' && (file.assertionResults ?? []).every((t) => t.status !== 'failed')).length;
const failed = report.numFailedTests + failedFiles;
const passed = report.numPassedTests;
const ok = report.success && failed === 0 && npmStatus === 0 && report.numTotalTests > 0;
console.log(`${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
