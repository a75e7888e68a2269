/**
 * Where a worker finding's tasks are stuck, in one line: the innermost frame of the user's own code
 * in the call stacks of the worker a hung, straggler or event-loop-blocked finding names, read once
 * when the finding starts (model/diagnosis/frames.ts), shown under its evidence. Pure.
 */
import type {FindingFrame} from '../../types/drill-page.js';
import {frameWhere} from '../../units/frame-where.js';

/** "in read_block, io.py:88 (task read-3; S: the stacks)", or why there is no such frame. */
export function findingFrameText(frame: FindingFrame): string {
	if ('missing' in frame) return frame.missing === 'no-user-code' ? `${frame.note} (S: the stacks)` : frame.note;
	return `in ${frame.function}, ${frameWhere(frame)} (task ${frame.task}; S: the stacks)`;
}
