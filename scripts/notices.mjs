// The licences of the packages the bundle inlines (dist/THIRD-PARTY-NOTICES.txt, shipped in the
// npm package and carried by the single executable): the bundle holds their code, so their
// copyright and permission notices go along with it. Which packages: the inputs esbuild's
// metafile names under node_modules/.
import {existsSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';

/** node_modules/<name>/ or node_modules/@scope/<name>/ of an input path; the innermost one. */
function packageDir(input) {
	const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
	return match?.[1];
}

export function writeNotices(metafile, outfile) {
	const dirs = [
		...new Set(
			Object.keys(metafile.inputs)
				.map(packageDir)
				.filter((dir) => dir !== undefined),
		),
	];
	const entries = dirs
		.map((dir) => {
			const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
			const licenceFile = existsSync(dir)
				? readdirSync(dir).find((name) => /^(licen[cs]e|copying)(\.|$)/i.test(name))
				: undefined;
			const author = typeof pkg.author === 'string' ? pkg.author : pkg.author?.name;
			const text = licenceFile
				? readFileSync(join(dir, licenceFile), 'utf8').trim()
				: '(the package has no licence file; its package.json says: ' +
					`licence ${pkg.license ?? 'none'}${author ? `, author ${author}` : ''})`;
			return {id: `${pkg.name}@${pkg.version}`, license: pkg.license ?? 'unknown', text};
		})
		.sort((a, b) => a.id.localeCompare(b.id));
	const body = entries
		.map((entry) => `${entry.id} (${entry.license})\n\n${entry.text}\n`)
		.join(`\n${'-'.repeat(72)}\n\n`);
	writeFileSync(
		outfile,
		'dask-top bundles the following packages; their licences follow.\n\n' +
			`${entries.map((entry) => `  ${entry.id} (${entry.license})`).join('\n')}\n\n` +
			`${'-'.repeat(72)}\n\n${body}`,
	);
}
