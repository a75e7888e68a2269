#!/usr/bin/env node
// Bundles source/cli.tsx into dist/dask-top.mjs and the chunks it loads lazily: starts ~2x faster than tsc output,
// forces React's production build (its development build leaks on every commit), and bounds
// Ink's text caches (see ink-cache-bound.mjs). Beside it: dist/THIRD-PARTY-NOTICES.txt, the
// licences of the packages it inlines (notices.mjs).
import {build, context} from 'esbuild';
import {chmodSync, existsSync, readdirSync, rmSync, statSync} from 'node:fs';
import {join} from 'node:path';
import {BUNDLE_OPTIONS, REQUIRE_BANNER} from './bundle-options.mjs';
import {writeNotices} from './notices.mjs';
import {dropUnusedRequire} from './require-banner.mjs';
import {V8_FLAGS} from './v8-flags.mjs';

const outfile = 'dist/dask-top.mjs';

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
		if (statSync(outfile).mtimeMs > Math.max(newestMtime('source'), statSync('package.json').mtimeMs)) process.exit(0);
	} catch {}
}

// Split at the entry's and main's lazy imports (dask-top.mjs plus chunk-*.mjs beside it): --version,
// --help (baked: bake-cli-text.mjs) and unknown options load only the entry and its small chunks, other
// usage errors add the flags' chunk (meow), --once never loads Ink. `--single`
// writes the one-file bundle instead (what a single executable embeds).
const single = process.argv.includes('--single');
// Old bundles and chunks go (never the single executable or the notices beside them).
for (const name of (existsSync('dist') ? readdirSync('dist', {withFileTypes: true}) : []).filter(
	(e) => e.isFile() && /\.mjs(\.map)?$/.test(e.name),
))
	rmSync(join('dist', name.name));
const options = {
	...BUNDLE_OPTIONS,
	entryPoints: {'dask-top': 'source/cli.tsx'},
	minify: true,
	legalComments: 'none',
	...(single
		? {outfile}
		: {outdir: 'dist', splitting: true, chunkNames: 'chunk-[hash]', outExtension: {'.js': '.mjs'}}),
	banner: {js: `#!/usr/bin/env -S node ${V8_FLAGS.join(' ')}\n${REQUIRE_BANNER}`},
	logLevel: 'warning',
	metafile: true,
	// `--sourcemap`: dist/dask-top.mjs.map beside the bundle, for profiles (node --cpu-prof, --heap-prof).
	sourcemap: process.argv.includes('--sourcemap'),
};

function finish(metafile) {
	dropUnusedRequire(metafile);
	writeNotices(metafile, 'dist/THIRD-PARTY-NOTICES.txt');
	chmodSync(outfile, 0o755); // run by its first line, as an installed bin is
}

if (process.argv.includes('--watch')) {
	// `npm run dev`: rebuild on every change under source/; chunks a rebuild no longer writes go.
	const rebuilt = {
		name: 'rebuilt',
		setup(b) {
			b.onEnd((result) => {
				if (result.errors.length > 0) return;
				const written = new Set(Object.keys(result.metafile.outputs).map((path) => path.replace(/^dist\//, '')));
				for (const name of readdirSync('dist').filter((n) => /^chunk-.*\.mjs(\.map)?$/.test(n) && !written.has(n)))
					rmSync(join('dist', name));
				finish(result.metafile);
				console.error(`${new Date().toLocaleTimeString()} built ${outfile}`);
			});
		},
	};
	const ctx = await context({...options, plugins: [...options.plugins, rebuilt]});
	await ctx.watch();
	console.error('watching source/ (Ctrl-C stops)');
} else {
	finish((await build(options)).metafile);
}
