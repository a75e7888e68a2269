import {describe, expect, it} from 'vitest';
import {
	fit,
	fitMiddle,
	formatBytesShort,
	formatCount,
	formatCpu,
	formatDuration,
	formatPercent,
	formatPerSecond,
	formatRateShort,
	MISSING,
	shortAddress,
} from '../../../source/ui/draw/cells.js';

describe('formatting figures for the screen', () => {
	it('shows missing figures as a dash, never as zero', () => {
		for (const f of [
			formatBytesShort,
			formatRateShort,
			formatDuration,
			formatCount,
			formatPercent,
			formatCpu,
			formatPerSecond,
		]) {
			expect(f(undefined)).toBe(MISSING);
			expect(f(Number.NaN)).toBe(MISSING);
		}
	});

	it('writes bytes in compact binary units', () => {
		expect(formatBytesShort(0)).toBe('0B');
		expect(formatBytesShort(512)).toBe('512B');
		expect(formatBytesShort(1536)).toBe('1.5K');
		expect(formatBytesShort(12 * 1024 ** 2)).toBe('12M');
		expect(formatBytesShort(3.2 * 1024 ** 3)).toBe('3.2G');
		expect(formatBytesShort(300 * 1024 ** 3)).toBe('300G');
		expect(formatRateShort(2 * 1024 ** 2)).toBe('2M/s');
	});

	it('writes durations from milliseconds to days', () => {
		expect(formatDuration(0.0123)).toBe('12ms');
		expect(formatDuration(2.1)).toBe('2.1s');
		expect(formatDuration(45.7)).toBe('45s');
		expect(formatDuration(185)).toBe('3m05s');
		expect(formatDuration(3720)).toBe('1h02m');
		expect(formatDuration(2 * 86_400 + 3 * 3600)).toBe('2d03h');
		expect(formatDuration(-1)).toBe('0ms');
	});

	it('keeps counts exact below ten thousand and compacts above', () => {
		expect(formatCount(7)).toBe('7');
		expect(formatCount(9999)).toBe('9999');
		expect(formatCount(12_345)).toBe('12.3k');
		expect(formatCount(4_500_000)).toBe('4.5M');
		expect(formatPerSecond(0)).toBe('0/s');
		expect(formatPerSecond(3.46)).toBe('3.5/s');
		expect(formatPerSecond(120.4)).toBe('120/s');
	});

	it('writes ratios as whole percentages and CPU with one decimal when small', () => {
		expect(formatPercent(0.634)).toBe('63%');
		expect(formatPercent(1.2)).toBe('120%');
		expect(formatCpu(0)).toBe('0');
		expect(formatCpu(3.14)).toBe('3.1');
		expect(formatCpu(197.6)).toBe('198');
	});

	it('drops the scheme of comm addresses', () => {
		expect(shortAddress('tcp://10.0.0.1:41001')).toBe('10.0.0.1:41001');
		expect(shortAddress('tls://[::1]:8786')).toBe('[::1]:8786');
	});

	it('fits text to an exact width with an ellipsis when cut', () => {
		expect(fit('abc', 5)).toBe('abc  ');
		expect(fit('abc', 5, 'right')).toBe('  abc');
		expect(fit('abcdef', 4)).toBe('abc…');
		expect(fit('abc', 0)).toBe('');
	});
	it('fits text holding wide characters to the columns the terminal gives it', () => {
		expect(fit('gpu中文', 8)).toBe('gpu中文 ');
		expect(fit('gpu中文', 8, 'right')).toBe(' gpu中文');
		expect(fit('gpu◽中文-worker', 10)).toBe('gpu◽中文…');
		// a wide character that would be halved by the cut leaves a blank instead
		expect(fit('ab中文', 4)).toBe('ab …');
		expect(fitMiddle('gpu中文-worker-long-name', 10)).toBe('gpu中文-w…');
	});
});
