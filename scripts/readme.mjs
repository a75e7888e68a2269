#!/usr/bin/env node
// Refreshes the generated parts of the docs from the code: README.md's keys table (from the one
// bindings table), docs/reference.md's --help text (from the built CLI) and the man page
// (man/dask-top.1, from the same lists). Run after changing either: npm run readme.
import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';

const readme = readFileSync('README.md', 'utf8');
const reference = readFileSync('docs/reference.md', 'utf8');
const keys = execFileSync(
	'node',
	[
		'--import',
		'tsx',
		'-e',
		"import('./source/ui/keys/binding-text.ts').then((m) => process.stdout.write(m.keysMarkdownTable()))",
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

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const man = execFileSync(
	'node',
	[
		'--import',
		'tsx',
		'-e',
		`import('./source/options/man-page.ts').then((m) => process.stdout.write(m.manPage(` +
			`${JSON.stringify(pkg.version)}, ${JSON.stringify(pkg.description)})))`,
	],
	{encoding: 'utf8'},
);
mkdirSync('man', {recursive: true});
const manFile = 'man/dask-top.1';
const before = existsSync(manFile) ? readFileSync(manFile, 'utf8') : '';
writeFileSync(manFile, man);
console.log(man === before ? `${manFile} is current` : `${manFile} updated`);
