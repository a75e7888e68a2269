/**
 * `--config FILE`, with the BUILT CLI: the named file is the one read (its URL is polled), and a
 * missing or broken one is a one-line usage error (exit 2), where a missing default file is not.
 * No cluster: a port where nothing listens shows which URL was read.
 */
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {runCli} from './helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'dask-top-config-'));
/** XDG_CONFIG_HOME pointing at an empty directory: no default config file. */
const noDefault = {XDG_CONFIG_HOME: join(dir, 'empty'), DASK_TOP_URL: undefined};

describe('--config FILE', () => {
	it('reads the URL from the named file instead of the default one', async () => {
		const file = join(dir, 'other.json');
		writeFileSync(file, JSON.stringify({url: 'http://127.0.0.1:9', timeout: '1s'}));
		const result = await runCli(['--config', file, '--once'], noDefault);
		expect(result.code).toBe(1);
		expect(result.stderr).toContain('nothing answers at http://127.0.0.1:9/');
	});

	it('runs with docs/config.example.json as shipped: no usage error, only placeholder clusters', async () => {
		const result = await runCli(['--config', 'docs/config.example.json', '--once', '--timeout', '2s'], noDefault, {
			timeoutMs: 60_000,
		});
		expect(result.stderr).not.toContain('Run dask-top --help');
		expect(result.stderr).not.toContain('--ca-file');
		// Its three placeholder clusters are read, each answering or not (exit 1 when one cannot be read).
		expect([0, 1]).toContain(result.code);
		expect(result.stderr + result.stdout).toContain('prod-scheduler:8787');
	});

	it.each([
		[
			'a missing file',
			() => join(dir, 'missing.json'),
			(file: string) => `--config ${file}: no such file: give the path of a JSON config file`,
		],
		[
			'a broken file',
			() => {
				const file = join(dir, 'broken.json');
				writeFileSync(file, '{"interval": ');
				return file;
			},
			(file: string) => `config file ${file}: not valid JSON`,
		],
	])('refuses %s with one line, exit 2', async (_what, make, message) => {
		const file = make();
		const result = await runCli(['--config', file, '--once'], noDefault);
		expect(result.code).toBe(2);
		const lines = result.stderr.trimEnd().split('\n');
		expect(lines[0]).toContain(`dask-top: ${message(file)}`);
		expect(lines).toHaveLength(2);
		expect(result.stdout).toBe('');
	});

	it('does not mind a missing default file', async () => {
		const result = await runCli(['--once', '--timeout', '1s', 'http://127.0.0.1:9'], noDefault);
		expect(result.code).toBe(1);
		expect(result.stderr).not.toContain('config');
	});
});
