/**
 * What `--once` prints, live or from a recording: the pipeline's latest snapshot with the model's
 * triage of it, as the text table or the `--json` document. One function, so the live poll and a
 * replay at a moment print the same thing from the same rounds.
 */
import {triageView} from '../model/index.js';
import type {ClusterState} from '../model/types.js';
import type {Snapshot} from '../types/snapshot.js';
import {formatJsonDocument, toJsonDocument, triageExtras} from './json.js';
import {formatSnapshotText} from './text.js';

/** What of the pipeline `--once` reads (pipeline.ts's Pipeline has both). */
export interface OnceInput {
	snapshot(): Snapshot | undefined;
	state(): ClusterState;
}

/** The text or JSON of the latest snapshot; undefined before the first round. */
export function formatOnce(pipeline: OnceInput, json: boolean): string | undefined {
	const snapshot = pipeline.snapshot();
	if (snapshot === undefined) return undefined;
	const state = pipeline.state();
	const triage = triageView(state);
	return json ? formatJsonDocument(toJsonDocument(snapshot, triageExtras(triage, state))) : formatSnapshotText(snapshot, triage);
}
