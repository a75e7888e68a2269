import type {MouseEvent} from '../../source/ui/input/parse.js';

/** A left-button press at (x, y) without modifiers, as the input parser reports it; `extra` overrides fields. */
export const leftPress = (x: number, y: number, extra: Partial<MouseEvent> = {}): MouseEvent => ({
	kind: 'mouse',
	button: 'left',
	action: 'press',
	x,
	y,
	shift: false,
	alt: false,
	ctrl: false,
	...extra,
});
