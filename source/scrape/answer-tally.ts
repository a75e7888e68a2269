/**
 * A live source's count of its rounds and of the scheduler's silence: the rounds in a row that
 * brought no whole answer with its figures (answered.ts), which drive the back-off, and why; and the
 * connection state the screen shows from them (connecting, live, retrying).
 */
import type {EndpointResult} from '../types/raw-scrape.js';
import type {SourceStatus} from '../types/scrape-source.js';
import {downDetail, schedulerAnswered} from './answered.js';

/** What a status carries besides the connection state: the source's load and its own latest gap. */
type StatusFigures = Omit<SourceStatus, 'state' | 'detail' | 'nextAttemptMs'>;

export class AnswerTally {
	private roundsSeen = 0;
	private failed = 0;
	private why: string | undefined;

	/** Rounds in a row the scheduler gave no whole answer in (0 once it answers). */
	get failures(): number {
		return this.failed;
	}

	/** Counts one round's answers. */
	note(responses: readonly EndpointResult[]): void {
		this.roundsSeen += 1;
		const verdict = schedulerAnswered(responses);
		if (verdict === undefined || verdict.answered) {
			this.failed = 0;
			this.why = undefined;
		} else {
			this.failed += 1;
			this.why = downDetail(verdict.failed);
		}
	}

	status(figures: StatusFigures, nextAttemptMs: number | undefined): SourceStatus {
		if (this.roundsSeen === 0) return {state: 'connecting', ...figures};
		if (this.failed === 0) return {state: 'live', ...figures};
		return {
			state: 'retrying',
			...(this.why === undefined ? {} : {detail: this.why}),
			...(nextAttemptMs === undefined ? {} : {nextAttemptMs}),
			...figures,
		};
	}
}
