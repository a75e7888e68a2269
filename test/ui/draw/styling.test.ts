import chalk from 'chalk';
import {afterEach, describe, expect, it} from 'vitest';
import {keepAttributes} from '../../../source/ui/draw/styling.js';

const level = chalk.level;
afterEach(() => {
	chalk.level = level;
});

describe('attributes without colour', () => {
	it(
		"keeps chalk's reverse video on a terminal when chalk picked level 0 (--no-color, " + 'TERM=dumb, FORCE_COLOR=0)',
		() => {
			chalk.level = 0;
			expect(chalk.inverse('x')).toBe('x');
			keepAttributes({isTTY: true});
			expect(chalk.inverse('x')).toBe('\u001B[7mx\u001B[27m');
		},
	);

	it('leaves a level chalk picked alone, and a stdout that is not a terminal at 0', () => {
		chalk.level = 3;
		keepAttributes({isTTY: true});
		expect(chalk.level).toBe(3);
		chalk.level = 0;
		keepAttributes({isTTY: false});
		expect(chalk.level).toBe(0);
	});
});
