/** The header: four lines from headerLines(), redrawn when the data or the clock changes. */
import {Box} from 'ink';
import {headerLines, type HeaderInput} from '../header-lines.js';
import type {Theme} from '../theme.js';
import {Lines} from './line.js';

export interface HeaderProps {
	readonly input: HeaderInput;
	readonly theme: Theme;
	readonly width: number;
}

export function Header({input, theme, width}: HeaderProps) {
	return (
		<Box flexDirection="column" width={width}>
			<Lines lines={headerLines(input, theme, width)} theme={theme} />
		</Box>
	);
}
