/**
 * F2's save: the columns the user chose go into the config file the options were read from
 * (config-save.ts keeps every other key as written, and never overwrites a file it cannot
 * read); what happened, as the footer says it.
 */
import {saveConfigKey} from './config-save.js';
import type {WorkerColumnId} from '../types/worker-column-ids.js';

export function saveColumns(configFile: string | undefined, columns: readonly WorkerColumnId[]): string {
	if (configFile === undefined) return 'columns kept until dask-top exits: no config file to save them in';
	const saved = saveConfigKey(configFile, 'columns', columns);
	// The reason first: a narrow footer cuts the end of the line, where the path is.
	return saved.ok
		? `columns saved in ${configFile}`
		: `columns not saved, the config file is ${saved.problem}: ${configFile} left as it was`;
}
