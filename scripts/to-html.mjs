#!/usr/bin/env node
// Turns one `tmux capture-pane -p -e` dump into an HTML page the size of the terminal, for a
// headless-Chromium screenshot. Usage: to-html.mjs IN.ansi OUT.html COLS ROWS
import {readFileSync, writeFileSync} from 'node:fs';
import Convert from 'ansi-to-html';

const [input, output, cols = '120', rows = '40'] = process.argv.slice(2);
if (!input || !output) {
	console.error('usage: to-html.mjs IN.ansi OUT.html [COLS] [ROWS]');
	process.exit(2);
}
const palette = {
	0: '#1e1e1e',
	1: '#f14c4c',
	2: '#23d18b',
	3: '#f5f543',
	4: '#3b8eea',
	5: '#d670d6',
	6: '#29b8db',
	7: '#e5e5e5',
	8: '#666666',
	9: '#f14c4c',
	10: '#23d18b',
	11: '#f5f543',
	12: '#3b8eea',
	13: '#d670d6',
	14: '#29b8db',
	15: '#ffffff',
};
const convert = new Convert({fg: '#d4d4d4', bg: '#1e1e1e', escapeXML: true, colors: palette});
// ansi-to-html ignores SGR 7 (inverse): show the selected row as a blue band instead. tmux does
// not reset attributes at line ends, so each line is converted on its own and closed.
const lines = readFileSync(input, 'utf8')
	.replaceAll('\u001B[7m', '\u001B[48;5;24m')
	.replaceAll('\u001B[27m', '\u001B[49m')
	.replace(/\n$/, '')
	.split('\n');
const body = lines.map((line) => convert.toHtml(`${line}\u001B[0m`)).join('\n');
const height = Number(rows) * 18;
writeFileSync(
	output,
	'<!doctype html><meta ' +
		'charset="utf-8"><style>html,body{margin:0;background:#1e1e1e}pre{margin:0;padding:12px;font:14px/18px ' +
		"'DejaVu Sans " +
		`Mono',monospace;color:#d4d4d4;white-space:pre;width:${cols}ch;height:` +
		`${height}px;overflow:hidden}</style><pre>${body}</pre>`,
);
