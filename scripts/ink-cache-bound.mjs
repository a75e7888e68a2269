// Ink 6.8 memoises every text it measures (measure-text.js) and wraps (wrap-text.js) in caches
// that are never emptied (Ink issue #986, bounded in later Ink versions, which need Node 22).
// A monitor's texts change every poll, so those caches grow for as long as it runs: ~18 KB a poll
// at 120×40, ~1.5 GB a day at 1 s. The bundle caps each cache at CACHE_LIMIT entries, then starts it
// afresh. The build fails loudly if Ink's code no longer looks as expected.
export const CACHE_LIMIT = 4096;

// Ink 6.8 also starts its per-frame caches (output.js: each line's styled characters, each
// character's width) empty for every frame, so every frame tokenizes every line and measures every
// character again (string-width and ansi-tokenize were the largest CPU cost of an idle-looking
// screen under node --cpu-prof). The bundle lets a frame's caches fall back to the previous frame's:
// an unchanged line costs a lookup; only two frames' entries are ever kept.
const OUTPUT_CACHES = `class OutputCaches {
    constructor(previous) {
        this.previous = previous;
        if (previous) previous.previous = undefined;
    }
    fromPrevious(name, key) {
        const value = this.previous?.[name].get(key);
        if (value !== undefined) this[name].set(key, value);
        return value;
    }`;

// string-width 8 (Ink's) measures anything beyond printable ASCII with Intl.Segmenter and an emoji
// regex, and Ink measures every line of every frame (widest-line): a monitor's lines hold box
// drawing and block glyphs, so that was Ink's largest CPU cost under node --cpu-prof. The bundle
// adds a second fast path: text made only of code points that are one column wide whatever the
// locale (printable ASCII, Latin-1 without the soft hyphen, Latin Extended, general punctuation,
// arrows, box drawing and block elements) is as wide as it is long.
const NARROW_FAST_PATH = `if (ambiguousIsNarrow && /^[\\u0020-\\u007E\\u00A0-\\u00AC\\u00AE-\\u02FF\\u2010-\\u2027\\u2030-\\u205E\\u2190-\\u21FF\\u2500-\\u259F]*$/.test(string)) {
		return string.length;
	}

	let width = 0;
	const eastAsianWidthOptions`;

const PATCHES = {
	'string-width/index.js': [['\n\tlet width = 0;\n\tconst eastAsianWidthOptions', `\n\t${NARROW_FAST_PATH}`]],
	'output.js': [
		['class OutputCaches {', OUTPUT_CACHES],
		['let cached = this.styledChars.get(line);', "let cached = this.styledChars.get(line) ?? this.fromPrevious('styledChars', line);"],
		['let cached = this.widths.get(text);', "let cached = this.widths.get(text) ?? this.fromPrevious('widths', text);"],
		['let cached = this.blockWidths.get(text);', "let cached = this.blockWidths.get(text) ?? this.fromPrevious('blockWidths', text);"],
		['export default class Output {', 'let lastOutputCaches;\nexport default class Output {'],
		['caches = new OutputCaches();', 'caches = (lastOutputCaches = new OutputCaches(lastOutputCaches));'],
	],
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

/** The esbuild plugin that applies boundInkCache to Ink's files and string-width. */
export const inkCacheBound = {
	name: 'ink-cache-bound',
	setup(build) {
		build.onLoad({filter: /([\\/]ink[\\/]build[\\/](measure-text|wrap-text|output)|[\\/]string-width[\\/]index)\.js$/}, async ({path}) => {
			const {readFile} = await import('node:fs/promises');
			const fileName = /string-width[\\/]index\.js$/.test(path) ? 'string-width/index.js' : path.split(/[\\/]/).pop();
			return {contents: boundInkCache(fileName, await readFile(path, 'utf8')), loader: 'js'};
		});
	},
};
