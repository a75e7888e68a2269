/** F9 / K: when the confirmation opens (and the line said otherwise), and what it shows. */
import {describe, expect, it} from 'vitest';
import type {RetireTrack} from '../../../source/model/departures/retire-types.js';
import type {WorkerRow} from '../../../source/model/types.js';
import {
	API_OFF_TEXT,
	confirmLines,
	READ_ONLY_TEXT,
	REPLAY_TEXT,
	retireGate,
	type RetireGateInput,
} from '../../../source/ui/views/confirm-lines.js';
import {footerLayout} from '../../../source/ui/views/help-lines.js';

const gamma: WorkerRow = {
	address: 'tcp://10.0.0.1:4003',
	name: 'gamma',
	status: 'running',
	present: true,
	memory_process_bytes: 150 * 1024 * 1024,
	memory_limit_bytes: 1024 * 1024 * 1024,
	tasks_in_memory: 12,
	tasks_executing: 1,
	processing: 3,
};
const live: RetireGateInput = {allowActions: true, kind: 'live', canAct: true, apiEnabled: true, row: gamma};
const open: RetireTrack = {address: gamma.address, name: 'gamma', sent: 1, nanny: false};

describe('retireGate', () => {
	it.each<[string, RetireGateInput, string | undefined]>([
		['live, actions allowed, api on: the confirmation', live, undefined],
		[
			'api module state not known yet: the confirmation (a 404 answer says it then)',
			{...live, apiEnabled: undefined} as RetireGateInput,
			undefined,
		],
		['read-only by default', {...live, allowActions: false}, READ_ONLY_TEXT],
		['a replay cannot act, whatever the flag', {...live, kind: 'replay', canAct: false}, REPLAY_TEXT],
		['a replay cannot act, even read-only', {...live, kind: 'replay', canAct: false, allowActions: false}, REPLAY_TEXT],
		['the api module is off: how to enable it', {...live, apiEnabled: false}, API_OFF_TEXT],
		['no row selected', {...live, row: undefined} as RetireGateInput, 'no worker selected'],
		[
			'a worker already gone',
			{...live, row: {...gamma, present: false, status: 'lost'}},
			'gamma has already left (lost)',
		],
		['a retire of it under way', {...live, retires: [open]}, 'a retire of gamma is already under way'],
		['an earlier retire that finished does not block', {...live, retires: [{...open, outcome: 'failed'}]}, undefined],
	])('%s', (_name, input, message) => {
		const gate = retireGate(input);
		expect(gate).toEqual(
			message === undefined ? {ok: true, address: gamma.address, name: 'gamma'} : {ok: false, message},
		);
	});

	it('says how to enable actions and the api module in words a user can act on', () => {
		expect(READ_ONLY_TEXT).toContain('--allow-actions');
		expect(READ_ONLY_TEXT).toContain('"allow-actions": true');
		expect(API_OFF_TEXT).toContain('distributed.scheduler.http.routes');
		expect(API_OFF_TEXT).toContain('distributed.http.scheduler.api');
		expect(API_OFF_TEXT).not.toContain('404');
	});
});

describe('confirmLines', () => {
	const text = (lines: ReturnType<typeof confirmLines>) => lines.map((l) => l.map((s) => s.text).join(''));

	it('names the worker, its memory and its tasks, what will happen, and the keys', () => {
		expect(text(confirmLines(gamma, false, 200))).toEqual([
			'Retire worker gamma (tcp://10.0.0.1:4003)?',
			'  memory 150 MiB of 1.0 GiB · 12 keys in memory, 1 executing, 3 processing',
			"  The scheduler moves the worker's keys to other workers, " +
				'then removes it. It has no nanny: it exits and stays gone.',
			'',
			'  y retire    n / Esc cancel',
		]);
	});

	it('says what a nanny does, or both cases when it is not known', () => {
		expect(text(confirmLines(gamma, true, 200))[2]).toContain(
			'It has a nanny: the nanny restarts it, and it rejoins empty under the same name.',
		);
		expect(text(confirmLines(gamma, undefined, 200))[2]).toContain(
			'Without a nanny it then exits; with one, the nanny restarts it empty.',
		);
	});

	it('says what it does not know instead of a zero', () => {
		const bare: WorkerRow = {address: 'tcp://w:1', name: 'w', status: 'running', present: true};
		expect(text(confirmLines(bare, false, 200))[1]).toBe('  memory unknown · keys held unknown');
	});

	it('wraps at the width, continuation lines indented', () => {
		const lines = text(confirmLines(gamma, true, 60));
		for (const line of lines) expect(line.length).toBeLessThanOrEqual(60);
		expect(lines.filter((l) => l.startsWith('  ')).length).toBeGreaterThan(3);
	});
});

describe('the retire hints in the footer', () => {
	it.each([READ_ONLY_TEXT, REPLAY_TEXT, API_OFF_TEXT])('fit whole beside help and quit at 120 columns: %s', (text) => {
		// The footer is the last row, laid out one column short of the terminal (LAST_ROW_SLACK).
		const layout = footerLayout({context: {mode: 'workers', replay: false}, filterText: '', message: text}, 119);
		const line = layout.segments.map((s) => s.text).join('');
		expect(line).toContain(text);
		expect(line).toMatch(/\? help {2}q quit$/);
	});
});
