/**
 * Mouse reporting, on and off: use-terminal-input.ts turns it on with raw mode, and the full
 * screen (shell/terminal.ts) turns every mode off on each way out.
 */

/**
 * Button presses, releases and the wheel (1000), reported in the SGR form (1006): coordinates of
 * any size, and a release that names its button.
 */
export const MOUSE_ON = '\u001B[?1000h\u001B[?1006h';
/** Every mouse mode a terminal may have been left in, off (written on every way out, whether or not it was on). */
export const MOUSE_OFF = '\u001B[?1006l\u001B[?1003l\u001B[?1002l\u001B[?1000l';
