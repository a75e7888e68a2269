import {readdirSync, readFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';
import {utcClockText} from '../../source/model/text.js';

describe('source/model stays pure', () => {
	const dir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'source', 'model');
	const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));

	it.each(files)(
		'%s imports only the model, parse, the contracts and the shared formatting, and reads no clock',
		(file) => {
			const text = readFileSync(join(dir, file), 'utf8');
			const imports = [...text.matchAll(/from '([^']+)'/g)].map((m) => m[1] ?? '');
			for (const spec of imports)
				expect(
					spec.startsWith('./') ||
						spec.startsWith('../types/') ||
						spec.startsWith('../parse/') ||
						spec.startsWith('../units/'),
					`${file} imports ${spec}`,
				).toBe(true);
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
