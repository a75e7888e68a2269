// yoga-layout ships its WebAssembly inlined as a base64 data: URL, and its Emscripten loader reads
// that URL with the global fetch whenever one exists. On Node that loads Node's own built-in undici
// (fetch, streams, the data: URL decoder) just to decode a string the loader can decode itself, and
// the first frame waited for it: about 100 ms, the main thread idle (node --cpu-prof, Node 20). The
// bundle's copy decodes the data: URL directly, as the loader already does where there is no fetch.
// The build fails loudly if the loader's code no longer looks as expected.
import {readFile} from 'node:fs/promises';
import {replaceOnce} from './replace-once.mjs';

/** The loader's "where do the wasm bytes come from" test, and the same test without fetch. */
const FETCH_TEST = ['function ya(){return w||"function"!=typeof fetch?', 'function ya(){return true?'];

/** yoga-wasm-base64-esm.js with FETCH_TEST applied; throws when the statement is not found once. */
export function yogaWithoutFetch(source) {
	const [from, to] = FETCH_TEST;
	return replaceOnce(
		source,
		from,
		to,
		"yoga-no-fetch: yoga-layout's wasm loader changed (its fetch test is not found once)",
	);
}

/** The esbuild plugin: applies yogaWithoutFetch to yoga-layout's base64 wasm loader. */
export const yogaNoFetch = {
	name: 'yoga-no-fetch',
	setup(build) {
		build.onLoad({filter: /[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/}, async ({path}) => {
			return {contents: yogaWithoutFetch(await readFile(path, 'utf8')), loader: 'js'};
		});
	},
};
