/**
 * A worker's call stacks page (/info/call-stacks/<address>.html, asked on demand) as a finding's
 * frame: the innermost frame of the user's own code in its running tasks, or why there is none.
 * A round carries the pages asked since the one before (RawScrape, `onDemand`), so a recording
 * holds what the live session read and its replay finds the same frames. Pure.
 */
import type {FindingFrame, StackReading, TaskStack} from '../types/drill-page.js';
import type {EndpointResult} from '../types/raw-scrape.js';
import {parseCallStacks} from './call-stacks.js';
import {drillProblem} from './page-problem.js';
import {innermostUserFrame} from './stack-frames.js';

/** The call stacks page's path (scrape/drill-pages.ts writes it): the worker's address, URI-encoded. */
const CALL_STACKS = /^\/info\/call-stacks\/(.+)\.html$/;

/** The frame the stacks read at `at` show: the first running task with a frame of the user's code. */
export function stacksFrame(stacks: readonly TaskStack[], at: number): FindingFrame {
	if (stacks.length === 0)
		return {at, missing: 'idle', note: 'no task was running on it when its call stacks were read'};
	for (const stack of stacks) {
		const frame = innermostUserFrame(stack.frames);
		if (frame !== undefined)
			return {at, task: stack.key, function: frame.function, file: frame.file, line: frame.line, code: frame.code};
	}
	return {
		at,
		missing: 'no-user-code',
		note: 'no frame of your own code in its running tasks: only Dask, libraries, the standard library',
	};
}

/** A call stacks page's answer as a frame: its problem when it cannot be read. */
export function pageFrame(result: EndpointResult): FindingFrame {
	const problem = drillProblem(result);
	if (problem !== undefined) return {at: result.startedMs, missing: 'unread', note: `call stacks not read: ${problem}`};
	return stacksFrame(parseCallStacks(result.body ?? '').stacks, result.startedMs);
}

function workerOf(path: string): string | undefined {
	const match = CALL_STACKS.exec(path);
	if (!match) return undefined;
	try {
		return decodeURIComponent(match[1]!);
	} catch {
		return undefined;
	}
}

/**
 * The readings of the workers' call stacks among `results` (a round's answers, or pages read since),
 * oldest first; `safe` makes the cluster's text inert for its sink (units/inert.ts).
 */
export function stackReadings(
	results: readonly EndpointResult[],
	safe: (text: string) => string = (text) => text,
): StackReading[] {
	const out: StackReading[] = [];
	for (const result of results) {
		const worker = result.onDemand === true ? workerOf(result.path) : undefined;
		if (worker === undefined) continue;
		const frame = pageFrame(result);
		const texts =
			'missing' in frame
				? {note: safe(frame.note)}
				: {task: safe(frame.task), function: safe(frame.function), file: safe(frame.file), code: safe(frame.code)};
		out.push({worker, frame: {...frame, ...texts}});
	}
	return out.sort((a, b) => a.frame.at - b.frame.at);
}
