// Ink 6.8 memoises every text it measures (measure-text.js) and wraps (wrap-text.js) in caches
// that are never emptied (Ink issue #986, bounded in later Ink versions, which need Node 22).
// A monitor's texts change every poll, so those caches grow for as long as it runs: ~18 KB a poll
// at 120×40, ~1.5 GB a day at 1 s. The bundle caps each cache at CACHE_LIMIT entries, then starts it
// afresh. The build fails loudly if Ink's code no longer looks as expected.
export const CACHE_LIMIT = 4096;

const PATCHES = {
	'measure-text.js': [['cache.set(text, dimensions);', `if (cache.size >= ${CACHE_LIMIT}) cache.clear();\n    cache.set(text, dimensions);`]],
	'wrap-text.js': [
		['const cache = {};', 'let cache = {};\nlet cacheSize = 0;'],
		['cache[cacheKey] = wrappedText;', `if (++cacheSize > ${CACHE_LIMIT}) {\n        cache = {};\n        cacheSize = 1;\n    }\n    cache[cacheKey] = wrappedText;`],
	],
};

/** Returns the file's source with its cache bounded; throws when Ink's code changed under us. */
export function boundInkCache(fileName, source) {
	const patches = PATCHES[fileName];
	if (!patches) throw new Error(`no cache patch for ${fileName}`);
	let patched = source;
	for (const [from, to] of patches) {
		if (!patched.includes(from)) throw new Error(`ink/build/${fileName} changed: cannot bound its cache (looked for "${from}")`);
		patched = patched.replace(from, to);
	}
	return patched;
}

/** The esbuild plugin that applies boundInkCache to Ink's two files. */
export const inkCacheBound = {
	name: 'ink-cache-bound',
	setup(build) {
		build.onLoad({filter: /[\\/]ink[\\/]build[\\/](measure-text|wrap-text)\.js$/}, async ({path}) => {
			const {readFile} = await import('node:fs/promises');
			const fileName = path.split(/[\\/]/).pop();
			return {contents: boundInkCache(fileName, await readFile(path, 'utf8')), loader: 'js'};
		});
	},
};
