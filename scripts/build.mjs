#!/usr/bin/env node
// Bundles source/cli.tsx into dist/dask-top.cjs (the installed command), dist/dask-top.mjs (the same
// command as ES modules, for the single executable) and the chunks they load lazily: starts ~2x faster
// than tsc output, forces React's production build (its development build leaks on every commit), and bounds
// Ink's text caches (see ink-cache-bound.mjs). Beside it: dist/THIRD-PARTY-NOTICES.txt, the
// licences of the packages it inlines (notices.mjs).
import {build, context} from 'esbuild';
import {chmodSync, existsSync, readdirSync, rmSync, statSync} from 'node:fs';
import {join, relative} from 'node:path';
import {bundleOptions, REQUIRE_BANNER, rewritesFromArgv} from './bundle-options.mjs';
import {writeLauncher} from './launcher.mjs';
import {writeNotices} from './notices.mjs';

// `--outdir=DIR`: the build goes there instead of dist/ (a sibling of dist/, so that the bundle finds
// package.json and media/ as from dist/). `--no-patches`: none of the rewrites of dependencies
// (bundle-options.mjs, docs/build-patches.md); `--without=A,B`: all but those, to measure one.
const outdir = process.argv.find((arg) => arg.startsWith('--outdir='))?.slice('--outdir='.length) ?? 'dist';
const rewrites = rewritesFromArgv(process.argv);
/** The bundle the installed command (dist/dask-top, launcher.mjs) runs: CommonJS up to the options (see below). */
const entryFile = join(outdir, 'dask-top.cjs');
/** The same command as one ES module graph: what the single executable imports (build-binary.mjs). */
const esmEntryFile = join(outdir, 'dask-top.mjs');

function newestMtime(dir) {
	let newest = 0;
	for (const entry of readdirSync(dir, {withFileTypes: true})) {
		const path = join(dir, entry.name);
		newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
	}
	return newest;
}

if (process.argv.includes('--if-stale')) {
	try {
		if (statSync(entryFile).mtimeMs > Math.max(newestMtime('source'), statSync('package.json').mtimeMs))
			process.exit(0);
	} catch {}
}

// The ES modules split at the entry's and main's lazy imports (dask-top.mjs, launch.mjs and chunk-*.mjs
// beside them): --version, --help (baked: bake-cli-text.mjs) and unknown options load only the entry
// and its small chunks, other usage errors add the flags' chunk (meow), --once never loads Ink.
// `--single` writes the one-file ES module bundle instead (what a single executable embeds).
const single = process.argv.includes('--single');
// Old bundles and chunks go (never the single executable or the notices beside them).
for (const name of (existsSync(outdir) ? readdirSync(outdir, {withFileTypes: true}) : []).filter(
	(e) => e.isFile() && /\.[mc]js(\.map)?$/.test(e.name),
))
	rmSync(join(outdir, name.name));
// A plain first line: every `env` takes it (BusyBox's and old coreutils' lack -S). The V8 settings
// of v8-flags.mjs reach node another way: the installed command is a sh launcher that execs node
// with them (launcher.mjs); `node dist/dask-top.cjs` runs without them.
const shebang = '#!/usr/bin/env node';
const shared = {
	...bundleOptions(rewrites),
	// `--no-minify`: readable names and lines in a profile (the timing differs a little from the shipped bundle).
	minify: !process.argv.includes('--no-minify'),
	legalComments: 'none',
	logLevel: 'warning',
	metafile: true,
	// `--sourcemap`: a .map beside each file, for profiles (node --cpu-prof, --heap-prof).
	sourcemap: process.argv.includes('--sourcemap'),
};
const esm = {
	...shared,
	// launch.ts is an entry of its own: the CommonJS entry below imports it (dist/launch.mjs).
	entryPoints: single ? {'dask-top': 'source/cli.tsx'} : {'dask-top': 'source/cli.tsx', launch: 'source/run/launch.ts'},
	...(single
		? {outfile: esmEntryFile}
		: {outdir, splitting: true, chunkNames: 'chunk-[hash]', outExtension: {'.js': '.mjs'}}),
	banner: {js: `${shebang}\n${REQUIRE_BANNER}`},
};

// The installed command, dist/dask-top.cjs: the entry, the flags (meow) and the options as one
// CommonJS file, which imports dist/launch.mjs (and its chunks) once the options are good. Node 20
// compiles its own modules from source under the first line's V8 flags, its ES module loader among
// them: a usage error that never loads an ES module costs about 14 ms of CPU less (an empty .cjs
// against an empty .mjs under the same flags, alternated). Bundled code that reads import.meta gets
// this file's URL.
const launchExternal = {
	name: 'launch-external',
	setup(b) {
		b.onResolve({filter: /^\.\/launch\.js$/}, ({importer}) =>
			/[\\/]source[\\/]run[\\/]main\.ts$/.test(importer) ? {path: './launch.mjs', external: true} : undefined,
		);
	},
};
const cjs = {
	...shared,
	entryPoints: ['source/cli.tsx'],
	format: 'cjs',
	outfile: entryFile,
	define: {...shared.define, 'import.meta': '__importMeta'},
	banner: {js: `${shebang}\nvar __importMeta = {url: require('node:url').pathToFileURL(__filename).href};`},
	plugins: [...shared.plugins, launchExternal],
};

/** Both builds' inputs and outputs, as one metafile. */
function merged(metafiles) {
	return {
		inputs: Object.assign({}, ...metafiles.map((m) => m.inputs)),
		outputs: Object.assign({}, ...metafiles.map((m) => m.outputs)),
	};
}

function finish(metafile) {
	writeNotices(metafile, join(outdir, 'THIRD-PARTY-NOTICES.txt'));
	// Run by their first line, as an installed bin is.
	for (const file of [entryFile, esmEntryFile].filter((f) => existsSync(f))) chmodSync(file, 0o755);
	if (!single) writeLauncher(outdir);
}

const builds = single ? [esm] : [esm, cjs];
if (process.argv.includes('--watch')) {
	// `npm run dev`: rebuild on every change under source/; chunks a rebuild no longer writes go.
	const latest = new Map();
	const rebuilt = (options) => ({
		name: 'rebuilt',
		setup(b) {
			b.onEnd((result) => {
				if (result.errors.length > 0) return;
				latest.set(options, result.metafile);
				if (latest.size < builds.length) return;
				const metafile = merged([...latest.values()]);
				const written = new Set(Object.keys(metafile.outputs).map((path) => relative(outdir, path)));
				for (const name of readdirSync(outdir).filter((n) => /^chunk-.*\.mjs(\.map)?$/.test(n) && !written.has(n)))
					rmSync(join(outdir, name));
				finish(metafile);
				console.error(`${new Date().toLocaleTimeString()} built ${entryFile}`);
			});
		},
	});
	for (const options of builds) {
		const ctx = await context({...options, plugins: [...options.plugins, rebuilt(options)]});
		await ctx.watch();
	}
	console.error('watching source/ (Ctrl-C stops)');
} else {
	finish(merged(await Promise.all(builds.map(async (options) => (await build(options)).metafile))));
}
