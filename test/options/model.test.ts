import {localClock} from '../../source/units/clock.js';
import {describe, expect, it} from 'vitest';
import {THRESHOLD_NAMES} from '../../source/model/alerts/thresholds.js';
import {DEFAULT_THRESHOLDS} from '../../source/model/alerts/thresholds.js';
import {resolveOptions, type OptionsResult} from '../../source/options/resolve.js';
import {parseConfig, type ConfigFile} from '../../source/options/config.js';
import {helpText, parseArgv, type ParsedArgv} from '../../source/options/flags.js';

function resolve(argv: string[], config?: ConfigFile): OptionsResult {
	const parsed = parseArgv(argv, import.meta);
	if (!parsed.ok) throw new Error(parsed.error);
	const flags: ParsedArgv['flags'] = parsed.argv.flags;
	return resolveOptions({
		argv: {input: parsed.argv.input, flags},
		env: {},
		stdoutIsTTY: true,
		...(config ? {config} : {}),
	});
}

function model(argv: string[], config?: ConfigFile) {
	const result = resolve(argv, config);
	if (!result.ok) throw new Error(result.error);
	return result.options.model;
}

function error(argv: string[], config?: ConfigFile): string {
	const result = resolve(argv, config);
	if (result.ok) throw new Error('expected a usage error');
	return result.error;
}

function config(text: string): ConfigFile {
	const parsed = parseConfig(text, '/c.json');
	if (!parsed.ok || !parsed.config) throw new Error(parsed.ok ? 'empty' : parsed.error);
	return parsed.config;
}

describe('the model flags', () => {
	it('gives the model the defaults, a 5 s target duration and the poll interval when nothing is given', () => {
		expect(model(['-i', '3s'])).toEqual({
			thresholds: DEFAULT_THRESHOLDS,
			intervalMs: 3000,
			targetDurationSeconds: 5,
			clockText: localClock,
		});
	});

	it('reads repeated --threshold NAME=VALUE over the config file’s thresholds, flags winning name by name', () => {
		const file = config('{"thresholds": {"memory_warning": 0.6, "event_loop_warning_s": "2"}}');
		const thresholds = model(['--threshold', 'memory_warning=0.65', '--threshold', 'stale_warning_polls=3'], file)
			.thresholds!;
		expect(thresholds.memory_warning).toBe(0.65);
		expect(thresholds.event_loop_warning_s).toBe(2);
		expect(thresholds.stale_warning_polls).toBe(3);
		expect(thresholds.memory_critical).toBe(DEFAULT_THRESHOLDS.memory_critical);
	});

	it('reads --stall-after, --target-duration, --minimum and --maximum, or the same keys of the config file', () => {
		expect(
			model(['--stall-after', '5s', '--target-duration', '30s', '--minimum', '0', '--maximum', '12']),
		).toMatchObject({stallAfterMs: 5000, targetDurationSeconds: 30, minimumWorkers: 0, maximumWorkers: 12});
		const file = config('{"stall-after": "2m", "target-duration": 10, "minimum": 2, "maximum": "8"}');
		expect(model([], file)).toMatchObject({
			stallAfterMs: 120_000,
			targetDurationSeconds: 10,
			minimumWorkers: 2,
			maximumWorkers: 8,
		});
		expect(model(['--maximum', '3'], file)).toMatchObject({minimumWorkers: 2, maximumWorkers: 3});
	});

	it.each([
		[['--threshold', 'memory_warnin=0.7'], 'unknown threshold "memory_warnin"; known: memory_warning,'],
		[['--threshold', 'memory_warning=lots'], 'threshold memory_warning needs a number (fraction), got "lots"'],
		[['--threshold', 'memory_warning'], '--threshold expects NAME=VALUE'],
		[['--threshold', 'stall_cpu_percent=-1'], 'threshold stall_cpu_percent must be between'],
		[['--threshold', 'memory_warning=0.9'], 'threshold memory_warning (0.9) must not exceed memory_critical (0.8)'],
		[['--stall-after', 'soon'], '--stall-after: "soon" is not a duration'],
		[['--target-duration', '0s'], '--target-duration 0s is out of range: use 1 ms to 1 h'],
		[['--minimum', '-1'], '--minimum: "-1" is not a whole number of workers (0 or more)'],
		[['--maximum', '2.5'], '--maximum: "2.5" is not a whole number of workers'],
		[['--minimum', '5', '--maximum', '3'], '--minimum 5 is more than --maximum 3'],
	])('turns %j into a usage error naming it: %j', (argv, message) => {
		expect(error(argv)).toContain(message);
	});

	it('names the config file when its thresholds or counts are wrong', () => {
		expect(error([], config('{"thresholds": {"heartbeat_warning_x": true}}'))).toBe(
			'thresholds in config file /c.json: threshold heartbeat_warning_x needs a number (times), got "true"',
		);
		expect(error([], config('{"thresholds": {"nope": 1}}'))).toContain(
			'thresholds in config file /c.json: unknown threshold "nope"',
		);
		expect(error([], config('{"minimum": "two"}'))).toBe(
			'minimum in config file /c.json: "two" is not a whole number of workers (0 or more)',
		);
		expect(error(['--maximum', '1'], config('{"minimum": 4}'))).toBe(
			'minimum in config file /c.json 4 is more than --maximum 1: the minimum must not exceed the maximum',
		);
	});

	it('rejects a thresholds key that is not an object', () => {
		const parsed = parseConfig('{"thresholds": [1]}', '/c.json');
		expect(parsed.ok === false && parsed.error).toBe(
			'config file /c.json: "thresholds" must be an object like {"memory_warning": 0.75}',
		);
	});

	it('lists every threshold name in the help, from the model’s table', () => {
		const lines = helpText().split('\n');
		const at = lines.indexOf('Thresholds (--threshold NAME=VALUE, or "thresholds" in the config file):');
		expect(at).toBeGreaterThan(0);
		const listed = lines.slice(at + 1, lines.indexOf('', at));
		expect(listed.every((line) => line.startsWith('  ') && line.length <= 100)).toBe(true);
		expect(listed.join(' ').trim().split(/,?\s+/)).toEqual([...THRESHOLD_NAMES]);
		for (const flag of [
			'--threshold NAME=VALUE',
			'--stall-after DURATION',
			'--target-duration DURATION',
			'--minimum N',
			'--maximum N',
		])
			expect(helpText()).toContain(`  ${flag} `);
	});
});
