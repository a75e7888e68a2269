/**
 * What differs when dask-top runs as the single executable (scripts/build-binary.mjs: a Node
 * single-executable application with the bundle and the demo recording inside it): --version
 * names the Node it carries, and files it carries are read from inside it, not from disk.
 */
import {getRawAsset, isSea} from 'node:sea';

/** A file name that means an asset inside the executable (never a path on disk there). */
const EMBEDDED_PREFIX = 'embedded:';

export function runsAsSingleExecutable(): boolean {
	return isSea();
}

/**
 * `dask-top --version`, the same for every form: the version, then the Node it runs on and the
 * platform (`dask-top 0.1.0 (Node 20.20.2, linux-x64)`); the single executable says it is one, and
 * its Node is the one it carries.
 */
export function versionLine(
	version: string,
	singleExecutable = runsAsSingleExecutable(),
	nodeVersion = process.versions.node,
	platform = `${process.platform}-${process.arch}`,
): string {
	return `dask-top ${version} (${singleExecutable ? 'single executable, ' : ''}Node ${nodeVersion}, ${platform})`;
}

/** The name under which a file stored in the executable (its asset key) is read. */
export function embeddedName(asset: string): string {
	return `${EMBEDDED_PREFIX}${asset}`;
}

/** The bytes of `file` when it names an asset of this executable; undefined otherwise (read it from disk). */
export function readEmbedded(file: string): Buffer | undefined {
	if (!file.startsWith(EMBEDDED_PREFIX) || !runsAsSingleExecutable()) return undefined;
	try {
		// The raw asset is the executable's own memory, not copied: read it, never write to it.
		return Buffer.from(getRawAsset(file.slice(EMBEDDED_PREFIX.length)) as ArrayBuffer);
	} catch {
		return undefined;
	}
}
