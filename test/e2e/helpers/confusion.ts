/**
 * The confusion table of the diagnosis scenarios (scenario × finding, one table per Dask release)
 * from one run of test/e2e/diagnosis-scenarios.test.ts, written as confusion.md and confusion.json
 * to $DASK_TOP_SCENARIO_REPORT (default: dask-top-scenarios/ in the temp dir);
 * `node scripts/scenario-table.mjs [DIR]` prints it.
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {CAUSES, type Verdict} from './findings.js';

export interface ScenarioRow {
	readonly dask: string;
	readonly scenario: string;
	/** The finding it must raise; null for a healthy run. */
	readonly cause: string | null;
	/** Why the cause did not happen for real (empty: it did). */
	readonly unproven: readonly string[];
	readonly verdict?: Verdict;
	/** The scenario could not be recorded: why. */
	readonly error?: string;
	readonly seconds: number;
	readonly phases?: Readonly<Record<string, number>>;
}

export function reportDir(): string {
	return process.env['DASK_TOP_SCENARIO_REPORT'] ?? join(tmpdir(), 'dask-top-scenarios');
}

/** One (scenario, cause) cell: ✓ N (found at poll N after the onset), late N, MISSED, ✗ SUBJECT (not expected). */
export function cell(row: ScenarioRow, cause: string): string {
	const verdict = row.verdict;
	if (!verdict) return '';
	const marks: string[] = [];
	if (row.cause === cause) {
		const hit = verdict.expected;
		if (!verdict.diagnosed) marks.push('no engine');
		else if (!hit) marks.push('MISSED');
		else marks.push(hit.poll <= 3 ? `✓ ${hit.poll}` : `late ${hit.poll}`);
		for (const wrong of verdict.wrongSubject) marks.push(`on ${wrong.subject}`);
	}
	for (const before of verdict.precursors ?? []) if (before.cause === cause) marks.push(`(✓) ${before.subject}`);
	for (const also of verdict.alsoTrue ?? []) if (also.cause === cause) marks.push(`(+) ${also.subject}`);
	for (const other of verdict.others) if (other.cause === cause) marks.push(`✗ ${other.subject}`);
	return marks.join(', ');
}

export function confusionMarkdown(rows: readonly ScenarioRow[]): string {
	const releases = [...new Set(rows.map((row) => row.dask))];
	const header = `| scenario | real | ${CAUSES.join(' | ')} | s |`;
	const rule = `|---|---|${CAUSES.map(() => '---').join('|')}|---:|`;
	const tables = releases.map((dask) => {
		const lines = rows
			.filter((row) => row.dask === dask)
			.map((row) => {
				const real = row.error ? `error: ${row.error.split('\n')[0]}` : row.unproven.length === 0 ? 'yes' : 'NO';
				const cells = CAUSES.map((cause) => cell(row, cause)).join(' | ');
				return `| ${row.scenario} (${row.cause ?? 'healthy'}) | ${real} | ${cells} | ${row.seconds.toFixed(0)} |`;
			});
		const total = rows.filter((row) => row.dask === dask).reduce((sum, row) => sum + row.seconds, 0);
		return [`### Dask ${dask} (${total.toFixed(0)} s)`, '', header, rule, ...lines].join('\n');
	});
	const legend =
		'✓ N: the expected finding, on the right subject, at poll N after the onset; late N: after poll 3; ' +
		'MISSED: never; on X: the expected cause on another subject; ✗ X: a finding not expected (on X); ' +
		'(✓) X: a cause that truly held on the subject before the onset (a precursor the workload proves); ' +
		'(+) X: a cause that truly holds too, on its own subject X (the workload proves it); ' +
		'no engine: the build has no diagnosis[]; real: the workload made its cause happen, by the ' +
		"scheduler's own account; s: seconds the scenario took (cluster start to stop).";
	return `${tables.join('\n\n')}\n\n${legend}\n`;
}

/** One release's verdict on a scenario, in words: what it found where, and anything else. */
function summaryCell(row: ScenarioRow | undefined): string {
	if (!row?.verdict) return row?.error ? 'error' : '';
	const v = row.verdict;
	const unreal = row.unproven.length > 0 ? ' (cause not real)' : '';
	const others = v.others.map((o) => `✗ ${o.cause} on ${o.subject}`);
	const main =
		row.cause === null
			? others.length === 0
				? 'nothing ✓'
				: ''
			: v.expected
				? `${v.expected.poll <= 3 ? '✓' : 'late'} poll ${v.expected.poll}`
				: 'MISSED';
	return [main, ...others].filter(Boolean).join(', ') + unreal;
}

/**
 * The diagonal at a glance: per scenario, the finding expected and, per release, the poll after the
 * onset it came at (✓ within 3), or nothing for a healthy run, and any finding not expected.
 */
export function confusionSummary(rows: readonly ScenarioRow[]): string {
	const releases = [...new Set(rows.map((row) => row.dask))];
	const scenarios = [...new Set(rows.map((row) => row.scenario))];
	const head = `| scenario | expected | ${releases.map((dask) => `Dask ${dask}`).join(' | ')} |`;
	const rule = `|---|---|${releases.map(() => '---').join('|')}|`;
	const lines = scenarios.map((scenario) => {
		const of = (dask: string) => rows.find((row) => row.dask === dask && row.scenario === scenario);
		const cause = of(releases[0]!)?.cause ?? null;
		const cells = releases.map((dask) => summaryCell(of(dask))).join(' | ');
		return `| ${scenario} | ${cause ?? 'nothing (healthy)'} | ${cells} |`;
	});
	return [head, rule, ...lines].join('\n');
}

export function writeConfusion(rows: readonly ScenarioRow[]): string {
	const dir = reportDir();
	mkdirSync(dir, {recursive: true});
	const markdown = `${confusionSummary(rows)}\n\n${confusionMarkdown(rows)}`;
	writeFileSync(join(dir, 'confusion.md'), markdown);
	writeFileSync(join(dir, 'confusion.json'), `${JSON.stringify(rows, null, '\t')}\n`);
	return markdown;
}
