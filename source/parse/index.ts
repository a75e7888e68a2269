/** The parse layer's public API: RawScrape rounds → cache → Snapshot, plus the detail-view page. */
export {emptyCache, mergeScrape, type ScrapeCache} from './cache.js';
export type {SchedulerProcess} from './cache-shape.js';
export {otherProcess} from './scheduler-process.js';
export {buildSnapshot} from './build-snapshot.js';
export {withActions} from './actions.js';
export {classify} from './classify.js';
export {
	IDLE_WORKERS_HTML_EVERY_MS,
	SMALLEST_SAMPLE_WINDOW,
	workerSampleEveryMs,
	workersHtmlEveryMs,
} from './currency.js';
export {carriesFigures, endpointKind, workerPageAddress} from './endpoint-kind.js';
export {lastSchedulerAnswerMs, roundTimeMs, timePassesUntilMs} from './round-time.js';
export {TASK_STATES} from './scheduler-metrics.js';
export {parseCallStacks} from './call-stacks.js';
export {parseExceptionsPage} from './exceptions-page.js';
export {parseLogPage} from './log-page.js';
export {frameWhere, innermostUserFrame} from './stack-frames.js';
