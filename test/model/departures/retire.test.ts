/**
 * The outcome of a retire, from the polls after it. Synthesized snapshots (test/helpers/snapshots):
 * the recorded fixtures hold no retire, and the cases (a nanny's restart, a 500 after a retire that
 * happened, a worker that stays) need exact worker lists at exact times. The real call is tested
 * against Debian's Dask in test/e2e/retire.test.ts.
 */
import {describe, expect, it} from 'vitest';
import {initialState, reduce} from '../../../source/model/index.js';
import {answerOf, outcomeMessage, stepRetires} from '../../../source/model/departures/retire.js';
import {RETIRE_PATH} from '../../../source/types/snapshot.js';
import type {RetireTrack} from '../../../source/model/departures/retire-types.js';
import type {ClusterState} from '../../../source/model/types.js';
import type {Snapshot, SnapshotAction, WorkerSnapshot} from '../../../source/types/snapshot.js';
import {schedulerLog, snapshot, worker} from '../../helpers/snapshots.js';

const T0 = 1_700_000_000_000;
const SENT = T0 / 1000 + 1;

const alpha = worker('tcp://10.0.0.1:4001', {name: 'alpha', nanny: 'tcp://10.0.0.1:5001', keys_in_memory: 5});
const beta = worker('tcp://10.0.0.1:4002', {
	name: 'beta',
	nanny: 'tcp://10.0.0.1:5002',
	keys_in_memory: 7,
	memory_process_bytes: 120e6,
});
const betaAgain = worker('tcp://10.0.0.1:4102', {name: 'beta', nanny: 'tcp://10.0.0.1:5002', keys_in_memory: 0});
const gamma = worker('tcp://10.0.0.1:4003', {
	name: 'gamma',
	nanny: null,
	keys_in_memory: 12,
	memory_process_bytes: 150e6,
});

function request(address: string, extra: Partial<SnapshotAction> = {}): SnapshotAction {
	return {
		method: 'POST',
		path: RETIRE_PATH,
		request: JSON.stringify({workers: [address]}),
		sent: SENT,
		pending: true,
		...extra,
	};
}

function answered(address: string, status: number | null, answer?: string): SnapshotAction {
	const {pending: _pending, ...rest} = request(address);
	return {
		...rest,
		status,
		latency_ms: 300,
		...(answer === undefined ? {} : {answer}),
		...(status === null ? {error: 'timeout'} : {}),
	};
}

function poll(
	seconds: number,
	workers: readonly WorkerSnapshot[],
	actions?: readonly SnapshotAction[],
): {snapshot: Snapshot; nowMs: number} {
	return {snapshot: snapshot(T0 / 1000 + seconds, workers, {}, actions ? {actions} : {}), nowMs: T0 + seconds * 1000};
}

function run(polls: ReadonlyArray<ReturnType<typeof poll>>): ClusterState {
	let state = initialState({intervalMs: 2000});
	for (const p of polls) state = reduce(state, {type: 'snapshot', ...p});
	return state;
}

const retireEvents = (state: ClusterState) =>
	state.events.filter((e) => e.kind === 'retire').map((e) => `${e.severity} ${e.message}`);
const alertKinds = (state: ClusterState) => [...state.alerts.values()].map((a) => a.kind);

