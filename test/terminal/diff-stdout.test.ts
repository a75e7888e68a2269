import {EventEmitter} from 'node:events';
import {setImmediate as tick} from 'node:timers/promises';
import {describe, expect, it} from 'vitest';
import {createDiffStdout} from '../../source/terminal/diff-stdout.js';

/**
 * A stand-in terminal (a declared fake: columns, rows, 'resize' and write are all the stream reads),
 * so the test can count what reaches it and resize it at will. The full-screen tmux tests run the
 * same stream on a real terminal.
 */
function fakeTerminal(columns = 40, rows = 5) {
	const terminal = Object.assign(new EventEmitter(), {columns, rows, writes: [] as string[]});
	const stream = Object.assign(terminal, {
		write(chunk: string) {
			terminal.writes.push(chunk);
			return true;
		},
	});
	return stream;
}

describe('the stream Ink draws into', () => {
	it(
		'coalesces the frames of one turn into one write, ' + 'and writes nothing for a frame that changes nothing',
		async () => {
			const terminal = fakeTerminal();
			const out = createDiffStdout(terminal as unknown as NodeJS.WriteStream);
			out.stream.write('frame 1');
			out.stream.write('frame 2');
			await tick();
			expect(terminal.writes).toHaveLength(1);
			expect(terminal.writes[0]).toContain('frame 2');
			expect(terminal.writes[0]).not.toContain('frame 1');
			out.stream.write('frame 2');
			await tick();
			expect(terminal.writes).toHaveLength(1);
			expect(out.bytesWritten()).toBe(Buffer.byteLength(terminal.writes[0]!));
			out.dispose();
		},
	);

	it(
		"reads the terminal's size live, passes 'resize' on and redraws whole after it; " +
			'redraw() clears and draws again',
		async () => {
			const terminal = fakeTerminal(40, 5);
			const out = createDiffStdout(terminal as unknown as NodeJS.WriteStream);
			const resized: number[] = [];
			out.stream.on('resize', () => resized.push(out.stream.columns));
			out.stream.write('a\nb');
			await tick();
			terminal.columns = 20;
			terminal.emit('resize');
			expect(resized).toEqual([20]);
			expect(out.stream.columns).toBe(20);
			out.stream.write('a\nb');
			await tick();
			expect(terminal.writes).toHaveLength(2);
			expect(terminal.writes[1]).toContain('\u001B[2J');
			out.redraw();
			await tick();
			expect(terminal.writes).toHaveLength(3);
			expect(terminal.writes[2]).toContain('\u001B[2J');
			out.dispose();
			expect(terminal.listenerCount('resize')).toBe(0);
		},
	);
});
