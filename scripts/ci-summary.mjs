#!/usr/bin/env node
// Prints the plain "N passed, N failed" line CI reads, summed over vitest's JSON reports of every
// lane and the checks that run beside them:
// `ci-summary.mjs [--check NAME STATUS ...] REPORT STATUS [REPORT STATUS ...]`, each report with the
// exit status of the command that wrote it, each check (build, typecheck, lint, test:no-patches) with its
// exit status.
// A failed check counts as one failure and says so on its own line; a file that fails to import has
// no failed test, so failed files count too; a missing report (vitest did not start) counts as one
// failure; any non-success exits 1.
import {existsSync, readFileSync} from 'node:fs';
import {relative} from 'node:path';

const args = process.argv.slice(2);
const checks = [];
while (args[0] === '--check') {
	checks.push({name: args[1], status: Number(args[2] ?? '1')});
	args.splice(0, 3);
}
if (args.length === 0) args.push('.vitest-report.json', '0');
let passed = 0;
let failed = 0;
let ok = true;
for (const check of checks) {
	if (check.status === 0) continue;
	failed += 1;
	ok = false;
	console.error(`check failed: npm run ${check.name} exited ${check.status} (its output is above)`);
}
for (let i = 0; i < args.length; i += 2) {
	const reportPath = args[i];
	const status = Number(args[i + 1] ?? '0');
	if (!existsSync(reportPath)) {
		failed += 1;
		ok = false;
		console.error(`no test report at ${reportPath}: vitest did not run to the end (exit ${status})`);
		continue;
	}
	const report = JSON.parse(readFileSync(reportPath, 'utf8'));
	const failedFiles = (report.testResults ?? []).filter(
		(file) => file.status === 'failed' && (file.assertionResults ?? []).every((t) => t.status !== 'failed'),
	).length;
	const laneFailed = report.numFailedTests + failedFiles;
	for (const line of failureLines(report)) console.error(line);
	passed += report.numPassedTests;
	failed += laneFailed;
	if (!(report.success && laneFailed === 0 && status === 0 && report.numTotalTests > 0)) ok = false;
	if (args.length > 2)
		console.error(`${reportPath}: ${report.numPassedTests} of ${report.numTotalTests} tests passed (exit ${status})`);
}
if (checks.length > 0) {
	const failedNames = checks.filter((c) => c.status !== 0).map((c) => c.name);
	console.error(
		`checks: ${checks.length - failedNames.length} of ${checks.length} passed` +
			`${failedNames.length > 0 ? ` (failed: ${failedNames.join(', ')})` : ''}`,
	);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);

/**
 * One line for each failed test (file, test name, the first line of its first failure) and each
 * file that failed without a failed test (an import or a hook failed), so that the end of the log,
 * which is all a CI page may keep, says what failed and not only how many.
 */
function failureLines(report) {
	const lines = [];
	for (const file of report.testResults ?? []) {
		const name = relative(process.cwd(), file.name ?? '?');
		const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
		for (const test of failedTests)
			lines.push(`FAILED ${name} > ${test.fullName ?? test.title}: ${firstLine(test.failureMessages?.[0])}`);
		if (file.status === 'failed' && failedTests.length === 0)
			lines.push(`FAILED ${name} (no test failed: ${firstLine(file.message)})`);
	}
	return lines;
}

function firstLine(text) {
	const line =
		String(text ?? 'no message')
			.split('\n')
			.find((l) => l.trim() !== '') ?? 'no message';
	return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