describe('retire outcomes from the following polls', () => {
	const gammaAnswer = JSON.stringify({[gamma.address]: {name: 'gamma', id: 'gamma'}});
	const betaAnswer = JSON.stringify({[beta.address]: {name: 'beta'}});
	const cases: ReadonlyArray<{
		name: string;
		polls: ReadonlyArray<ReturnType<typeof poll>>;
		events: string[];
		open?: boolean;
	}> = [
		{
			name: 'a worker without a nanny leaves: retired, its keys moved',
			polls: [
				poll(0, [alpha, beta, gamma]),
				poll(2, [alpha, beta, gamma], [request(gamma.address)]),
				poll(4, [alpha, beta], [answered(gamma.address, 200, gammaAnswer)]),
			],
			events: ['info gamma retired: its 12 keys moved, it left (scheduler answered HTTP 200: retired gamma)'],
		},
		{
			name: 'the answer arrives in the same round the worker is first missing',
			polls: [
				poll(0, [alpha, beta, gamma]),
				poll(2, [alpha, beta], [request(gamma.address), answered(gamma.address, 200, gammaAnswer)]),
			],
			events: ['info gamma retired: its 12 keys moved, it left (scheduler answered HTTP 200: retired gamma)'],
		},
		{
			name: "a nanny's worker comes back empty under its name at another address",
			polls: [
				poll(0, [alpha, beta, gamma]),
				poll(2, [alpha, beta, gamma], [request(beta.address)]),
				poll(4, [alpha, gamma], [answered(beta.address, 200, betaAnswer)]),
				poll(6, [alpha, betaAgain, gamma]),
			],
			events: [
				'info beta retired and rejoined empty (its nanny restarted it; ' +
					"stopping it for good is the resource manager's job) (scheduler answered HTTP 200: retired beta)",
			],
		},
		{
			name: 'a worker with a fixed port comes back at the same address',
			polls: [
				poll(0, [alpha, beta]),
				poll(2, [alpha, beta], [request(beta.address)]),
				poll(4, [alpha], [answered(beta.address, 200, betaAnswer)]),
				poll(6, [alpha, {...beta, keys_in_memory: 0}]),
			],
			events: [
				'info beta retired and rejoined empty (its nanny restarted it; ' +
					"stopping it for good is the resource manager's job) (scheduler answered HTTP 200: retired beta)",
			],
		},
		{
			name: 'a nanny that does not bring its worker back within 30 s: it left',
			polls: [
				poll(0, [alpha, beta]),
				poll(2, [alpha], [request(beta.address), answered(beta.address, 200, betaAnswer)]),
				poll(20, [alpha]),
				poll(32, [alpha]),
			],
			events: [
				'info beta retired: its 7 keys moved, it left (its nanny did not bring it back) ' +
					'(scheduler answered HTTP 200: retired beta)',
			],
		},
		{
			name: 'a 500 although the retire happened: the worker left, the answer is shown beside',
			polls: [
				poll(0, [alpha, gamma]),
				poll(2, [alpha], [request(gamma.address), answered(gamma.address, 500, '{"Error": "Internal Server Error"}')]),
			],
			events: ['info gamma retired: its 12 keys moved, it left (scheduler answered HTTP 500)'],
		},
		{
			name: 'a 500 and the worker stays: the retire did not happen',
			polls: [
				poll(0, [alpha, gamma]),
				poll(2, [alpha, gamma], [request(gamma.address), answered(gamma.address, 500)]),
				poll(8, [alpha, gamma]),
				poll(12, [alpha, gamma]),
			],
			events: ['warning retire of gamma did not happen (scheduler answered HTTP 500)'],
		},
		{
			name: 'a 200 naming no worker and the worker stays for 30 s: still connected',
			polls: [
				poll(0, [alpha, gamma]),
				poll(2, [alpha, gamma], [request(gamma.address), answered(gamma.address, 200, '{}')]),
				poll(20, [alpha, gamma]),
				poll(32, [alpha, gamma]),
			],
			events: ['warning gamma still connected 30 s after the retire (scheduler answered HTTP 200: retired none)'],
		},
		{
			name: '404: the api module is not enabled',
			polls: [
				poll(0, [alpha, gamma]),
				poll(2, [alpha, gamma], [request(gamma.address), answered(gamma.address, 404, '404: Not Found')]),
			],
			events: [
				"warning retire of gamma refused: the scheduler's api module is not enabled " +
					'(add distributed.http.scheduler.api to distributed.scheduler.http.routes)',
			],
		},
		{
			name: 'still waiting for the answer, the worker still there: nothing yet',
			polls: [poll(0, [alpha, gamma]), poll(2, [alpha, gamma], [request(gamma.address)]), poll(40, [alpha, gamma])],
			events: [],
			open: true,
		},
	];
	for (const c of cases) {
		it(c.name, () => {
			const state = run(c.polls);
			expect(retireEvents(state)).toEqual(c.events);
			expect(state.retires?.some((t) => t.outcome === undefined)).toBe(c.open === true);
			// A worker leaving after the retire is a retirement: no worker-lost alert, no generic "left while closing" event.
			expect(alertKinds(state)).not.toContain('worker_lost');
			expect(state.events.filter((e) => e.kind === 'worker_retired')).toEqual([]);
		});
	}

	it('marks the retired worker retired in the table, not lost', () => {
		const state = run(cases[0]!.polls);
		expect(state.workers.get(gamma.address)).toMatchObject({retired: true});
	});

	it('still raises worker-lost for a worker nobody retired that took its keys with it', () => {
		const lost = poll(2, [alpha, beta], [request(beta.address)]);
		const log = schedulerLog(T0 / 1000 + 2, [[gamma.address, 'unexplained']]);
		const state = run([poll(0, [alpha, beta, gamma]), {...lost, snapshot: {...lost.snapshot, ...log}}]);
		expect([...state.alerts.values()].filter((a) => a.kind === 'worker_lost').map((a) => a.subject_name)).toEqual([
			'gamma',
		]);
	});

	it('keeps a request that rode in a round without a fresh answer', () => {
		const failed: Snapshot = {
			...snapshot(T0 / 1000 + 2, []),
			endpoints: [{path: '/metrics', state: 'failed', last_attempt: T0 / 1000 + 2}],
			actions: [request(gamma.address)],
		};
		const state = run([
			poll(0, [alpha, gamma]),
			{snapshot: failed, nowMs: T0 + 2000},
			poll(4, [alpha], [answered(gamma.address, 200, gammaAnswer)]),
		]);
		expect(retireEvents(state)).toEqual([
			'info gamma retired: its 12 keys moved, it left (scheduler answered HTTP 200: retired gamma)',
		]);
	});
});

