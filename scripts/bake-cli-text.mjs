// What `dask-top --version` and `--help` print, computed at build time so that the bundle's entry
// answers them without loading meow (source/options/baked.ts, source/run/quick.ts). The texts come
// from running the source's own parseArgv and helpPage (source/options/flags.ts: the flag table and
// meow call the CLI uses) bundled on the side, so the baked help cannot drift from the runtime one.
import {build} from 'esbuild';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {meowLazy} from './meow-lazy.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const PROBE = `import {helpPage, parseArgv} from './source/options/flags.ts';
const parsed = parseArgv(['--help'], import.meta);
if (!parsed.ok) throw new Error(parsed.error);
export const texts = {version: parsed.argv.version, helpPage: helpPage(parsed.argv)};`;

/**
 * {texts: {version, helpPage}, inputs: the files they were computed from (absolute paths)}, meow read
 * through its lean options (meow-lazy.mjs) unless `leanMeow` is false (a build without rewrites).
 */
export async function computeCliTexts(leanMeow = true) {
	const result = await build({
		stdin: {contents: PROBE, resolveDir: root, loader: 'ts', sourcefile: 'bake-probe.ts'},
		bundle: true,
		platform: 'node',
		format: 'esm',
		target: 'node20',
		write: false,
		metafile: true,
		plugins: leanMeow ? [meowLazy] : [],
		logLevel: 'warning',
		banner: {js: "import {createRequire as __cr} from 'node:module'; const require = __cr(import.meta.url);"},
	});
	const dir = mkdtempSync(join(tmpdir(), 'dask-top-bake-'));
	try {
		const file = join(dir, 'probe.mjs');
		writeFileSync(file, result.outputFiles[0].contents);
		const title = process.title;
		const {texts} = await import(pathToFileURL(file).href);
		process.title = title; // meow names the process after the package
		const inputs = Object.keys(result.metafile.inputs)
			.filter((path) => !path.startsWith('<stdin>') && !path.includes('node_modules'))
			.map((path) => join(root, path));
		return {texts, inputs};
	} finally {
		rmSync(dir, {recursive: true, force: true});
	}
}

/** The esbuild plugin: source/options/baked.ts becomes the computed texts (see computeCliTexts). */
export const bakeCliText = (leanMeow = true) => ({
	name: 'bake-cli-text',
	setup(b) {
		b.onLoad({filter: /[\\/]source[\\/]options[\\/]baked\.ts$/}, async () => {
			const {texts, inputs} = await computeCliTexts(leanMeow);
			return {
				contents: `export function bakedTexts() { return ${JSON.stringify(texts)}; }`,
				loader: 'js',
				// `npm run dev`: a change to the flags or the help bakes them again.
				watchFiles: inputs,
			};
		});
	},
});
