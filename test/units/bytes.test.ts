import {readdirSync, readFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';
import {bytesText} from '../../source/units/bytes.js';
import {bytesText as modelBytesText} from '../../source/model/text.js';
import {bytesText as tableBytesText} from '../../source/output/cells.js';

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

	it("is the model's and the text table's, with '?' and '-' for unknown", () => {
		for (const bytes of [0, 700, 1024 ** 2 * 5.25, -1]) {
			expect(modelBytesText(bytes)).toBe(bytesText(bytes, '?'));
			expect(tableBytesText(bytes)).toBe(bytesText(bytes, '-'));
		}
		expect(modelBytesText(undefined)).toBe('?');
		expect(tableBytesText(undefined)).toBe('-');
	});
});

describe('source/units stays a leaf', () => {
	const dir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'source', 'units');
	it.each(readdirSync(dir).filter((f) => f.endsWith('.ts')))('%s imports nothing', (file) => {
		expect(readFileSync(join(dir, file), 'utf8')).not.toMatch(/\bfrom '|\bimport\(/);
	});
});
