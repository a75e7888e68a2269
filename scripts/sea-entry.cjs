// The main script of the single executable (scripts/build-binary.mjs). Node 24 runs a
// single-executable main only as CommonJS, and the bundle cannot be CommonJS (top-level await in
// Ink's reconciler and yoga-layout), so this entry imports the ESM bundle, which the executable
// carries as assets (dist/*.mjs). A module hook serves those files from memory under a URL inside
// the executable's own path (<executable>/dist/...): nothing is read from or written to disk, and
// that path can never exist (the executable is a file, not a directory).
'use strict';
const {getAsset, getRawAsset} = require('node:sea');
const {registerHooks} = require('node:module');
const {pathToFileURL} = require('node:url');

const base = pathToFileURL(`${process.execPath}/`).href;

/** Whether a URL inside the executable names a file it carries. */
function carried(url) {
	if (!url.startsWith(base)) return false;
	try {
		getRawAsset(decodeURIComponent(url.slice(base.length)));
		return true;
	} catch {
		return false;
	}
}

registerHooks({
	resolve(specifier, context, nextResolve) {
		const from = context.parentURL ?? base;
		if (specifier.startsWith(base) || (/^\.\.?\//.test(specifier) && from.startsWith(base))) {
			const url = new URL(specifier, from).href;
			if (carried(url)) return {url, format: 'module', shortCircuit: true};
		}
		return nextResolve(specifier, context);
	},
	load(url, context, nextLoad) {
		if (!carried(url)) return nextLoad(url, context);
		return {format: 'module', source: getAsset(decodeURIComponent(url.slice(base.length)), 'utf8'), shortCircuit: true};
	},
});

import(`${base}dist/dask-top.mjs`).catch((error) => {
	process.stderr.write(
		`dask-top: cannot start: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}\n`,
	);
	process.exit(1);
});
