import {describe, expect, it} from 'vitest';
import {
	hasFamily,
	isPrometheusStub,
	parsePrometheus,
	type PromDocument,
	parsePromNumber,
} from '../../source/parse/prometheus.js';
import {CountReader} from '../../source/parse/prom-counts.js';
import {FIXTURE_VERSIONS, loadManifest, readScenarioFile, SCENARIOS} from '../helpers/fixtures.js';

/** The raw value of the first sample of `name`, as the parser keeps it (NaN and ±Inf included). */
function sampleValue(doc: PromDocument, name: string): number | undefined {
	return doc.samples.get(name)?.[0]?.value;
}

/** Every recorded Prometheus body (scheduler and workers), both versions. */
function recordedMetricsBodies(): Array<{label: string; body: string}> {
	const out: Array<{label: string; body: string}> = [];
	for (const version of FIXTURE_VERSIONS) {
		for (const scenario of SCENARIOS) {
			for (const entry of loadManifest(version, scenario).entries) {
				if (entry.path === '/metrics' && entry.status === 200 && entry.file) {
					out.push({
						label: `${version}/${scenario}/${entry.target}`,
						body: readScenarioFile(version, scenario, entry.file),
					});
				}
			}
		}
	}
	return out;
}

describe('parsePrometheus on the recorded bodies', () => {
	const bodies = recordedMetricsBodies();

	it('finds every recorded /metrics body of both versions', () => {
		// 6 scenarios × (1 scheduler + 3 or 2 live workers) per version.
		expect(bodies.length).toBe(2 * (4 + 4 + 4 + 4 + 3 + 3));
	});

	it.each(bodies.map((b) => [b.label, b.body] as const))(
		'reads every sample line of %s and rejects none',
		(_label, body) => {
			const sampleLines = body.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
			const doc = parsePrometheus(body);
			expect(doc.invalidLines).toBe(0);
			expect(doc.sampleCount).toBe(sampleLines.length);
			// The last sample line's value matches what the text says.
			const last = sampleLines.at(-1)!;
			const [, valueText] = /\s(\S+)$/.exec(last)!;
			const name = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(last)![0];
			expect(doc.samples.get(name)!.at(-1)!.value).toBe(Number(valueText));
		},
	);

	it('reads HELP text with its escaped newline as a real newline', () => {
		const body = readScenarioFile('2022.12.1', 'busy', 'scheduler/%2Fmetrics');
		const help = parsePrometheus(body).help.get('dask_scheduler_tasks_forgotten_total');
		expect(help).toContain('job queue\nNote: Task groups');
	});

	it('reads exponent values such as the scheduler RSS 5.2957184e+07', () => {
		const doc = parsePrometheus(readScenarioFile('2022.12.1', 'busy', 'scheduler/%2Fmetrics'));
		expect(sampleValue(doc, 'process_resident_memory_bytes')).toBe(52_957_184);
		expect(sampleValue(doc, 'process_start_time_seconds')).toBe(1_795_972_180.04);
	});
});

describe('parsePrometheus edge cases', () => {
	it('unescapes quotes, backslashes and newlines in label values', () => {
		const doc = parsePrometheus('m{a="say \\"hi\\"",b="C:\\\\dir",c="two\\nlines",d="tab\\t"} 1\n');
		expect(doc.samples.get('m')![0]!.labels).toEqual({a: 'say "hi"', b: 'C:\\dir', c: 'two\nlines', d: 'tab\\t'});
	});

	it('keeps commas, braces and equals signs inside quoted label values', () => {
		const doc = parsePrometheus('m{k="a,b}=c",j="x"} 2');
		expect(doc.samples.get('m')![0]).toEqual({name: 'm', labels: {k: 'a,b}=c', j: 'x'}, value: 2});
	});

	it('accepts a trailing comma and blanks inside the label set', () => {
		const doc = parsePrometheus('m{ a = "1" , b="2", } 3');
		expect(doc.samples.get('m')![0]!.labels).toEqual({a: '1', b: '2'});
		expect(doc.invalidLines).toBe(0);
	});

	it('reads NaN, +Inf, -Inf and exponents', () => {
		const doc = parsePrometheus('a NaN\nb +Inf\nc -Inf\nd 1.0000526e+07\ne -2.5E-3\nf Inf\n');
		expect(sampleValue(doc, 'a')).toBeNaN();
		expect(sampleValue(doc, 'b')).toBe(Number.POSITIVE_INFINITY);
		expect(sampleValue(doc, 'c')).toBe(Number.NEGATIVE_INFINITY);
		expect(sampleValue(doc, 'd')).toBe(10_000_526);
		expect(sampleValue(doc, 'e')).toBe(-0.0025);
		expect(sampleValue(doc, 'f')).toBe(Number.POSITIVE_INFINITY);
	});

	it('reads an optional millisecond timestamp after the value', () => {
		const doc = parsePrometheus('m{x="1"} 7 1395066363000\nn 8 -12\n');
		expect(doc.samples.get('m')![0]).toEqual({name: 'm', labels: {x: '1'}, value: 7, timestampMs: 1_395_066_363_000});
		expect(doc.samples.get('n')![0]!.timestampMs).toBe(-12);
	});

	it('tolerates CRLF line ends, tabs and blank lines', () => {
		const doc = parsePrometheus('# TYPE m gauge\r\n\r\nm\t4\r\n  \r\n');
		expect(sampleValue(doc, 'm')).toBe(4);
		expect(doc.types.get('m')).toBe('gauge');
		expect(doc.invalidLines).toBe(0);
	});

	it('counts malformed lines and says where the first one is', () => {
		const doc = parsePrometheus('good 1\nbad{a="1" 2\n<html>\nm 1 2 3\nv abc\n');
		expect(doc.sampleCount).toBe(1);
		expect(doc.invalidLines).toBe(4);
		expect(doc.firstInvalid).toEqual({line: 2, reason: expect.stringContaining('label') as string});
	});

	it('rejects numbers Go would reject: empty, hex, digits with junk', () => {
		for (const token of ['', '0x10', '1_000', '12abc', '--1', '.']) expect(parsePromNumber(token)).toBeUndefined();
		expect(parsePromNumber('.5')).toBe(0.5);
		expect(parsePromNumber('+3')).toBe(3);
	});

	it('knows a family declared by # TYPE even when it prints no samples', () => {
		const doc = parsePrometheus(
			'# HELP dask_worker_tasks Number of tasks at worker.\n# TYPE dask_worker_tasks gauge\n',
		);
		expect(hasFamily(doc, 'dask_worker_tasks')).toBe(true);
		expect(new CountReader(doc).byLabel('dask_worker_tasks', 'state')).toEqual(new Map());
		expect(new CountReader(doc).byLabel('dask_worker_spill_bytes_total', 'activity')).toBeUndefined();
	});

	it('recognises the one-line "not available" stub Dask serves without prometheus_client', () => {
		const stub =
			'# Prometheus metrics are not available, see: ' +
			'https://docs.dask.org/en/stable/how-to/setup-prometheus.html#setup-prometheus-monitoring';
		expect(isPrometheusStub(stub)).toBe(true);
		expect(isPrometheusStub(`${stub}\n`)).toBe(true);
		expect(parsePrometheus(stub).sampleCount).toBe(0);
		expect(isPrometheusStub(readScenarioFile('2026.7.1', 'idle', 'scheduler/%2Fmetrics'))).toBe(false);
	});
});
