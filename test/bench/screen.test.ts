import {describe, expect, it} from 'vitest';
import {ScreenModel} from '../../bench/screen.js';
import {createScreen} from '../../source/terminal/screen-diff.js';

describe("the bench's screen model", () => {
	it('shows what cursor moves, erases and text leave on screen', () => {
		const screen = new ScreenModel(20, 3);
		screen.write('\u001B[?1049h\u001B[2J\u001B[1;1Hreplay [1/900]\r\nsecond line');
		expect(screen.text()).toBe('replay [1/900]\nsecond line\n');
		// only the changed cells, as dask-top's output writes them
		screen.write('\u001B[1;9H\u001B[1m900\u001B[0m/900]\u001B[K');
		expect(screen.text()).toBe('replay [900/900]\nsecond line\n');
		screen.write('\u001B[2;1H\u001B[K');
		expect(screen.text().split('\n')[1]).toBe('');
	});

	it('keeps a sequence cut between two chunks for the next', () => {
		const screen = new ScreenModel(10, 2);
		screen.write('ab\u001B[2;');
		screen.write('3Hcd');
		expect(screen.text()).toBe('ab\n  cd');
	});

	it("ends on the frame dask-top's cell diff was given", () => {
		const columns = 30;
		const rows = 4;
		const screen = new ScreenModel(columns, rows);
		const out = createScreen(() => ({columns, rows}));
		const frames = [
			['dask-top │ replay [1/900]', 'alpha  12%', 'beta    3%', ''],
			['dask-top │ replay [900/900]', 'alpha  14%', 'beta    3%', 'gamma  1%'],
			['dask-top │ replay [899/900]', 'alpha  14%', '', 'gamma  1%'],
		];
		for (const frame of frames) {
			screen.write(out.update(frame.join('\n')));
			expect(screen.text()).toBe(frame.join('\n'));
		}
	});
});