describe('answerOf and outcomeMessage', () => {
	it.each([
		[{status: 200, answer: '{"tcp://a:1": {"name": "a"}, "tcp://b:1": {"name": 7}}'}, 'HTTP 200: retired a, 7', true],
		[{status: 200, answer: '{}'}, 'HTTP 200: retired none', true],
		[{status: 200, answer: 'not json'}, 'HTTP 200', true],
		[{status: 500, answer: '{"Error": "Internal Server Error"}'}, 'HTTP 500', false],
		[{status: null, error: 'timeout'}, 'no answer: timeout', false],
	] as const)('%j → %s', (fields, text, ok) => {
		expect(answerOf({method: 'POST', path: RETIRE_PATH, sent: 1, ...fields})).toEqual({
			status: fields.status,
			text,
			ok,
		});
	});

	it('names keys in the singular and says when there were none', () => {
		const base: RetireTrack = {
			address: 'tcp://g:1',
			name: 'g',
			sent: 1,
			nanny: false,
			outcome: 'left',
			answer: {status: 200, text: 'HTTP 200', ok: true},
		};
		expect(outcomeMessage({...base, keys: 1})).toBe(
			'g retired: its 1 key moved, it left (scheduler answered HTTP 200)',
		);
		expect(outcomeMessage({...base, keys: 0})).toBe(
			'g retired: it held no keys, it left (scheduler answered HTTP 200)',
		);
		const {answer: _answer, ...unanswered} = base;
		expect(outcomeMessage(unanswered)).toBe('g retired: its keys moved, it left (no answer from the scheduler yet)');
	});

	it('ignores actions on other paths and requests it cannot read', () => {
		const snap = snapshot(
			1,
			[gamma],
			{},
			{
				actions: [
					{method: 'POST', path: '/api/v1/other', sent: 1, request: '{"workers": ["x"]}'},
					{method: 'POST', path: RETIRE_PATH, sent: 1, request: 'nope'},
				],
			},
		);
		expect(
			stepRetires({retires: [], snapshot: snap, workers: new Map(), listFresh: true, nowMs: 1000}).retires,
		).toEqual([]);
	});
});
