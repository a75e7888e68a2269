/**
 * Dask's own ways to name a cluster: the scheduler file (as both releases wrote it, recorded in
 * test/fixtures/), $DASK_SCHEDULER_ADDRESS and --dashboard-port for a comm address.
 */
import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {parseSchedulerFile} from '../../source/options/scheduler-file.js';
import {error, ok, resolveArgs} from '../helpers/options.js';

const WHAT_TO_DO = 'give the file `dask scheduler --scheduler-file FILE` writes';

describe('parseSchedulerFile', () => {
	it.each([
		['2022.12.1', 'http://127.0.0.1:18787/'],
		['2026.7.1', 'http://127.0.0.1:18797/'],
	])('reads the address host and services.dashboard of the file Dask %s wrote', (release, url) => {
		const text = readFileSync(`test/fixtures/dask-${release}/scheduler-file.json`, 'utf8');
		expect(parseSchedulerFile(text, 's.json')).toEqual({ok: true, url});
	});

	it('takes the host of any comm protocol, brackets of IPv6 kept, a wildcard host as loopback', () => {
		const file = (address: string) => JSON.stringify({address, services: {dashboard: 9000}});
		expect(parseSchedulerFile(file('tls://node17.hpc:8786'), 'f')).toEqual({ok: true, url: 'http://node17.hpc:9000/'});
		expect(parseSchedulerFile(file('tcp://[fe80::1]:8786'), 'f')).toEqual({ok: true, url: 'http://[fe80::1]:9000/'});
		expect(parseSchedulerFile(file('ucx://10.1.2.3:13337'), 'f')).toEqual({ok: true, url: 'http://10.1.2.3:9000/'});
		expect(parseSchedulerFile(file('tcp://0.0.0.0:8786'), 'f')).toEqual({ok: true, url: 'http://127.0.0.1:9000/'});
	});

	it('answers a file that is not a scheduler file with one line that says what to do', () => {
		expect(parseSchedulerFile('{"add', 'f.json')).toEqual({
			ok: false,
			error: `--scheduler-file f.json: not JSON: ${WHAT_TO_DO}`,
		});
		expect(parseSchedulerFile('[1]', 'f')).toMatchObject({
			ok: false,
			error: `--scheduler-file f: not a JSON object: ${WHAT_TO_DO}`,
		});
		expect(parseSchedulerFile('{"services": {"dashboard": 8787}}', 'f')).toMatchObject({
			error: `--scheduler-file f: no "address" in it: ${WHAT_TO_DO}`,
		});
		expect(parseSchedulerFile('{"address": "inproc://1.2.3.4/1/2", "services": {"dashboard": 1}}', 'f')).toMatchObject({
			error: `--scheduler-file f: "address" "inproc://1.2.3.4/1/2" is not a host:port address: ${WHAT_TO_DO}`,
		});
		expect(parseSchedulerFile('{"address": "tcp://h:8786", "services": {}}', 'f')).toEqual({
			ok: false,
			error:
				'--scheduler-file f: the scheduler runs no dashboard (no "services": {"dashboard": PORT} in it): ' +
				'start it with one (dask scheduler --dashboard-address :8787)',
		});
	});
});

describe('which scheduler, the Dask ways', () => {
	const files = [
		{file: 'a.json', url: 'http://10.0.0.1:8787/'},
		{file: 'b.json', url: 'http://10.0.0.2:9999/'},
	];

	it('follows every scheduler file after the URL arguments, as given on the command line', () => {
		const options = ok(resolveArgs(['http://prod:8787'], {}, {schedulerFiles: files}));
		expect(options.clusters.map((c) => c.url.base)).toEqual([
			'http://prod:8787/',
			'http://10.0.0.1:8787/',
			'http://10.0.0.2:9999/',
		]);
		expect(options.urlFrom).toBe('argument');
		expect(ok(resolveArgs([], {}, {schedulerFiles: files, env: {DASK_TOP_URL: 'http://e:1'}})).clusters).toHaveLength(
			2,
		);
	});

	it('reads $DASK_SCHEDULER_ADDRESS when no URL is given, after $DASK_TOP_URL and before the config file', () => {
		const config = {path: '/c.json', url: 'http://conf:8787'};
		const env = {DASK_SCHEDULER_ADDRESS: 'tcp://10.0.0.9:8786'};
		const options = ok(resolveArgs([], {}, {config, env}));
		expect(options.url.base).toBe('http://10.0.0.9:8787/');
		expect(options.urlFrom).toBe('env');
		expect(options.notes).toEqual([
			"DASK_SCHEDULER_ADDRESS: tcp://10.0.0.9:8786 is the scheduler's comm address; reading its dashboard at " +
				'http://10.0.0.9:8787/ (--dashboard-port PORT if it uses another port)',
		]);
		expect(ok(resolveArgs([], {}, {config, env: {...env, DASK_TOP_URL: 'http://top:1'}})).url.base).toBe(
			'http://top:1/',
		);
		expect(ok(resolveArgs(['http://arg:1'], {}, {config, env})).url.base).toBe('http://arg:1/');
		expect(ok(resolveArgs([], {}, {config, env: {DASK_SCHEDULER_ADDRESS: ''}})).url.base).toBe('http://conf:8787/');
		expect(error(resolveArgs([], {}, {env: {DASK_SCHEDULER_ADDRESS: 'inproc://x'}}))).toMatch(
			/^DASK_SCHEDULER_ADDRESS: unsupported scheme inproc:\/\//,
		);
	});

	it('reads a comm address or a bare host on --dashboard-port instead of 8787', () => {
		const options = ok(resolveArgs(['tcp://10.0.0.5:8786', 'node3'], {dashboardPort: '8900'}));
		expect(options.clusters.map((c) => c.url.base)).toEqual(['http://10.0.0.5:8900/', 'http://node3:8900/']);
		expect(options.notes).toEqual([
			"tcp://10.0.0.5:8786 is the scheduler's comm address; reading its dashboard at http://10.0.0.5:8900/",
		]);
		const env = {DASK_SCHEDULER_ADDRESS: 'tls://10.0.0.6:8786'};
		expect(ok(resolveArgs([], {dashboardPort: '443'}, {env})).url.base).toBe('http://10.0.0.6:443/');
	});

	it('refuses a --dashboard-port nothing uses, or that is not a port', () => {
		expect(error(resolveArgs(['http://h:8787'], {dashboardPort: '9000'}))).toBe(
			'--dashboard-port 9000 is for a tcp:// address or a host given without a port; ' +
				'http://h:8787 names its own: drop one',
		);
		expect(error(resolveArgs(['tcp://h:1'], {dashboardPort: '70000'}))).toBe(
			"--dashboard-port 70000: give the dashboard's port, a number from 1 to 65535",
		);
		expect(error(resolveArgs(['tcp://h:1'], {dashboardPort: '80a'}))).toMatch(/^--dashboard-port 80a: /);
	});

	it('plays no recording with a scheduler file', () => {
		expect(error(resolveArgs([], {recording: {demo: true}}, {schedulerFiles: files}))).toBe(
			'--demo plays a recording: give no scheduler URL',
		);
	});
});
