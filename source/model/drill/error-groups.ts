/**
 * The erred tasks grouped by exception type and task prefix, with counts: what the errors view and
 * `--errors` list first. Groups in the order of their newest task (the page lists newest first);
 * each keeps its tasks in that order. Pure.
 */
import type {ErredTask} from '../../types/drill-page.js';

export interface ErrorGroup {
	/** The exception's type, or '' when its text does not start with one. */
	readonly type: string;
	readonly prefix: string;
	/** Newest first. */
	readonly tasks: readonly ErredTask[];
}

export function groupErrors(erred: readonly ErredTask[]): ErrorGroup[] {
	const groups = new Map<string, {type: string; prefix: string; tasks: ErredTask[]}>();
	for (const task of erred) {
		const id = `${task.type}\u0000${task.prefix}`;
		let group = groups.get(id);
		if (group === undefined) {
			group = {type: task.type, prefix: task.prefix, tasks: []};
			groups.set(id, group);
		}
		group.tasks.push(task);
	}
	return [...groups.values()];
}
