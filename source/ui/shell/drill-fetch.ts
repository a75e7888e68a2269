/**
 * What the drill-down panel asks the source, and what it makes of the answer: the page of the
 * panel (a worker's call stacks, the erred tasks, a log), read once when the panel opens (and on
 * R); a log again every LOG_REREAD_MS while it is shown, never when it is not. A slow page keeps
 * the panel as it was ("reading again…"), a failing one says why in one line; neither touches the
 * poll. No Ink.
 */
import {parseCallStacks, parseExceptionsPage, parseLogPage} from '../../parse/index.js';
import {drillProblem} from '../../scrape/drill-pages.js';
import type {DrillPage} from '../../types/drill-page.js';
import type {EndpointResult} from '../../types/raw-scrape.js';
import type {DrillPanel} from '../state/drill-panel.js';
import type {DrillData} from '../views/drill-lines.js';

/** A log on screen is read again this often, at most. */
export const LOG_REREAD_MS = 5000;

/** What the panel says over a source that cannot read pages at all. */
export const NOT_RECORDED = 'this source cannot read call stacks, erred tasks or logs';

export function drillRequest(panel: Pick<DrillPanel, 'kind' | 'subject'>): DrillPage {
	if (panel.kind === 'stacks') return {kind: 'call-stacks', worker: panel.subject};
	if (panel.kind === 'errors') return {kind: 'exceptions'};
	return panel.subject === 'scheduler' ? {kind: 'scheduler-logs'} : {kind: 'worker-logs', worker: panel.subject};
}

/** The panel's data after an answer, from what it showed before (kept when the answer cannot be read). */
export function drillAnswer(
	panel: Pick<DrillPanel, 'kind'>,
	key: string,
	result: EndpointResult,
	before: DrillData | undefined,
): DrillData {
	const problem = drillProblem(result);
	const kept = before?.key === key ? before : {key};
	if (problem !== undefined) return {...kept, key, loading: false, problem};
	const body = result.body ?? '';
	const fetchedMs = result.startedMs;
	if (panel.kind === 'stacks') return {key, loading: false, fetchedMs, stacks: parseCallStacks(body).stacks};
	if (panel.kind === 'errors') return {key, loading: false, fetchedMs, errors: parseExceptionsPage(body)};
	return {key, loading: false, fetchedMs, logs: parseLogPage(body)};
}
