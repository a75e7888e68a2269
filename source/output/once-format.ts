/**
 * What `--once` prints, live or from a recording: the pipeline's latest snapshot with the model's
 * triage of it, as the text table or the `--json` document. One function, so the live poll and a
 * replay at a moment print the same thing from the same rounds.
 */
import {triageView, workerRows} from '../model/index.js';
import type {ClusterState, TimeWindowKind} from '../model/types.js';
import {timeView} from '../model/time/time-view.js';
import type {Snapshot} from '../types/snapshot.js';
import {asciiCells} from '../units/ascii.js';
import {formatJsonDocument, toJsonDocument, triageExtras, type JsonDocument} from './json-document.js';
import {formatSnapshotText} from './text-table.js';

/** What of the pipeline `--once` reads (pipeline.ts's Pipeline has both). */
export interface OnceInput {
	snapshot(): Snapshot | undefined;
	state(): ClusterState;
}

/**
 * The text or JSON of the latest snapshot; undefined before the first round. `ascii`: the text
 * table, or the JSON, in plain ASCII. `oneLine`: the JSON document on one line (`--json --watch`).
 */
export function formatOnce(
	pipeline: OnceInput,
	json: boolean,
	ascii = false,
	oneLine = false,
	window: TimeWindowKind = 'start',
): string | undefined {
	const snapshot = pipeline.snapshot();
	if (snapshot === undefined) return undefined;
	const state = pipeline.state();
	const triage = triageView(state);
	if (json) return formatJsonDocument(onceDocument(snapshot, state, window), ascii, oneLine);
	const rows = workerRows(state, {sort: {column: 'name', descending: false}, includeLost: false}).rows;
	const text = formatSnapshotText(snapshot, triage, rows, timeView(state, window));
	return ascii ? asciiCells(text) : text;
}

function onceDocument(snapshot: Snapshot, state: ClusterState, window: TimeWindowKind = 'start'): JsonDocument {
	return toJsonDocument(snapshot, triageExtras(triageView(state), state, window));
}

/**
 * `--once` over several clusters, in the order given: the text tables one after another with a
 * blank line between, or one JSON object `{"clusters": [document, …]}` whose documents are each
 * exactly the single-cluster document. Clusters before their first round are left out (their
 * error is the caller's to print); undefined when none has a round.
 */
export function formatOnceClusters(
	pipelines: readonly OnceInput[],
	json: boolean,
	ascii = false,
	window: TimeWindowKind = 'start',
): string | undefined {
	const read = pipelines.filter((pipeline) => pipeline.snapshot() !== undefined);
	if (read.length === 0) return undefined;
	if (!json) return read.map((pipeline) => formatOnce(pipeline, false, ascii, false, window)).join('\n');
	return formatJsonDocument(
		{clusters: read.map((pipeline) => onceDocument(pipeline.snapshot()!, pipeline.state(), window))},
		ascii,
	);
}
