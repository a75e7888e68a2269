/**
 * Keys are data: this one table drives input handling and the footer (key-lookup.ts), the help
 * overlay, the README's keys table and the man page (binding-text.ts). Each row holds its keys,
 * where they work, its help text and its handler: the new UI state (pure), the effect the App
 * carries out (key-effects.ts), or both. Its rows live by what they are for, in the table's order:
 * moving about (view-bindings.ts), the worker table (worker-bindings.ts), every screen
 * (control-bindings.ts), the mouse (mouse-bindings.ts), what opens over the screen
 * (prompt-bindings.ts), the replay (replay-bindings.ts). Order matters: the first binding that
 * matches the current mode wins, and replay controls win over the live ones while replaying.
 */
import type {Binding} from './binding-types.js';
import {CONTROL_BINDINGS} from './control-bindings.js';
import {MOUSE_BINDINGS} from './mouse-bindings.js';
import {PROMPT_BINDINGS} from './prompt-bindings.js';
import {REPLAY_BINDINGS} from './replay-bindings.js';
import {VIEW_BINDINGS} from './view-bindings.js';
import {WORKER_BINDINGS} from './worker-bindings.js';

export const BINDINGS: readonly Binding[] = [
	...VIEW_BINDINGS,
	...WORKER_BINDINGS,
	...CONTROL_BINDINGS,
	...MOUSE_BINDINGS,
	...PROMPT_BINDINGS,
	// Last: while replaying, a key no other mode claimed first is a replay control.
	...REPLAY_BINDINGS,
];
