/**
 * Overrides of the thresholds' table (thresholds.ts) by name: `--threshold NAME=VALUE` and the config
 * file's `thresholds` object both go through here, so a bad value is one line naming it. The level
 * rules (level-rules.ts) say which pairs must stay ordered and which margins must stay under their
 * level.
 */
import {LEVEL_RULES} from './level-rules.js';
import {
	DEFAULT_THRESHOLDS,
	THRESHOLD_NAMES,
	THRESHOLD_TABLE,
	type ThresholdName,
	type Thresholds,
	type ThresholdSpec,
} from './thresholds.js';

const SPEC_BY_NAME = new Map<string, ThresholdSpec>(THRESHOLD_TABLE.map((spec) => [spec.name, spec]));

/** Checks one value for a named threshold: the number, or a one-line error naming it. */
export function checkThresholdValue(
	name: string,
	raw: unknown,
): {readonly name: ThresholdName; readonly value: number} | {readonly error: string} {
	const spec = SPEC_BY_NAME.get(name);
	if (!spec) return {error: `unknown threshold "${name}"; known: ${THRESHOLD_NAMES.join(', ')}`};
	const value =
		typeof raw === 'number'
			? raw
			: typeof raw === 'string' && raw.trim() !== ''
				? Number(raw.trim().replace(/s$/, ''))
				: Number.NaN;
	if (!Number.isFinite(value))
		return {error: `threshold ${spec.name} needs a number (${spec.unit}), got "${String(raw)}"`};
	if (value < spec.min || value > spec.max)
		return {error: `threshold ${spec.name} must be between ${spec.min} and ${spec.max} (${spec.unit}), got ${value}`};
	return {name: spec.name, value};
}

/** `NAME=VALUE` (as given to --threshold) → the override, or a one-line usage error naming it. */
export function parseThresholdOverride(
	text: string,
): {readonly name: ThresholdName; readonly value: number} | {readonly error: string} {
	const eq = text.indexOf('=');
	if (eq <= 0) return {error: `--threshold expects NAME=VALUE (e.g. memory_warning=0.75), got "${text}"`};
	return checkThresholdValue(text.slice(0, eq).trim(), text.slice(eq + 1));
}

/**
 * Defaults with overrides applied (a config file's `thresholds` object, then --threshold values).
 * Also checks the pairs stay ordered (warning ≤ critical); the first problem is returned as an error.
 */
export function resolveThresholds(
	overrides: Readonly<Record<string, unknown>> = {},
): Thresholds | {readonly error: string} {
	const out: Record<ThresholdName, number> = {...DEFAULT_THRESHOLDS};
	for (const [name, raw] of Object.entries(overrides)) {
		if (raw === undefined) continue;
		const checked = checkThresholdValue(name, raw);
		if ('error' in checked) return checked;
		out[checked.name] = checked.value;
	}
	const pairs: ReadonlyArray<readonly [ThresholdName, ThresholdName]> = [
		...LEVEL_RULES.map((rule) => [rule.warning, rule.critical] as const),
		['memory_critical', 'memory_terminate'],
		['stale_warning_polls', 'stale_critical_polls'],
	];
	for (const [low, high] of pairs) {
		if (out[low] > out[high]) return {error: `threshold ${low} (${out[low]}) must not exceed ${high} (${out[high]})`};
	}
	// A margin reaching down to 0 would never let the alert resolve (the figures are never negative).
	for (const {margin, warning: level} of LEVEL_RULES) {
		if (out[margin] > 0 && out[margin] >= out[level])
			return {
				error: `threshold ${margin} (${out[margin]}) must be below ${level} (${out[level]}), or the alert never resolves`,
			};
	}
	return Object.freeze(out);
}
