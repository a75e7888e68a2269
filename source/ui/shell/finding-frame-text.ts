/**
 * The call stacks a worker finding (hung, straggler, event-loop-blocked) asks for once when it
 * starts, turned into one line: the innermost frame of the user's own code ("in read_block,
 * io.py:88"), or why there is none. Never per poll: one page per finding (model/diagnosis/frames.ts
 * keys them). No Ink.
 */
import {pageFrame} from '../../parse/index.js';
import type {EndpointResult} from '../../types/raw-scrape.js';
import {findingFrameText} from '../views/finding-frames.js';

export function pageFrameText(result: EndpointResult): string {
	return findingFrameText(pageFrame(result));
}
