#!/usr/bin/env node
// Refreshes the generated parts of the docs from the code: README.md's keys table (from the one
// bindings table), docs/reference.md's --help text (from the built CLI) and settings table, the man
// page (man/dask-top.1, from the same lists) and docs/config.example.json (the last two and the
// settings table from the settings table, source/options/settings.ts). Run after changing either:
// npm run readme.
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
/** What a module of source/options/settings-docs.ts returns, run from source. */
const settingsDoc = (name) =>
	execFileSync(
		'node',
		[
			'--import',
			'tsx',
			'-e',
			`import('./source/options/settings-docs.ts').then((m) => process.stdout.write(m.${name}()))`,
		],
		{encoding: 'utf8'},
	);
const settings = settingsDoc('settingsMarkdownTable');
const next = readme.replace(
	/<!-- keys:start -->\n[\s\S]*?\n<!-- keys:end -->/,
	`<!-- keys:start -->\n${keys}\n<!-- keys:end -->`,
);
const nextReference = reference
	.replace(
		/<!-- help:start -->\n```\n[\s\S]*?\n```\n<!-- help:end -->/,
		`<!-- help:start -->\n\`\`\`\n${help}\n\`\`\`\n<!-- help:end -->`,
	)
	.replace(
		/<!-- settings:start -->\n[\s\S]*?\n<!-- settings:end -->/,
		`<!-- settings:start -->\n${settings}\n<!-- settings:end -->`,
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

const exampleFile = 'docs/config.example.json';
const example = settingsDoc('configExampleText');
const exampleBefore = readFileSync(exampleFile, 'utf8');
writeFileSync(exampleFile, example);
console.log(example === exampleBefore ? `${exampleFile} is current` : `${exampleFile} updated`);
