/** A retire dask-top asked for, as the state keeps it (retire.ts follows what became of it). */

export type RetireOutcome =
	| 'left' // gone from the worker list and did not come back
	| 'rejoined' // gone, then a worker of the same name joined at another address (its nanny restarted it)
	| 'still-connected' // the scheduler answered, the worker is still listed long after
	| 'failed' // an answer that is no success, and the worker stayed
	| 'not-enabled'; // 404: the scheduler's api module is not enabled

export interface RetireAnswer {
	readonly status: number | null;
	/** One line: `HTTP 200: retired gamma`, `HTTP 500`, `no answer: timeout`. */
	readonly text: string;
	readonly ok: boolean;
}

export interface RetireTrack {
	readonly address: string;
	readonly name: string;
	/** Epoch seconds the request was sent (identifies it). */
	readonly sent: number;
	/** What the worker held when the request was first seen. */
	readonly keys?: number;
	readonly memoryBytes?: number;
	readonly nanny: boolean;
	readonly answer?: RetireAnswer;
	readonly answeredMs?: number;
	/** Monitor time the worker was first missing from a fresh worker list. */
	readonly goneMs?: number;
	readonly outcome?: RetireOutcome;
	/** The address it rejoined at. */
	readonly rejoinedAs?: string;
	readonly doneMs?: number;
}
