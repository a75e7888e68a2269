/** Where a Python frame is, for people. Pure. */

/** `x.py:52`: a frame's file name (not its directory) and line. */
export function frameWhere(frame: {readonly file: string; readonly line: number}): string {
	const path = frame.file.replace(/\\/g, '/');
	const base = path.slice(path.lastIndexOf('/') + 1);
	return frame.line > 0 ? `${base}:${frame.line}` : base;
}
