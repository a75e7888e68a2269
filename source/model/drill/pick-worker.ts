/**
 * A worker named on the command line (--worker, --logs) → the worker: by its name, else its
 * address (with or without `tcp://`). Anything else is one line listing what exists. Pure.
 */

export interface NamedWorker {
	readonly address: string;
	readonly name: string;
}

/** How many workers a "no such worker" line lists before "and N more". */
const LISTED = 12;

/** `show` makes each cluster text (and what was asked) safe to print (units/inert.ts). */
export function pickWorker(
	workers: readonly NamedWorker[],
	asked: string,
	show: (text: string) => string = (text) => text,
): NamedWorker | {readonly error: string} {
	const byName = workers.find((w) => w.name === asked);
	if (byName) return byName;
	const byAddress = workers.find((w) => w.address === asked || w.address.replace(/^[a-z]+:\/\//, '') === asked);
	if (byAddress) return byAddress;
	if (workers.length === 0) return {error: `no worker "${show(asked)}": the scheduler has no workers`};
	const sorted = [...workers].sort((a, b) => a.name.localeCompare(b.name, 'en', {numeric: true}));
	const listed = sorted
		.slice(0, LISTED)
		.map((w) => (w.name === w.address ? show(w.address) : `${show(w.name)} (${show(w.address)})`));
	const more = sorted.length > LISTED ? `, and ${sorted.length - LISTED} more` : '';
	return {error: `no worker "${show(asked)}"; the workers are: ${listed.join(', ')}${more}`};
}
