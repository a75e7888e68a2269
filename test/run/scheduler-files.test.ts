/**
 * Reading --scheduler-file from disk: a file written later is waited for (said once), a file
 * caught half written is read again, --check waits for nothing. Real files in a temp directory.
 */
import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {readSchedulerFiles} from '../../source/run/scheduler-files.js';

const WRITTEN = readFileSync('test/fixtures/dask-2026.7.1/scheduler-file.json', 'utf8');

describe('readSchedulerFiles', () => {
	it('waits for a file not written yet, saying so once, then reads it', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'dask-top-sf-'));
		const file = join(dir, 'scheduler.json');
		const said: string[] = [];
		setTimeout(() => writeFileSync(file, '{"address": "tcp://127.0'), 150);
		setTimeout(() => writeFileSync(file, WRITTEN), 400);
		const result = await readSchedulerFiles([file], {wait: true, say: (line) => said.push(line), pollMs: 50});
		expect(result).toEqual({ok: true, files: [{file, url: 'http://127.0.0.1:18797/'}]});
		expect(said).toEqual([`waiting for ${file}: its scheduler writes it as it starts (Ctrl-C stops)`]);
	});

	it('answers a missing file at once when not waiting (--check), and a broken one after a moment', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'dask-top-sf-'));
		const missing = join(dir, 'none.json');
		expect(await readSchedulerFiles([missing], {wait: false, say: () => undefined})).toEqual({
			ok: false,
			error: `--scheduler-file ${missing}: no such file (yet): start the scheduler that writes it first`,
		});
		const broken = join(dir, 'broken.json');
		writeFileSync(broken, 'not json');
		const started = Date.now();
		const result = await readSchedulerFiles([broken], {wait: true, say: () => undefined, pollMs: 20, settleMs: 200});
		expect(result).toMatchObject({ok: false, error: expect.stringMatching(/^--scheduler-file .*: not JSON: give /)});
		expect(Date.now() - started).toBeLessThan(2000);
		expect(await readSchedulerFiles([dir], {wait: true, say: () => undefined})).toMatchObject({
			ok: false,
			error: expect.stringContaining('cannot read it (EISDIR)'),
		});
	});
});
