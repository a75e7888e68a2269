#!/usr/bin/env node
// Refreshes the generated parts of the docs from the code: README.md's keys table (from the one
// bindings table) and docs/reference.md's --help text (from the built CLI). Run after changing
// either: npm run readme.
import {execFileSync} from 'node:child_process';
import {readFileSync, writeFileSync} from 'node:fs';

const readme = readFileSync('README.md', 'utf8');
const reference = readFileSync('docs/reference.md', 'utf8');
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
const next = readme.replace(
	/<!-- keys:start -->\n[\s\S]*?\n<!-- keys:end -->/,
	`<!-- keys:start -->\n${keys}\n<!-- keys:end -->`,
);
const nextReference = reference.replace(
	/<!-- help:start -->\n```\n[\s\S]*?\n```\n<!-- help:end -->/,
	`<!-- help:start -->\n\`\`\`\n${help}\n\`\`\`\n<!-- help:end -->`,
);
writeFileSync('README.md', next);
writeFileSync('docs/reference.md', nextReference);
console.log(next === readme ? 'README.md is current' : 'README.md updated');
console.log(nextReference === reference ? 'docs/reference.md is current' : 'docs/reference.md updated');
