/** The worker table's filter: a substring of name, address or host, or a `/regex/flags`. */
import type {WorkerRow} from './row-types.js';

export type RowFilter =
	| {readonly test: (row: WorkerRow) => boolean; readonly substring?: string}
	| {readonly error: string};

/** Case-insensitive substring of name, address or host; `/pattern/flags` is a regex (a bad one is an error). */
export function parseRowFilter(text: string): RowFilter {
	const regex = /^\/(.*)\/([a-z]*)$/s.exec(text);
	if (regex && text.length >= 2) {
		const [, body = '', flags = ''] = regex;
		try {
			const re = new RegExp(body, flags.includes('i') ? flags : `${flags}i`);
			return {
				test: (row) => {
					re.lastIndex = 0;
					return re.test(row.name) || re.test(row.address) || (row.host !== undefined && re.test(row.host));
				},
			};
		} catch (error) {
			return {
				error: `bad filter pattern ${text}: ${(error as Error).message.replace(/^Invalid regular expression: /, '')}`,
			};
		}
	}
	const needle = text.toLowerCase();
	return {
		substring: needle,
		test: (row) =>
			row.name.toLowerCase().includes(needle) ||
			row.address.toLowerCase().includes(needle) ||
			(row.host?.toLowerCase().includes(needle) ?? false),
	};
}
