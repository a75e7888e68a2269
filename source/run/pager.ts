/**
 * A text longer than the terminal goes through a pager, as git and man do: `$PAGER` (run by the
 * shell, so `less -R` works), else `less`, with LESS=FRX unless set (quit when it fits, keep the
 * colours, leave the text on screen). Not a terminal, a text that fits, or no pager to be found:
 * written as it is.
 */
import {spawnSync} from 'node:child_process';

export interface PagerSettings {
	readonly isTTY: boolean;
	readonly rows: number | undefined;
	readonly env: NodeJS.ProcessEnv;
}

/** The shell command that pages `text`, or undefined when it is written as it is. */
export function pagerCommand(text: string, settings: PagerSettings): string | undefined {
	if (!settings.isTTY || settings.rows === undefined) return undefined;
	const lines = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
	if (lines < settings.rows) return undefined;
	const pager = settings.env['PAGER']?.trim();
	if (pager === 'cat' || pager === '') return undefined;
	return pager ?? 'less';
}

/** Writes `text` to stdout, through the pager when it is longer than the terminal. */
export function writePaged(text: string): void {
	const command = pagerCommand(text, {
		isTTY: process.stdout.isTTY === true,
		rows: process.stdout.rows,
		env: process.env,
	});
	if (command !== undefined) {
		const env = {...process.env, LESS: process.env['LESS'] ?? 'FRX'};
		const paged = spawnSync('/bin/sh', ['-c', command], {input: text, stdio: ['pipe', 'inherit', 'inherit'], env});
		if (paged.error === undefined && paged.status === 0) return;
	}
	process.stdout.write(text);
}
