#!/usr/bin/env node
// Refreshes the generated parts of README.md from the code: the keys table (from the one bindings
// table) and the --help text (from the built CLI). Run after changing either: npm run readme.
import {execFileSync} from 'node:child_process';
import {readFileSync, writeFileSync} from 'node:fs';

const readme = readFileSync('README.md', 'utf8');
const keys = execFileSync(
	'node',
	[
		'--import',
		'tsx',
		'-e',
		"import('./source/ui/binding-text.ts').then((m) => process.stdout.write(m.keysMarkdownTable()))",
	],
	{encoding: 'utf8'},
);
const help = execFileSync('node', ['dist/dask-top.cjs', '--help'], {encoding: 'utf8'}).replace(/\n+$/, '');
const next = readme
	.replace(/<!-- keys:start -->\n[\s\S]*?\n<!-- keys:end -->/, `<!-- keys:start -->\n${keys}\n<!-- keys:end -->`)
	.replace(
		/<!-- help:start -->\n```\n[\s\S]*?\n```\n<!-- help:end -->/,
		`<!-- help:start -->\n\`\`\`\n${help}\n\`\`\`\n<!-- help:end -->`,
	);
writeFileSync('README.md', next);
console.log(next === readme ? 'README.md is current' : 'README.md updated');
