/**
 * Without a screen (--json --watch, --once, --check, --record to a file), a hung, straggler or
 * event-loop-blocked finding on a worker asks that worker's call stacks once, when it starts (the
 * screen asks for its own: ui/shell/app.tsx), never every poll. The answer goes to the pipeline at
 * once (Pipeline.readPages: the finding's `frame`), and the next round carries the page too, so a
 * recording holds it and its replay shows the same frame.
 */
import {diagnosisView, framesWanted, type Finding} from '../model/diagnosis/index.js';
import type {Pipeline} from '../pipeline.js';
import type {ScrapeSource} from '../types/scrape-source.js';

export interface FindingStacks {
	/** Asks the stacks `findings` want and were not asked yet; resolves once every answer is in the pipeline. */
	ask(findings: readonly Finding[]): Promise<void>;
}

export function findingStacks(
	source: Pick<ScrapeSource, 'fetchPage'>,
	pipeline: Pick<Pipeline, 'readPages'>,
): FindingStacks {
	const asked = new Set<string>();
	return {
		async ask(findings) {
			if (source.fetchPage === undefined) return;
			const reads = framesWanted(findings, asked).map(async ({worker, keys}) => {
				for (const key of keys) asked.add(key);
				const result = await source.fetchPage!({kind: 'call-stacks', worker});
				pipeline.readPages([result]);
			});
			await Promise.all(reads);
		},
	};
}

/** The stacks the pipeline's current findings want, asked now. */
export function askCurrent(stacks: FindingStacks, pipeline: Pick<Pipeline, 'state'>): Promise<void> {
	return stacks.ask(diagnosisView(pipeline.state()).current);
}

/** Asks, after every round the pipeline ingests, for the stacks its current findings want. */
export function followFindingStacks(stacks: FindingStacks, pipeline: Pipeline): void {
	pipeline.subscribe(() => void askCurrent(stacks, pipeline));
}
