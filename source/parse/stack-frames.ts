/**
 * Python's printed frames (`  File "/path/x.py", line 52, in slow` then the source line) → frames,
 * each told the user's, Dask's, another package's or the standard library's by its path. Used for
 * the call stacks of running tasks and for the tracebacks of erred ones. Pure.
 */
import type {FrameKind, StackFrame} from '../types/drill-page.js';

const FRAME = /^\s*File "(.*)", line (\d+), in (.*)$/;
/** The marker lines Python 3.11+ prints under a source line (`~~^~~`, `^^^^`). */
const CARETS = /^\s*[~^]+\s*$/;
/** `…/site-packages/<package>/…` or Debian's `dist-packages`. */
const PACKAGE = /\/(?:site|dist)-packages\/([^/]+)/;
const DASK_PACKAGE = /^(?:dask|distributed|dask_[a-z0-9_]+)$/i;
/** A source checkout of Dask: `…/distributed/distributed/worker.py`, `…/dask/dask/array/core.py`. */
const DASK_CHECKOUT = /\/(distributed|dask)\/\1\//;
/** Python's own library: `…/lib/python3.11/threading.py`, Windows `…\Lib\threading.py`, `<frozen runpy>`. */
const STDLIB = /\/lib\/python\d+(?:\.\d+)?\/|^[a-z]:\/.*\/lib\/[^/]+\.py$|^<frozen /i;

/** @internal Whose code a file is (exported for its tests). */
export function frameKind(file: string): FrameKind {
	const path = file.replace(/\\/g, '/');
	const pkg = PACKAGE.exec(path);
	if (pkg) return DASK_PACKAGE.test(pkg[1]!) ? 'dask' : 'library';
	if (DASK_CHECKOUT.test(path)) return 'dask';
	return STDLIB.test(path) ? 'stdlib' : 'user';
}

/** Every frame printed in `text` (a traceback or one call-stack entry), outermost first. */
export function parseFrames(text: string): StackFrame[] {
	const frames: StackFrame[] = [];
	const lines = text.split(/\r?\n/);
	for (let i = 0; i < lines.length; i++) {
		const head = FRAME.exec(lines[i]!);
		if (!head) continue;
		let code = '';
		const next = lines[i + 1];
		if (next !== undefined && !FRAME.test(next) && !CARETS.test(next) && next.trim() !== '') {
			code = next.trim();
			i++;
		}
		const file = head[1]!;
		frames.push({file, line: Number(head[2]), function: head[3]!.trim(), code, kind: frameKind(file)});
	}
	return frames;
}

/** The innermost frame of the user's own code, if the stack has one. */
export function innermostUserFrame(frames: readonly StackFrame[]): StackFrame | undefined {
	return frames.findLast((frame) => frame.kind === 'user');
}

/** `x.py:52`: a frame's file name (not its directory) and line. */
export function frameWhere(frame: StackFrame): string {
	const path = frame.file.replace(/\\/g, '/');
	const base = path.slice(path.lastIndexOf('/') + 1);
	return frame.line > 0 ? `${base}:${frame.line}` : base;
}
