/**
 * Where a worker finding's tasks are stuck: the innermost frame of the user's own code in the call
 * stacks of the worker a hung, straggler or event-loop-blocked finding names, read once when the
 * finding starts (shell/finding-frame-text.ts) and shown under its evidence. Pure.
 */
import type {Finding} from '../../model/diagnosis/index.js';

/** The causes whose worker is asked for its call stacks when they start. */
const FRAME_CAUSES: ReadonlySet<string> = new Set(['hung', 'straggler', 'event-loop-blocked']);

/** The finding's key among the frames read (one reading per finding: its cause, worker and start). */
export function findingFrameKey(finding: Pick<Finding, 'cause' | 'subject' | 'since'>): string | undefined {
	if (!FRAME_CAUSES.has(finding.cause) || finding.subject.kind !== 'worker') return undefined;
	return `${finding.cause}|${finding.subject.id}|${finding.since}`;
}
