// Ink 6.8 memoises every text it measures (measure-text.js) and wraps (wrap-text.js) in caches
// that are never emptied (Ink issue #986, bounded in later Ink versions, which need Node 22).
// A monitor's texts change every poll, so those caches grow for as long as it runs: ~18 KB a poll
// at 120×40, ~1.5 GB a day at 1 s. The bundle caps each cache at CACHE_LIMIT entries, then starts it
// afresh. The build fails loudly if Ink's code no longer looks as expected.
//
// Also at CACHE_CHARS characters of keys: dask-top draws its whole screen as one <Text>, so Ink
// measures one new text of the whole screen a frame, and 4,096 entries held the last 4,096 frames.
// At 3 synthesized workers the live heap after a forced full collection grew 0.42 MiB a minute
// (11.0 -> 14.8 MiB over 9 minutes) with the entry bound alone and stayed at 11.1-11.6 MiB with
// this one; against a real Dask running busy and memory workloads, RSS rose 62 -> 118 MiB in an
// hour, 38.7 MiB an hour over its last 45 minutes (the one-hour soak of 2026-12-04, night). Keyed
// by the whole frame, the cache only helps within a frame and across renders that change nothing,
// which a few frames' worth covers.
import {createRequire} from 'node:module';
import {DIRECT_ROW_PATCHES} from './ink-direct-rows.mjs';
import {replaceOnce} from './replace-once.mjs';

const narrowRanges = createRequire(import.meta.url)('../source/units/narrow-ranges.json');

export const CACHE_LIMIT = 4096;
export const CACHE_CHARS = 262_144;

// string-width 8 (Ink's) measures anything beyond printable ASCII with Intl.Segmenter and an emoji
// regex, and Ink measures every line of every frame (widest-line): a monitor's lines hold box
// drawing and block glyphs, so that was Ink's largest CPU cost under node --cpu-prof. The bundle
// adds a second fast path: text made only of code points that are one column wide whatever the
// locale (source/units/narrow-ranges.json, the list dask-top's own measures use: printable ASCII,
// Latin-1 without the soft hyphen, Latin Extended, Greek and Cyrillic, general punctuation,
// letterlike symbols, arrows, mathematical operators, box drawing, block elements, geometric shapes
// up to U+25FC, the check marks ✓ to ✘ and the braille patterns the charts are drawn with) is as
// wide as it is long. Each of them is one grapheme, one column to string-width and never full width
// (checked code point by code point in test/build/ink-cache-bound.test.ts). The charts' braille was
// outside it until the profile at 3 workers, where charts fill half the screen, showed string-width
// first after the collector.
export const NARROW_CLASS = narrowRanges.map((range) => range.replace(/([0-9A-F]{4})/g, '\\u$1')).join('');
const NARROW_FAST_PATH = `if (ambiguousIsNarrow && /^[${NARROW_CLASS}]*$/.test(string)) {
		return string.length;
	}

	let width = 0;
	const eastAsianWidthOptions`;

// Ink 6.8 sanitizes every text it squashes (sanitize-ansi.js: control sequences other than SGR and
// OSC are dropped) by tokenizing it, at each level: a line's spans, then the line their colours were
// just added to. dask-top's lines are already styled (source/ui/draw/styled-line.ts) and hold nothing but
// text and SGR sequences, which the tokenizer keeps as they are: the bundle returns such a text at
// once. Anything else (another escape or C1 control) still goes through the tokenizer.
const SANITIZE_FAST_PATH = `const SGR_AT = /\\u001B\\[[0-9:;]*m/y;
// Whether the text holds only text and SGR sequences (a walk by code unit: no backtracking regex).
const onlyTextAndSgr = (text) => {
    for (let index = 0; index < text.length; index++) {
        const code = text.charCodeAt(index);
        if (code === 0x1b) {
            SGR_AT.lastIndex = index;
            if (!SGR_AT.test(text)) return false;
            index = SGR_AT.lastIndex - 1;
        } else if (code >= 0x80 && code <= 0x9f) return false;
    }
    return true;
};
const sanitizeAnsi = (text) => {
    if (onlyTextAndSgr(text)) {
        return text;
    }`;

