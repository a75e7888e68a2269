/**
 * What `--version` and `--help` print, computed when the bundle is built: the build
 * (scripts/bake-cli-text.mjs) runs parseArgv and helpPage from flags.ts — the same flag table and
 * meow call as at run time — and puts the texts in place of this module, so that the entry answers
 * both without loading meow. Run from source (tests, tsx) nothing is baked and main() answers.
 * The build puts the bundle's V8 settings here too (scripts/v8-flags.mjs; run/relaunch.ts).
 */
export interface BakedTexts {
	/** package.json's version, as parseArgv reads it. */
	readonly version: string;
	/** helpPage() of `--help`: exactly what main() prints. */
	readonly helpPage: string;
	/** scripts/v8-flags.mjs: what the bundle's long runs start node with (run/relaunch.ts). */
	readonly v8Flags: readonly string[];
}

export function bakedTexts(): BakedTexts | undefined {
	return undefined;
}
