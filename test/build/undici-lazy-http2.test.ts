import {execFile} from 'node:child_process';
import {cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {constants, createServer as createH2Server} from 'node:http2';
import {createRequire} from 'node:module';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {promisify} from 'node:util';
import {afterAll, describe, expect, it} from 'vitest';
// @ts-expect-error: a plain .mjs build script without type declarations
import {H2_CONSTANTS, lazyHttp2} from '../../scripts/undici-lazy-http2.mjs';
import {startFakeDask} from '../helpers/fake-dask.js';

const run = promisify(execFile);
const undiciDir = dirname(createRequire(import.meta.url).resolve('undici/package.json'));
const CLIENT_H2 = join('lib', 'dispatcher', 'client-h2.js');
const scratch = mkdtempSync(join(tmpdir(), 'undici-lazy-http2-'));
afterAll(() => rmSync(scratch, {recursive: true, force: true}));

/** A probe for a child node: at exit, whether node:http2 and node:tls were loaded. */
function writeProbe(): string {
	const probe = join(scratch, 'loaded.mjs');
	writeFileSync(
		probe,
		[
			"const loaded = (name) => process.moduleLoadList.includes('NativeModule ' + name);",
			"process.on('exit', () => process.stderr.write(",
			"\t'\\nLOADED ' + JSON.stringify({http2: loaded('http2'), tls: loaded('tls')}) + '\\n'));",
		].join('\n'),
	);
	return probe;
}

describe("the bundle's undici: node:http2 required on first connect", () => {
	it('writes the constants node:http2 gives client-h2.js', () => {
		for (const [name, value] of Object.entries(H2_CONSTANTS as Record<string, string | number>))
			expect(constants[name as keyof typeof constants], name).toBe(value);
	});

	it('still speaks HTTP/2 when asked, loading node:http2 only then (patched copy of undici, child node)', async () => {
		const copy = join(scratch, 'undici');
		cpSync(undiciDir, copy, {recursive: true});
		writeFileSync(join(copy, CLIENT_H2), lazyHttp2(readFileSync(join(undiciDir, CLIENT_H2), 'utf8')));
		const server = createH2Server((request, response) => {
			response.end(`h2 ${request.httpVersion} ${request.url}`);
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const {port} = server.address() as AddressInfo;
		const child = join(scratch, 'h2c.cjs');
		writeFileSync(
			child,
			[
				// The Client that dask-top's Agent pools, asked by dispatch as source/scrape/client.ts asks it.
				`const Client = require(${JSON.stringify(join(copy, 'lib', 'dispatcher', 'client.js'))});`,
				"const before = process.moduleLoadList.includes('NativeModule http2');",
				`const client = new Client('http://127.0.0.1:${port}', {allowH2: true, useH2c: true});`,
				'let statusCode = 0;',
				'const chunks = [];',
				"client.dispatch({path: '/x', method: 'GET'}, {",
				'	onRequestStart() {},',
				'	onResponseStart(_c, status) { statusCode = status; },',
				'	onResponseData(_c, chunk) { chunks.push(chunk); },',
				'	async onResponseEnd() {',
				'		await client.close();',
				"		console.log(JSON.stringify({before, statusCode, text: Buffer.concat(chunks).toString('utf8')}));",
				'	},',
				'	onResponseError(_c, error) { console.error(error); process.exit(1); },',
				'});',
			].join('\n'),
		);
		try {
			const {stdout} = await run(process.execPath, [child], {encoding: 'utf8'});
			expect(JSON.parse(stdout)).toEqual({before: false, statusCode: 200, text: 'h2 2.0 /x'});
		} finally {
			server.close();
		}
	});

	it('throws at build time when client-h2.js no longer requires node:http2 as expected', () => {
		expect(() => lazyHttp2("const http2 = require('node:http2')\n")).toThrow(/client-h2\.js changed/);
	});

	it('lets dask-top --once poll a Dask without loading node:http2 or node:tls (the built bundle)', async () => {
		const fake = await startFakeDask({version: '2022.12.1', scenario: 'busy'});
		try {
			const {stdout, stderr} = await run(
				process.execPath,
				['--import', writeProbe(), 'dist/dask-top.cjs', '--once', '--json', fake.url],
				{encoding: 'utf8'},
			);
			expect((JSON.parse(stdout) as {workers: unknown[]}).workers.length).toBeGreaterThan(0);
			expect(JSON.parse(/LOADED (.*)/.exec(stderr)?.[1] ?? 'null')).toEqual({http2: false, tls: false});
		} finally {
			await fake.close();
		}
	});
});
