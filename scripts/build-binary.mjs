#!/usr/bin/env node
// `npm run build:binary`: dist/dask-top-<platform>-<arch> (dask-top-linux-x64 on Linux x64), one
// executable file for machines without Node: a Node single-executable application of Node 24
// (scripts/node24.mjs) carrying the built bundle (every dist/*.mjs, from `npm run build`), the
// demo recording and the bundled packages' licences as assets. Its main script is
// scripts/sea-entry.cjs, which imports the bundle from memory. postject (npm) writes the blob into
// a copy of the node binary.
//
// --if-stale: do nothing when the executable was built from the same inputs (a hash of them is
// kept beside it), so tests can ask for it cheaply.
import {execFileSync, spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {
	chmodSync,
	copyFileSync,
	existsSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	renameSync,
	rmSync,
	statSync,
	writeFileSync,
} from 'node:fs';
import {dirname, join, relative} from 'node:path';
import {fileURLToPath} from 'node:url';
import {NODE_24, node24} from './node24.mjs';
import {V8_FLAGS} from './v8-flags.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const BINARY = join(dist, `dask-top-${process.platform}-${process.arch}`);
const stampFile = `${BINARY}.inputs`;
const entry = join(root, 'scripts', 'sea-entry.cjs');
const demo = 'media/demo.ndjson.gz';
const notices = 'dist/THIRD-PARTY-NOTICES.txt';
// Node's fuse that marks a binary as carrying a single-executable blob (Node's documentation).
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

function fail(line) {
	process.stderr.write(`build-binary: ${line}\n`);
	process.exit(1);
}

/** Runs a step with its output kept, shown only when the step fails. */
function quiet(what, command, args, cwd) {
	const run = spawnSync(command, args, {cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']});
	if (run.status === 0) return;
	process.stderr.write(`${run.stdout ?? ''}${run.stderr ?? ''}`);
	throw new Error(`${what} failed (${run.error?.message ?? `exit ${run.status}`})`);
}

/** Every file of the bundle, as asset key (its path from the package root) → path on disk. */
function bundleFiles(dir = dist) {
	const files = {};
	for (const item of readdirSync(dir, {withFileTypes: true})) {
		const path = join(dir, item.name);
		if (item.isDirectory()) {
			if (!item.name.startsWith('.')) Object.assign(files, bundleFiles(path));
		} else if (item.name.endsWith('.mjs')) files[relative(root, path)] = path;
	}
	return files;
}

/** A hash of what the executable is made of: the bundle, the demo, the entry, the Node release and its flags. */
function inputsHash(assets) {
	const hash = createHash('sha256')
		.update(`node ${NODE_24} ${V8_FLAGS.join(' ')}\n`)
		.update(readFileSync(entry));
	for (const key of Object.keys(assets).sort()) hash.update(`\n${key}\n`).update(readFileSync(assets[key]));
	return hash.digest('hex');
}

/** Builds the executable into `work`, checks it, and moves it into place; returns its --version line. */
function build(work, node, assets) {
	const blob = join(work, 'sea.blob');
	const config = join(work, 'sea-config.json');
	// No code cache: the main script is a few lines; the bundle it imports is compiled as Node
	// compiles any module (lazily), which the first-frame figures include. execArgv: the V8 settings
	// the bundle's first line gives node (scripts/v8-flags.mjs), which an executable has no line for.
	writeFileSync(
		config,
		JSON.stringify(
			{
				main: entry,
				output: blob,
				disableExperimentalSEAWarning: true,
				useCodeCache: false,
				useSnapshot: false,
				execArgv: V8_FLAGS,
				assets,
			},
			null,
			'\t',
		),
	);
	// The blob must come from the very node binary it is injected into.
	quiet('node --experimental-sea-config', node, ['--experimental-sea-config', config], work);

	const output = join(work, 'dask-top');
	copyFileSync(node, output);
	chmodSync(output, 0o755);
	// postject's ELF library warns about every note section it cannot name: noise unless it fails.
	quiet(
		'postject',
		process.execPath,
		[
			join(root, 'node_modules', 'postject', 'dist', 'cli.js'),
			output,
			'NODE_SEA_BLOB',
			blob,
			'--sentinel-fuse',
			SEA_FUSE,
		],
		work,
	);

	// Checked before it replaces the previous one: no PATH, no environment, from another directory.
	const version = execFileSync(output, ['--version'], {cwd: work, env: {}, encoding: 'utf8'}).trim();
	if (!version.includes(`single executable, Node ${NODE_24}`))
		throw new Error(`the built executable answered --version with "${version}"`);
	renameSync(output, BINARY);
	return version;
}

if (!existsSync(join(dist, 'dask-top.mjs'))) fail('dist/dask-top.mjs is missing: run npm run build first');
// The licences of the bundled packages travel inside too (scripts/notices.mjs).
const assets = {
	...bundleFiles(),
	[demo]: join(root, demo),
	...(existsSync(join(root, notices)) ? {[notices]: join(root, notices)} : {}),
};
const stamp = inputsHash(assets);
if (
	process.argv.includes('--if-stale') &&
	existsSync(BINARY) &&
	existsSync(stampFile) &&
	readFileSync(stampFile, 'utf8').trim() === stamp
)
	process.exit(0);

const started = performance.now();
// In dist/: the finished file is renamed into place, which needs one file system.
const work = mkdtempSync(join(dist, '.binary-'));
try {
	rmSync(stampFile, {force: true});
	const version = build(work, node24(), assets);
	writeFileSync(stampFile, `${stamp}\n`);
	const mb = (statSync(BINARY).size / 1e6).toFixed(0);
	process.stderr.write(
		`build-binary: ${relative(root, BINARY)} (${mb} MB, ${version}) ` +
			`in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
	);
} catch (error) {
	process.exitCode = 1;
	process.stderr.write(`build-binary: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}\n`);
} finally {
	rmSync(work, {recursive: true, force: true});
}
