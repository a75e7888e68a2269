// The `require` banner (bundle-options.mjs) esbuild writes atop every chunk of the split bundle: each
// chunk would create a `require` at load, and one of about thirty calls it.
import {readFileSync, writeFileSync} from 'node:fs';
import {REQUIRE_BANNER} from './bundle-options.mjs';

/**
 * Whether minified code reads the identifier `require`: not a property (`x.require`), an object key
 * (`{require:…}`, `,require:…`) or part of a longer name (`require$1`).
 */
export function readsRequire(code) {
	for (const match of code.matchAll(/(?<![\w$.])require(?![\w$])/g)) {
		const before = code[match.index - 1];
		const after = code[match.index + 'require'.length];
		if (after === ':' && (before === '{' || before === ',')) continue;
		return true;
	}
	return false;
}

/**
 * Takes the banner out of the chunks that never read `require`: an empty line stays in its place
 * (source maps still line up).
 */
export function dropUnusedRequire(metafile) {
	for (const path of Object.keys(metafile.outputs).filter((p) => p.endsWith('.mjs'))) {
		const code = readFileSync(path, 'utf8');
		const at = code.indexOf(REQUIRE_BANNER);
		if (at < 0 || readsRequire(code.slice(at + REQUIRE_BANNER.length))) continue;
		writeFileSync(path, code.slice(0, at) + code.slice(at + REQUIRE_BANNER.length));
	}
}
