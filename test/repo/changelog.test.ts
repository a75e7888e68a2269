/**
 * CHANGELOG.md's shape: an "Unreleased" section on top for what is not in a release yet, then one
 * section per release, newest first, each headed by its version and the ISO date it was cut
 * (`## 0.1.0 - 2026-12-05`), with Keep a Changelog's kinds of change under them.
 */
import {readFileSync} from 'node:fs';
import {dirname, join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const text = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
const headings = [...text.matchAll(/^## (.*)$/gm)].map((match) => match[1] ?? '');
const RELEASE = /^(\d+)\.(\d+)\.(\d+) - (\d{4}-\d{2}-\d{2})$/;
const releases = headings.slice(1).map((heading) => ({heading, match: RELEASE.exec(heading)}));

/** Whether `date` (YYYY-MM-DD) is a day of the calendar. */
function isCalendarDay(date: string): boolean {
	const parsed = new Date(`${date}T00:00:00Z`);
	return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}

describe('CHANGELOG.md', () => {
	it('starts with the Unreleased section, which is the only one without a version', () => {
		expect(headings[0]).toBe('Unreleased');
		expect(headings.filter((heading) => heading === 'Unreleased')).toHaveLength(1);
		expect(releases.length).toBeGreaterThan(0);
	});

	it('heads every release with its version and an ISO date of the calendar, not a future one', () => {
		const today = new Date().toISOString().slice(0, 10);
		for (const {heading, match} of releases) {
			expect(match, `"## ${heading}" is not "## X.Y.Z - YYYY-MM-DD"`).not.toBeNull();
			const date = match?.[4] ?? '';
			expect(isCalendarDay(date), `${heading}: ${date} is not a day`).toBe(true);
			expect(date <= today, `${heading}: ${date} is after today`).toBe(true);
		}
	});

	it('lists the releases newest first: versions and dates go down', () => {
		const parsed = releases.map(({match}) => ({
			version: [Number(match?.[1]), Number(match?.[2]), Number(match?.[3])],
			date: match?.[4] ?? '',
		}));
		for (let i = 1; i < parsed.length; i++) {
			const [newer, older] = [parsed[i - 1]!, parsed[i]!];
			const order = newer.version.map((part, k) => part - older.version[k]!).find((d) => d !== 0) ?? 0;
			expect(order, `${newer.version.join('.')} before ${older.version.join('.')}`).toBeGreaterThan(0);
			expect(newer.date >= older.date, `${newer.date} before ${older.date}`).toBe(true);
		}
	});

	it("sorts the changes of each section under Keep a Changelog's kinds", () => {
		const kinds = [...text.matchAll(/^### (.*)$/gm)].map((match) => match[1]);
		expect(kinds.length).toBeGreaterThan(0);
		for (const kind of kinds)
			expect(['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security']).toContain(kind);
	});

	it("has a release section for the package's version (package.json)", () => {
		const {version} = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {version: string};
		expect(releases.map(({match}) => match?.slice(1, 4).join('.'))).toContain(version);
	});
});
