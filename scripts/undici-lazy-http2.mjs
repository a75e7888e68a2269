// undici's HTTP/2 client (lib/dispatcher/client-h2.js), which its Client loads whatever the
// protocol, requires node:http2 when loaded, for ten constants and for http2.connect. node:http2
// brings tls, crypto and node's HTTP/1 modules with it: about 20 ms of CPU at every start under
// the first line's V8 flags (Node 20 compiles node's own modules from source under any V8 flag;
// `node -e` with and without `require('http2')`, alternated). dask-top never asks for HTTP/2
// (undici speaks it only with allowH2 over TLS), so the bundle's copy writes the ten constants as
// the values node:http2 gives them (fixed by RFC 9113 and nghttp2; a test holds them equal) and
// requires node:http2 on the first connect. The build fails loudly if undici's code changed.
import {readFile} from 'node:fs/promises';
import {replaceOnce} from './replace-once.mjs';

/** The constants client-h2.js takes from node:http2, by name, with node:http2's values. */
export const H2_CONSTANTS = {
	HTTP2_HEADER_AUTHORITY: ':authority',
	HTTP2_HEADER_METHOD: ':method',
	HTTP2_HEADER_PATH: ':path',
	HTTP2_HEADER_SCHEME: ':scheme',
	HTTP2_HEADER_CONTENT_LENGTH: 'content-length',
	HTTP2_HEADER_EXPECT: 'expect',
	HTTP2_HEADER_STATUS: ':status',
	HTTP2_HEADER_PROTOCOL: ':protocol',
	NGHTTP2_REFUSED_STREAM: 7,
	NGHTTP2_CANCEL: 8,
};

const EAGER = [
	"/** @type {import('http2')} */\nlet http2\n",
	"try {\n  http2 = require('node:http2')\n} catch {\n  // @ts-ignore\n  http2 = { constants: {} }\n}\n",
	'\nconst {\n  constants: {\n',
	Object.keys(H2_CONSTANTS)
		.map((name) => `    ${name}`)
		.join(',\n'),
	'\n  }\n} = http2\n',
].join('');

const LAZY = [
	'let loadedHttp2',
	"const http2 = {connect: (...args) => (loadedHttp2 ??= require('node:http2')).connect(...args)}",
	...Object.entries(H2_CONSTANTS).map(([name, value]) => `const ${name} = ${JSON.stringify(value)}`),
	'',
].join('\n');

/** client-h2.js with node:http2 required on first connect; throws when its require is not found once. */
export function lazyHttp2(source) {
	const out = replaceOnce(
		source,
		EAGER,
		LAZY,
		"undici-lazy-http2: undici's client-h2.js changed (its require of node:http2 and constants)",
	);
	const uses = out.match(/\bhttp2\.\w+/g) ?? [];
	if (uses.some((use) => use !== 'http2.connect'))
		throw new Error(`undici-lazy-http2: client-h2.js uses more of node:http2 than connect (${uses.join(', ')})`);
	return out;
}

/** The esbuild plugin: applies lazyHttp2 to undici's client-h2.js. */
export const undiciLazyHttp2 = {
	name: 'undici-lazy-http2',
	setup(build) {
		build.onLoad({filter: /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client-h2\.js$/}, async ({path}) => {
			return {contents: lazyHttp2(await readFile(path, 'utf8')), loader: 'js'};
		});
	},
};
