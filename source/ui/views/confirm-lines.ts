/**
 * Retiring a worker from the screen: whether F9 / K may open the confirmation (and if not, the one
 * line that says why and what to do), and the confirmation's lines. Pure; the App draws them and
 * sends the retire through the source (scrape/retire-request.ts).
 */
import type {RetireTrack} from '../../model/departures/retire-types.js';
import type {WorkerRow} from '../../model/types.js';
import type {Segment} from '../draw/bars.js';
import {formatCount, MISSING} from '../draw/cells.js';
import {bytesText} from '../../units/bytes.js';
import {seg} from '../draw/parts.js';
import {wrapSegments} from '../draw/wrap.js';

/** Each of these fits the footer at 120 columns beside `? help  q quit`, the setting to change included. */
export const READ_ONLY_TEXT =
	'read-only: start with --allow-actions (or "allow-actions": true in the config file) to retire workers';
export const REPLAY_TEXT = 'a recording cannot act: retire works on a live cluster (dask-top --allow-actions URL)';
export const API_OFF_TEXT =
	'retire needs the api module: add distributed.http.scheduler.api to distributed.scheduler.http.routes';

export interface RetireGateInput {
	readonly allowActions: boolean;
	readonly kind: 'live' | 'replay';
	/** The source can send a retire (live poller). */
	readonly canAct: boolean;
	/** snapshot.scheduler.api_enabled: false when the api module answered 404; undefined when not known. */
	readonly apiEnabled?: boolean | undefined;
	/** The selected worker's row. */
	readonly row?: WorkerRow | undefined;
	readonly retires?: readonly RetireTrack[];
}

export type RetireGate =
	| {readonly ok: true; readonly address: string; readonly name: string}
	| {readonly ok: false; readonly message: string};

export function retireGate(input: RetireGateInput): RetireGate {
	if (input.kind === 'replay' || !input.canAct) return {ok: false, message: REPLAY_TEXT};
	if (!input.allowActions) return {ok: false, message: READ_ONLY_TEXT};
	if (input.apiEnabled === false) return {ok: false, message: API_OFF_TEXT};
	const row = input.row;
	if (row === undefined) return {ok: false, message: 'no worker selected'};
	if (!row.present) return {ok: false, message: `${row.name} has already left (${row.status})`};
	if (input.retires?.some((t) => t.address === row.address && t.outcome === undefined))
		return {ok: false, message: `a retire of ${row.name} is already under way`};
	return {ok: true, address: row.address, name: row.name};
}

function memoryText(row: WorkerRow): string {
	if (row.memory_process_bytes === undefined) return 'memory unknown';
	const limit =
		row.memory_limit_bytes === undefined || row.memory_limit_bytes === 0
			? ''
			: ` of ${bytesText(row.memory_limit_bytes, MISSING, 'rounded')}`;
	return `memory ${bytesText(row.memory_process_bytes, MISSING, 'rounded')}${limit}`;
}

function tasksText(row: WorkerRow): string {
	const keys =
		row.tasks_in_memory === undefined
			? 'keys held unknown'
			: `${formatCount(row.tasks_in_memory)} key${row.tasks_in_memory === 1 ? '' : 's'} in memory`;
	const executing = row.tasks_executing === undefined ? '' : `, ${formatCount(row.tasks_executing)} executing`;
	const processing = row.processing === undefined ? '' : `, ${formatCount(row.processing)} processing`;
	return `${keys}${executing}${processing}`;
}

/** The confirmation: the worker, its memory and its tasks, what will happen, and the keys. */
export function confirmLines(row: WorkerRow, nanny: boolean | undefined, width: number): Segment[][] {
	const after =
		nanny === undefined
			? 'Without a nanny it then exits; with one, the nanny restarts it empty.'
			: nanny
				? 'It has a nanny: the nanny restarts it, and it rejoins empty under the same name.'
				: 'It has no nanny: it exits and stays gone.';
	return [
		[seg('Retire worker ', 'warning', true), seg(row.name, 'accent', true), seg(` (${row.address})?`, 'warning', true)],
		...wrapSegments([seg(`  ${memoryText(row)} · ${tasksText(row)}`)], width, 2),
		...wrapSegments(
			[seg(`  The scheduler moves the worker's keys to other workers, then removes it. ${after}`, 'muted')],
			width,
			2,
		),
		[],
		[
			seg('  y', 'accent', true),
			seg(' retire    '),
			seg('n', 'accent', true),
			seg(' / '),
			seg('Esc', 'accent', true),
			seg(' cancel'),
		],
	];
}
