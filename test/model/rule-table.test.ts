/**
 * The rule tables, the alerts' (alert-rules.ts) and the diagnosis' (diagnosis/rules.ts): every
 * declared rule has every part the rule engine runs — its id and kind, its inputs, its hold, its
 * condition and its text — and the check fails on a rule that lacks one.
 */
import {describe, expect, it} from 'vitest';
import {ALERT_RULES, CLUSTER_ALERT_RULES, WORKER_ALERT_RULES} from '../../source/model/alerts/alert-rules.js';
import {LEVEL_KINDS} from '../../source/model/alerts/level-rules.js';
import {DEFAULT_THRESHOLDS} from '../../source/model/alerts/thresholds.js';
import {RULES} from '../../source/model/diagnosis/rules.js';
import type {Hold} from '../../source/model/hold.js';
import type {DeclaredRule} from '../../source/model/rule-engine.js';

type AnyRule = DeclaredRule<never, unknown>;

/** What the holds that depend on their input are given here. */
const SAMPLE_INPUT = {
	context: {thresholds: DEFAULT_THRESHOLDS},
	thresholds: DEFAULT_THRESHOLDS,
	stall: {threshold_seconds: 60},
	state: {options: {thresholds: DEFAULT_THRESHOLDS}},
};

function isHold(hold: unknown): hold is Hold {
	if (typeof hold !== 'object' || hold === null) return false;
	const h = hold as Record<string, unknown>;
	return (
		['onsetPolls', 'clearPolls'].every((k) => typeof h[k] === 'number' && (h[k] as number) >= 1) &&
		['onsetMs', 'clearMs'].every((k) => typeof h[k] === 'number' && (h[k] as number) >= 0)
	);
}

/** The parts a declared rule lacks (none: the engine can run it). */
function missingParts(rule: Partial<AnyRule>): string[] {
	const missing: string[] = [];
	if (typeof rule.id !== 'string' || rule.id === '') missing.push('id');
	if (rule.kind !== 'level' && rule.kind !== 'event' && rule.kind !== 'finding') missing.push('kind');
	const inputs = rule.inputs;
	if (!Array.isArray(inputs) || inputs.length === 0 || new Set(inputs).size !== inputs.length) missing.push('inputs');
	const hold: unknown =
		typeof rule.hold === 'function' ? (rule.hold as (input: unknown) => Hold)(SAMPLE_INPUT) : rule.hold;
	if (!isHold(hold)) missing.push('hold');
	if (typeof rule.judge !== 'function') missing.push('condition');
	if (typeof rule.text !== 'function') missing.push('text');
	return missing;
}

/** The roots an input of each table may name (the fields of its rules' input). */
const ROOTS = {
	worker: ['track', 'context'],
	cluster: [
		'thresholds',
		'nowMs',
		'snapshot',
		'rises',
		'missedPolls',
		'dataAgeSeconds',
		'sourceDetail',
		'stall',
		'erredBefore',
		'alerts',
		'clockText',
		'heldLosses',
	],
	diagnosis: ['state', 'snapshot', 'window', 'nowMs'],
};

const TABLES: ReadonlyArray<readonly [string, readonly AnyRule[], readonly string[]]> = [
	['worker alert', WORKER_ALERT_RULES as readonly AnyRule[], ROOTS.worker],
	['cluster alert', CLUSTER_ALERT_RULES as readonly AnyRule[], ROOTS.cluster],
	['diagnosis', RULES as readonly AnyRule[], ROOTS.diagnosis],
];

describe('the rule tables', () => {
	it.each(TABLES)('every %s rule declares its id, kind, inputs, hold, condition and text', (_name, table, roots) => {
		expect(table.length).toBeGreaterThan(0);
		for (const rule of table) {
			expect(missingParts(rule), rule.id).toEqual([]);
			for (const input of rule.inputs) expect(roots, `${rule.id}: ${input}`).toContain(input.split('.')[0]);
		}
	});

	it('holds the workers’ alert rules then the cluster’s, a level rule for each level kind', () => {
		expect(ALERT_RULES).toEqual([...WORKER_ALERT_RULES, ...CLUSTER_ALERT_RULES]);
		for (const rule of ALERT_RULES) expect(rule.kind === 'level', rule.id).toBe(LEVEL_KINDS.has(rule.id as never));
		expect(ALERT_RULES.filter((rule) => rule.kind === 'level').map((rule) => rule.id)).toEqual([...LEVEL_KINDS]);
	});

	it('names each diagnosis rule once, a finding', () => {
		expect(new Set(RULES.map((rule) => rule.id)).size).toBe(RULES.length);
		for (const rule of RULES) expect(rule.kind).toBe('finding');
	});

	it.each(['id', 'kind', 'inputs', 'hold', 'judge', 'text'] as const)('fails a rule that lacks its %s', (part) => {
		for (const rule of [ALERT_RULES[0]!, RULES[0]!] as AnyRule[]) {
			const {[part]: _left, ...lacking} = rule;
			const named = part === 'judge' ? 'condition' : part;
			expect(missingParts(lacking)).toEqual([named]);
		}
		expect(missingParts({...(RULES[0] as AnyRule), inputs: []})).toEqual(['inputs']);
		expect(
			missingParts({...(RULES[0] as AnyRule), hold: {onsetPolls: 0, onsetMs: 0, clearPolls: 1, clearMs: 0}}),
		).toEqual(['hold']);
	});
});
