import {readdirSync, readFileSync} from 'node:fs';
import {dirname, join, resolve, sep} from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';
import {utcClockText} from '../../source/model/text.js';

describe('source/model stays pure', () => {
	const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'source');
	const dir = join(root, 'model');
	const files = readdirSync(dir, {recursive: true, encoding: 'utf8'}).filter((f) => f.endsWith('.ts'));
	const allowed = ['model', 'types', 'parse', 'units'].map((folder) => join(root, folder) + sep);

	it('finds the model in its folders', () => {
		expect(files.some((f) => f.includes(sep))).toBe(true);
	});

	it.each(files)(
		'%s imports only the model, parse, the contracts and the shared formatting, and reads no clock',
		(file) => {
			const text = readFileSync(join(dir, file), 'utf8');
			const imports = [...text.matchAll(/from '([^']+)'/g)].map((m) => m[1] ?? '');
			for (const spec of imports) {
				const target = resolve(dirname(join(dir, file)), spec);
				expect(
					spec.startsWith('.') && allowed.some((folder) => target.startsWith(folder)),
					`${file} imports ${spec}`,
				).toBe(true);
			}
			expect(text).not.toMatch(/Date\.now\(|new Date\(|performance\.now\(|process\.hrtime|Math\.random\(/);
		},
	);
});

describe('utcClockText', () => {
	it.each([
		[Date.UTC(2026, 10, 29, 17, 10, 24, 462), '17:10:24'],
		[Date.UTC(2026, 0, 1, 0, 0, 0), '00:00:00'],
		[Date.UTC(2026, 0, 1, 23, 59, 59, 999), '23:59:59'],
	])('formats %s as %s', (ms, text) => {
		expect(utcClockText(ms)).toBe(text);
	});
});