// Each replacement belongs to one rewrite, named as the build names it (bundle-options.mjs), so a build
// can leave any of them out (`node scripts/build.mjs --without=NAME`, `--no-patches`).
const PATCHES = {
	'sanitize-ansi.js': [['sanitize-sgr', 'const sanitizeAnsi = (text) => {', SANITIZE_FAST_PATH]],
	'string-width/index.js': [
		['narrow-width', '\n\tlet width = 0;\n\tconst eastAsianWidthOptions', `\n\t${NARROW_FAST_PATH}`],
	],
	// wrap-ansi's own string-width 7 (Ink wraps text with it; dask-top's lines are truncated instead).
	'string-width@7/index.js': [
		['narrow-width', '\n\tlet width = 0;\n\tconst eastAsianWidthOptions', `\n\t${NARROW_FAST_PATH}`],
	],
	'output.js': DIRECT_ROW_PATCHES.map((patch) => ['ink-direct-rows', ...patch]),
	'measure-text.js': [
		['ink-cache-bound', 'const cache = new Map();', 'const cache = new Map();\nlet cacheChars = 0;'],
		[
			'ink-cache-bound',
			'cache.set(text, dimensions);',
			`if (cache.size >= ${CACHE_LIMIT} || cacheChars + text.length > ${CACHE_CHARS}) {\n` +
				'        cache.clear();\n        cacheChars = 0;\n    }\n' +
				'    cacheChars += text.length;\n    cache.set(text, dimensions);',
		],
	],
	'wrap-text.js': [
		['ink-cache-bound', 'const cache = {};', 'let cache = {};\nlet cacheSize = 0;\nlet cacheChars = 0;'],
		[
			'ink-cache-bound',
			'cache[cacheKey] = wrappedText;',
			`if (++cacheSize > ${CACHE_LIMIT} || cacheChars + cacheKey.length > ${CACHE_CHARS}) {\n` +
				'        cache = {};\n        cacheSize = 1;\n        cacheChars = 0;\n    }\n' +
				'    cacheChars += cacheKey.length;\n    cache[cacheKey] = wrappedText;',
		],
	],
};

/** The rewrites this file applies, by the names the build knows them by. */
export const INK_REWRITES = [...new Set(Object.values(PATCHES).flatMap((patches) => patches.map(([name]) => name)))];

/**
 * Returns the file's source with the rewrites named in `enabled` (all by default) applied, in order;
 * throws when one's text is not found exactly once (Ink's code changed under us).
 */
export function boundInkCache(fileName, source, enabled = INK_REWRITES) {
	const patches = PATCHES[fileName];
	if (!patches) throw new Error(`no cache patch for ${fileName}`);
	let patched = source;
	for (const [name, from, to] of patches.filter(([name]) => enabled.includes(name))) {
		const what = name === 'ink-cache-bound' ? 'cannot bound its cache' : `cannot apply ${name}`;
		patched = replaceOnce(patched, from, to, `ink/build/${fileName} changed: ${what} (looked for "${from}" once)`);
	}
	return patched;
}

/** The modules patched above, by path. */
const PATCHED_MODULES = [
	/[\\/]ink[\\/]build[\\/](measure-text|wrap-text|output|sanitize-ansi)/,
	/[\\/]string-width[\\/]index/,
];

/** The esbuild plugin that applies boundInkCache's rewrites named in `enabled` to Ink's files and string-width. */
export function inkRewrites(enabled = INK_REWRITES) {
	return {
		name: 'ink-rewrites',
		setup(build) {
			build.onLoad(
				{
					filter: new RegExp(`(${PATCHED_MODULES.map((module) => module.source).join('|')})\\.js$`),
				},
				async ({path}) => {
					const {readFile} = await import('node:fs/promises');
					const fileName = /wrap-ansi[\\/]node_modules[\\/]string-width[\\/]index\.js$/.test(path)
						? 'string-width@7/index.js'
						: /string-width[\\/]index\.js$/.test(path)
							? 'string-width/index.js'
							: path.split(/[\\/]/).pop();
					return {contents: boundInkCache(fileName, await readFile(path, 'utf8'), enabled), loader: 'js'};
				},
			);
		},
	};
}
