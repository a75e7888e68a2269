/**
 * V8 settings for a process that runs most of its code once a poll, set at run time on V8 11
 * (Node 20) only.
 *
 * The tier-up budget: at V8's default, TurboFan kept optimizing such code for minutes on V8's
 * worker thread (--trace-opt: 114 functions in the second minute at 3 workers, a third of the
 * process's CPU); 16 times the budget leaves code that runs a few dozen times a minute to the
 * baseline tiers, while loops over many workers still get hot. Measured on Node 20 (V8 11.3): CPU
 * x0.84 at 3 workers, x0.93 at 1,000.
 *
 * WebAssembly in Liftoff only (Yoga's layout and undici's HTTP parser): V8 11 held the first frame
 * about 100 ms, the main thread idle, while Yoga's module was instantiated with TurboFan at hand
 * (first frame 360 -> 261 ms, alternated 9 times each); in the long run, paired at 3 workers, CPU
 * x0.93 (0.88-1.11) and RSS x0.87: the few layouts a poll makes do not need TurboFan's code.
 *
 * They are set at run time, once the command line is read and found good (V8 reads them as
 * functions tier up and modules compile, so flags set before the rest of the bundle loads act as
 * they do on the command line), and not on the bundle's first line: the budget flag belongs to V8
 * 11, and a newer node refuses it there ('bad option', Node 24) and prints 'unrecognized flag' when
 * it is set at run time. Node 24 tiers up through Maglev, and its first frame did not wait for Yoga.
 */
export const TIER_UP_FLAG = '--interrupt-budget=1081344';
export const WASM_FLAG = '--liftoff-only';

/** The flags for the running V8: none where it is not V8 11. */
export function tieringFlags(v8Version: string): readonly string[] {
	return v8Version.split('.')[0] === '11' ? [TIER_UP_FLAG, WASM_FLAG] : [];
}

/**
 * Sets the flags the running V8 takes (before the bulk of the bundle is loaded). node:v8 loads only
 * here, and only on V8 11: on Node 20 it also loads node's heap-snapshot streams (about 9 ms), which
 * `--version`, `--help` and usage errors do not pay.
 */
export async function tuneTierUp(v8Version: string = process.versions.v8): Promise<void> {
	const flags = tieringFlags(v8Version);
	if (flags.length === 0) return;
	const {setFlagsFromString} = await import('node:v8');
	for (const flag of flags) setFlagsFromString(flag);
}
