/**
 * The README's Troubleshooting table quotes what dask-top prints. Each quoted message is a template:
 * `…` stands for what varies (a URL, a count) and URLs in it are examples; every other stretch of
 * its words must be a stretch of some string the program writes (source/), so a message reworded
 * in the code and not in the README fails here. Some rows are checked live elsewhere
 * (test/e2e/cli-errors.test.ts prints the messages against real servers).
 */
import {readdirSync, readFileSync, statSync} from 'node:fs';
import {dirname, join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

function sourceFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) ? [path] : [];
	});
}

/** Every file of source/ as one text, line breaks inside template strings joined. */
const program = sourceFiles(join(root, 'source'))
	.map((file) => readFileSync(file, 'utf8'))
	.join('\n')
	.replace(/['`] \+\s*\n\s*['`]/g, '')
	.replace(/\$\{[^}]*\}/g, '…');

/** The first column's quoted messages of the Troubleshooting table. */
function quotedMessages(readme: string): string[] {
	const section = readme.slice(readme.indexOf('## Troubleshooting'));
	const table = section.slice(0, section.indexOf('\n## '));
	return table
		.split('\n')
		.filter((line) => line.startsWith('| `'))
		.flatMap((line) => [...(line.split(' | ')[0] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1]!));
}

/** The stretches of a message the program must hold word for word: between `…` and example URLs. */
function fixedStretches(message: string): string[] {
	return message
		.split(/…|(?:https?|tcp):\/\/\S+|--\w[\w-]*|\d+/)
		.map((part) =>
			part
				.trim()
				.replace(/^[,.:;()]+|[,.:;(]+$/g, '')
				.trim(),
		)
		.filter((part) => part.split(' ').length >= 3);
}

describe("the README's Troubleshooting table", () => {
	const messages = quotedMessages(readFileSync(join(root, 'README.md'), 'utf8'));

	it('quotes messages', () => {
		expect(messages.length).toBeGreaterThanOrEqual(6);
	});

	it.each(messages.filter((m) => fixedStretches(m).length > 0))('quotes what the program writes: %s', (message) => {
		for (const stretch of fixedStretches(message)) expect(program, stretch).toContain(stretch);
	});
});
