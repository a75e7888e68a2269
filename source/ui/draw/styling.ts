/**
 * Reverse video and bold mark things on screen without colour (the selected row, headings). chalk,
 * Ink's styling, drops them too at colour level 0, which it picks by itself for `--no-color` (it
 * reads argv), TERM=dumb and FORCE_COLOR=0, but not for NO_COLOR: the selected row was unmarked for
 * three of the four ways to ask for no colour. On a terminal the level is kept at 1 at least (the
 * basic attributes and 16 colours); whether colours are used is the theme's choice (theme.ts), the
 * same for all four.
 */
import chalk from 'chalk';

export function keepAttributes(stdout: {readonly isTTY?: boolean}): void {
	if (stdout.isTTY === true && chalk.level === 0) chalk.level = 1;
}
