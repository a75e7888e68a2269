/**
 * The single-executable switches, as seen from plain Node (vitest): the version line and the
 * embedded-file lookup. What they do inside the executable is checked on the built file itself
 * (test/e2e/binary.test.ts).
 */
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadRecording} from '../../source/record/reader.js';
import {embeddedName, readEmbedded, runsAsSingleExecutable, versionLine} from '../../source/units/single-executable.js';

describe('versionLine', () => {
	it('says the same for every form: the version, the Node it runs on and the platform', () => {
		expect(versionLine('0.1.0', false, '20.20.2', 'linux-x64')).toBe('dask-top 0.1.0 (Node 20.20.2, linux-x64)');
		expect(versionLine('0.1.0', true, '24.21.0', 'linux-x64')).toBe(
			'dask-top 0.1.0 (single executable, Node 24.21.0, linux-x64)',
		);
		expect(runsAsSingleExecutable()).toBe(false);
		expect(versionLine('0.1.0')).toBe(
			`dask-top 0.1.0 (Node ${process.versions.node}, ${process.platform}-${process.arch})`,
		);
	});
});

describe('embedded files', () => {
	it('are never read from memory outside the executable: the name is then an ordinary path', async () => {
		expect(readEmbedded(embeddedName('media/demo.ndjson.gz'))).toBeUndefined();
		expect(readEmbedded('media/demo.ndjson.gz')).toBeUndefined();
		const dir = mkdtempSync(join(tmpdir(), 'dask-top-embedded-'));
		try {
			const file = join(dir, 'none.ndjson');
			writeFileSync(file, '');
			await expect(loadRecording(embeddedName('media/demo.ndjson.gz'))).rejects.toThrow(
				/cannot read embedded:media\/demo\.ndjson\.gz: no such file/,
			);
			await expect(loadRecording(file)).rejects.toThrow(/is empty/);
		} finally {
			rmSync(dir, {recursive: true, force: true});
		}
	});
});
