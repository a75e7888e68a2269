import {describe, expect, it} from 'vitest';
import {checkArgv} from '../../source/options/flag-table.js';
import {editDistance, nearestOptions} from '../../source/options/suggest.js';

const KNOWN = ['--once', '--json', '--minimum', '--maximum', '--record', '--record-max', '--no-color', '-i'];

describe('the edit distance between two option names', () => {
	it.each([
		['once', 'once', 0],
		['onse', 'once', 1],
		['onc', 'once', 1],
		['oncee', 'once', 1],
		['ocne', 'once', 1],
		['recordmax', 'record-max', 1],
		['', 'json', 4],
		['bogus', 'json', 5],
	])('counts %j to %j as %i', (a, b, distance) => {
		expect(editDistance(a, b)).toBe(distance);
		expect(editDistance(b, a)).toBe(distance);
	});
});

describe('the known option a mistyped one most likely meant', () => {
	it.each([
		['--onse', ['--once']],
		['-once', ['--once']],
		['--ONCE', ['--once']],
		['--jsno', ['--json']],
		['--recordmax', ['--record-max']],
		['--no-colour', ['--no-color']],
		['--maxmum', ['--maximum']],
	])('finds %s -> %j', (typed, nearest) => {
		expect(nearestOptions(typed, KNOWN)).toEqual(nearest);
	});

	it('offers every option equally near, in the order given', () => {
		// "mimimum" is one change from --minimum and two from --maximum: the nearer alone.
		expect(nearestOptions('--mimimum', KNOWN)).toEqual(['--minimum']);
		// "maxinum" is one change from either.
		expect(nearestOptions('--maxinum', ['--minimum', '--maxinun', '--maximum'])).toEqual(['--maxinun', '--maximum']);
	});

	it('offers nothing for a word that is no typo of any option, nor for one letter', () => {
		expect(nearestOptions('--bogus', KNOWN)).toEqual([]);
		expect(nearestOptions('--verbose', KNOWN)).toEqual([]);
		expect(nearestOptions('-x', KNOWN)).toEqual([]);
		// A short name allows one edit only: "jsn" is --json less one letter, "js" two.
		expect(nearestOptions('--jsn', KNOWN)).toEqual(['--json']);
		expect(nearestOptions('--js', KNOWN)).toEqual([]);
	});

	it('never offers a short flag as a long one', () => {
		expect(nearestOptions('--i', KNOWN)).toEqual([]);
	});
});

describe("the argv check's unknown-option error", () => {
	it('names the unknown option and the one it likely meant', () => {
		expect(checkArgv(['--onse', 'http://h:8787'])).toEqual({
			ok: false,
			error: 'unknown option --onse: did you mean --once?',
			suggestion: 'did you mean --once?',
		});
		expect(checkArgv(['--intervall=5s'])).toMatchObject({
			error: 'unknown option --intervall: did you mean --interval?',
		});
	});

	it('names the unknown option alone when nothing known is near it', () => {
		expect(checkArgv(['--quuxable'])).toEqual({ok: false, error: 'unknown option --quuxable'});
	});
});
