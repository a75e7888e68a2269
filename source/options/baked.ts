/**
 * What `--version` and `--help` print, computed when the bundle is built: the build
 * (scripts/bake-cli-text.mjs) runs parseArgv and helpPage from flags.ts — the same flag table and
 * meow call as at run time — and puts the texts in place of this module, so that the entry answers
 * both without loading meow. Run from source (tests, tsx) nothing is baked and main() answers.
 */
export interface BakedTexts {
	/** package.json's version, as parseArgv reads it. */
	readonly version: string;
	/** helpPage() of `--help`: exactly what main() prints. */
	readonly helpPage: string;
}

export function bakedTexts(): BakedTexts | undefined {
	return undefined;
}
