/** A recording (test/fixtures/…) replayed through the real pipeline: the model after each round. */
import {createPipeline} from '../../source/pipeline.js';
import type {ClusterState, ModelOptions} from '../../source/model/types.js';
import {loadRecording} from '../../source/record/reader.js';

export interface RecordedState {
	/** The round's time, epoch ms. */
	readonly atMs: number;
	readonly state: ClusterState;
}

export async function recordingStates(file: string, model?: ModelOptions): Promise<RecordedState[]> {
	const recording = await loadRecording(file);
	const pipeline = createPipeline(model ? {model} : {});
	return recording.rounds.map((raw) => {
		pipeline.ingest(raw);
		return {atMs: raw.atMs, state: pipeline.state()};
	});
}
