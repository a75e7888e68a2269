/**
 * /info/call-stacks/<address>.html (every task a worker is executing now) and
 * /info/call-stack/<key>.html (one task) → the stack of each running task. Both pages are the same
 * template (call-stack.html) in 2022.12.1 and 2026.7.1: `<h2> Worker: ADDRESS </h2>`, then per task
 * `<h3> Key: KEY </h3>` and one `<p>` per frame, outermost first, as `traceback.format_stack` prints
 * it. A key that is not running answers one bare `<p>Task not actively running. …</p>`; a worker
 * running nothing, a page with no `<h2>`. Pure.
 */
import type {TaskStack} from '../types/drill-page.js';
import {decodeEntities} from './html-scan.js';
import {parseFrames} from './stack-frames.js';

export interface CallStacksPage {
	readonly stacks: readonly TaskStack[];
	/** The single-key page said the task is not running (finished, or not started yet). */
	readonly notRunning: boolean;
}

const BLOCK = /<(h2|h3|p)\b[^>]*>([\s\S]*?)<\/\1>/g;
const NOT_RUNNING = 'Task not actively running';

export function parseCallStacks(html: string): CallStacksPage {
	const stacks: Array<{worker: string; key: string; frames: TaskStack['frames'][number][]}> = [];
	let worker = '';
	let current: (typeof stacks)[number] | undefined;
	for (const match of html.matchAll(BLOCK)) {
		const tag = match[1]!;
		const text = decodeEntities(match[2]!);
		if (tag === 'h2') {
			const named = /^\s*Worker:\s*([\s\S]*?)\s*$/.exec(text);
			if (named) worker = named[1]!;
			current = undefined;
		} else if (tag === 'h3') {
			const named = /^\s*Key:\s?([\s\S]*?)\s?$/.exec(text);
			if (!named) continue;
			current = {worker, key: named[1]!, frames: []};
			stacks.push(current);
		} else if (current) current.frames.push(...parseFrames(text));
	}
	return {stacks, notRunning: stacks.length === 0 && html.includes(NOT_RUNNING)};
}
