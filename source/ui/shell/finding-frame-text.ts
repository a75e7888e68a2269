/**
 * The call stacks a worker finding (hung, straggler, event-loop-blocked) asks for once when it
 * starts, turned into one line: the innermost frame of the user's own code ("in read_block,
 * io.py:88"), or why there is none. Never per poll: one page per finding (views/finding-frames.ts
 * keys them). No Ink.
 */
import {frameWhere, innermostUserFrame, parseCallStacks} from '../../parse/index.js';
import {drillProblem} from '../../scrape/drill-pages.js';
import type {EndpointResult} from '../../types/raw-scrape.js';

export function findingFrameText(result: EndpointResult): string {
	const problem = drillProblem(result);
	if (problem !== undefined) return `call stacks not read: ${problem}`;
	const stacks = parseCallStacks(result.body ?? '').stacks;
	if (stacks.length === 0) return 'no task was running on it when its call stacks were read';
	for (const stack of stacks) {
		const frame = innermostUserFrame(stack.frames);
		if (frame !== undefined) return `in ${frame.function}, ${frameWhere(frame)} (task ${stack.key}; S: the stacks)`;
	}
	return 'no frame of your own code in its running tasks: only Dask, libraries, the standard library (S: the stacks)';
}
