import {readdirSync, readFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';
import {bytesText, parseSize} from '../../source/units/bytes.js';
import {UNKNOWN} from '../../source/model/text.js';
import {MISSING} from '../../source/output/table-cells.js';

describe('bytesText', () => {
	it.each([
		[0, '0 B'],
		[1023, '1023 B'],
		[1024, '1.0 KiB'],
		[1536, '1.5 KiB'],
		[3.2 * 1024 ** 3, '3.2 GiB'],
		[-2048, '-2.0 KiB'],
		[5 * 1024 ** 6, '5120.0 PiB'],
	])('writes %s bytes as %s', (bytes, text) => {
		expect(bytesText(bytes, '?')).toBe(text);
	});

	it.each([undefined, Number.NaN, Number.POSITIVE_INFINITY])('writes the given placeholder for %s', (bytes) => {
		expect(bytesText(bytes, '?')).toBe('?');
		expect(bytesText(bytes, '-')).toBe('-');
	});

	it("writes an unknown count as the placeholder of its output: the model's '?', the text table's '-'", () => {
		expect(bytesText(undefined, UNKNOWN)).toBe('?');
		expect(bytesText(undefined, MISSING)).toBe('-');
		expect(bytesText(Number.NaN, UNKNOWN)).toBe('?');
	});
});

describe('source/units stays a leaf', () => {
	const dir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'source', 'units');
	// A data file of its own folder (narrow-ranges.json) is no dependency on other code; nor is one of
	// node's own modules (single-executable.ts reads node:sea).
	const ownData = /^import \w+ from '\.\/[\w-]+\.json' with \{type: 'json'\};$/gm;
	it.each(readdirSync(dir).filter((f) => f.endsWith('.ts')))(
		'%s imports no code of the project or a package',
		(file) => {
			expect(readFileSync(join(dir, file), 'utf8').replace(ownData, '')).not.toMatch(
				/\bfrom '(?!node:)|\bimport\((?!'node:)/,
			);
		},
	);
});

describe('parseSize', () => {
	it.each([
		['500MB', 500e6],
		['1GB', 1e9],
		['1.5G', 1.5e9],
		['100k', 100e3],
		['512KiB', 512 * 1024],
		['2MiB', 2 * 1024 ** 2],
		['1GiB', 1024 ** 3],
		['4096', 4096],
		['10 mb', 10e6],
	])('reads %s as %d bytes', (text, bytes) => {
		expect(parseSize(text)).toBe(bytes);
	});

	it.each(['', 'big', '-5MB', '0', '10XB', '1e9'])('rejects %j', (text) => {
		expect(parseSize(text)).toBeUndefined();
	});
});

describe('bytesText in each style', () => {
	it.each([
		['text', 1536, '1.5 KiB'],
		['text', 165.4 * 1024 ** 2, '165.4 MiB'],
		['rounded', 300, '300 B'],
		['rounded', 165.4 * 1024 ** 2, '165 MiB'],
		['rounded', -1536, '-1.5 KiB'],
		['rounded', -512, '-512 B'],
		['cell', 512, '512B'],
		['cell', 1536, '1.5K'],
		['cell', 1024 ** 2, '1M'],
		['cell', -1536, '-1.5K'],
		['cell', 165.4 * 1024 ** 2, '165M'],
		['decimal', 999, '999 B'],
		['decimal', 500e6, '500 MB'],
		['decimal', 1e9, '1 GB'],
		['decimal', 123_456_789, '123 MB'],
		['decimal', 1_234_567, '1.23 MB'],
	] as const)('%s: %s bytes as %s', (style, bytes, text) => {
		expect(bytesText(bytes, '?', style)).toBe(text);
	});
});
