/**
 * The table of diagnosis rules, one per cause. The order is the order causes are listed in (the
 * README, the view's notes); findings are sorted by severity and age, not by it.
 */
import type {Rule} from './rule.js';
import {eventLoopBlocked} from './rules/event-loop-blocked.js';
import {gilContention} from './rules/gil-contention.js';
import {hung} from './rules/hung.js';
import {memoryPressure} from './rules/memory-pressure.js';
import {noWorker} from './rules/no-worker.js';
import {schedulerBound} from './rules/scheduler-bound.js';
import {skew} from './rules/skew.js';
import {spilling} from './rules/spilling.js';
import {straggler} from './rules/straggler.js';
import {transferBound} from './rules/transfer-bound.js';
import {workerLost} from './rules/worker-lost.js';

export const RULES: readonly Rule[] = [
	memoryPressure,
	spilling,
	eventLoopBlocked,
	gilContention,
	transferBound,
	straggler,
	skew,
	noWorker,
	schedulerBound,
	hung,
	workerLost,
];
