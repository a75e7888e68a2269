/**
 * The model's flags → ModelOptions, or a one-line usage error naming the bad name or value:
 * `--threshold NAME=VALUE` (repeatable) over the config file's `thresholds` object, checked by the
 * model's own parseThresholdOverride / checkThresholdValue / resolveThresholds; `--stall-after`,
 * `--target-duration` (default 5 s, Dask's), `--minimum` / `--maximum` (whole numbers, min ≤ max).
 * Flags win over the config file, key by key. Pure.
 */
// The model's own files, not its index: usage errors load these alone.
import {checkThresholdValue, parseThresholdOverride, resolveThresholds} from '../model/alerts/threshold-overrides.js';
import type {ModelOptions, ThresholdName} from '../model/types.js';
import {localClock} from '../units/clock.js';
import type {ConfigFile} from './config.js';
import {pickSettingMs} from './duration-setting.js';

export interface ModelFlags {
	readonly threshold?: readonly string[];
	readonly stallAfter?: string;
	readonly targetDuration?: string;
	readonly minimum?: string;
	readonly maximum?: string;
}

export type ModelFlagsResult =
	| {readonly ok: true; readonly model: ModelOptions}
	| {readonly ok: false; readonly error: string};

type Overrides = Partial<Record<ThresholdName, number>>;

function thresholdOverrides(flags: readonly string[], config: ConfigFile | undefined): Overrides | string {
	const out: Overrides = {};
	for (const [name, raw] of Object.entries(config?.thresholds ?? {})) {
		const checked = checkThresholdValue(name, raw);
		if ('error' in checked) return `thresholds in config file ${config?.path ?? ''}: ${checked.error}`;
		out[checked.name] = checked.value;
	}
	for (const text of flags) {
		const parsed = parseThresholdOverride(text);
		if ('error' in parsed)
			return parsed.error.startsWith('--threshold') ? parsed.error : `--threshold ${text}: ${parsed.error}`;
		out[parsed.name] = parsed.value;
	}
	return out;
}

/** A whole number of workers ≥ 0 from a flag, else the config file; undefined when neither gives one. */
function workerCount(
	flag: string | undefined,
	flagName: string,
	configValue: string | undefined,
	configName: string,
): {readonly value?: number; readonly where: string} | string {
	const [text, where] =
		flag !== undefined
			? [flag, flagName]
			: configValue !== undefined
				? [configValue, configName]
				: [undefined, flagName];
	if (text === undefined) return {where};
	if (!/^\d+$/.test(text.trim())) return `${where}: "${text}" is not a whole number of workers (0 or more)`;
	return {value: Number(text.trim()), where};
}

export function resolveModelFlags(
	flags: ModelFlags,
	config: ConfigFile | undefined,
	intervalMs: number,
): ModelFlagsResult {
	const fail = (error: string): ModelFlagsResult => ({ok: false, error});
	const inConfig = (key: string) => `${key} in config file ${config?.path ?? ''}`;

	const overrides = thresholdOverrides(flags.threshold ?? [], config);
	if (typeof overrides === 'string') return fail(overrides);
	const thresholds = resolveThresholds(overrides);
	if ('error' in thresholds) return fail(`${thresholds.error} (check --threshold and the config file's thresholds)`);

	const stallAfterMs = pickSettingMs('stallAfter', flags.stallAfter, config);
	if (typeof stallAfterMs === 'string') return fail(stallAfterMs);
	const targetMs = pickSettingMs('targetDuration', flags.targetDuration, config);
	if (typeof targetMs === 'string') return fail(targetMs);

	const minimum = workerCount(flags.minimum, '--minimum', config?.minimum, inConfig('minimum'));
	if (typeof minimum === 'string') return fail(minimum);
	const maximum = workerCount(flags.maximum, '--maximum', config?.maximum, inConfig('maximum'));
	if (typeof maximum === 'string') return fail(maximum);
	if (minimum.value !== undefined && maximum.value !== undefined && minimum.value > maximum.value) {
		return fail(
			`${minimum.where} ${minimum.value} is more than ${maximum.where} ${maximum.value}: ` +
				'the minimum must not exceed the maximum',
		);
	}

	return {
		ok: true,
		model: {
			thresholds,
			intervalMs,
			// Alert messages say local time, as the rest of the screen (the zone is named in the header and help).
			clockText: localClock,
			targetDurationSeconds: targetMs / 1000,
			...(stallAfterMs === undefined ? {} : {stallAfterMs}),
			...(minimum.value === undefined ? {} : {minimumWorkers: minimum.value}),
			...(maximum.value === undefined ? {} : {maximumWorkers: maximum.value}),
		},
	};
}
