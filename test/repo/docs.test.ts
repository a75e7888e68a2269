/**
 * The README is for users and the docs hold the rest: the README stays short, every relative link
 * of the README and docs/ leads to a file (and, with an anchor, to a heading of it), and the --help
 * text in docs/reference.md is what the built CLI prints (npm run readme refreshes it).
 */
import {execFileSync} from 'node:child_process';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {dirname, join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pages = [
	'README.md',
	'CHANGELOG.md',
	...readdirSync(join(root, 'docs'))
		.filter((f) => f.endsWith('.md'))
		.map((f) => `docs/${f}`),
];
const read = (page: string): string => readFileSync(join(root, page), 'utf8');

/** GitHub's anchor of a heading: lower case, punctuation but hyphens dropped, spaces as hyphens. */
function slug(heading: string): string {
	return heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N} _-]/gu, '')
		.replace(/ /g, '-');
}

function anchors(text: string): Set<string> {
	const outsideCode = text.replace(/```[\s\S]*?```/g, '');
	return new Set([...outsideCode.matchAll(/^#+ (.+)$/gm)].map((match) => slug(match[1] ?? '')));
}

describe('the README and the docs', () => {
	it('the README is at most 300 lines', () => {
		expect(read('README.md').split('\n').length).toBeLessThanOrEqual(300);
	});

	it('every relative link leads to a file, and every anchor to a heading', () => {
		const broken: string[] = [];
		for (const page of pages) {
			for (const match of read(page).matchAll(/\]\(([^)\s]+)\)/g)) {
				const target = match[1] ?? '';
				if (/^[a-z]+:/.test(target)) continue;
				const [path = '', anchor] = target.split('#');
				const file = path === '' ? page : join(dirname(page), path);
				if (!existsSync(join(root, file))) broken.push(`${page}: ${target} (no file ${file})`);
				else if (anchor !== undefined && file.endsWith('.md') && !anchors(read(file)).has(anchor))
					broken.push(`${page}: ${target} (no heading #${anchor} in ${file})`);
			}
		}
		expect(broken).toEqual([]);
	});

	it("docs/reference.md's --help text is what the built CLI prints (npm run readme)", () => {
		const help = execFileSync(process.execPath, [join(root, 'dist', 'dask-top.cjs'), '--help'], {encoding: 'utf8'});
		const block = /<!-- help:start -->\n```\n([\s\S]*?)\n```\n<!-- help:end -->/.exec(read('docs/reference.md'));
		expect(block?.[1]).toBe(help.replace(/\n+$/, ''));
	});
});
