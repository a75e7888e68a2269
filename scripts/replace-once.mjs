// The build's patches to its dependencies (ink-cache-bound.mjs, meow-lazy.mjs, yoga-no-fetch.mjs) each
// replace a text the dependency's code holds exactly once: if a new version moved it, wrote it twice
// or dropped it, the build fails loudly rather than ship the unpatched code.

/** `source` with its one occurrence of `from` replaced by `to`; throws `changed` when it is not there once. */
export function replaceOnce(source, from, to, changed) {
	if (source.split(from).length !== 2) throw new Error(changed);
	return source.replace(from, () => to);
}
