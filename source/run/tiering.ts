/**
 * V8's tier-up for a process that runs most of its code once a poll, set at run time on the V8s it
 * was measured on: V8 11 (Node 20) and V8 13 (Node 24, the single executable's). (WebAssembly in
 * Liftoff only is on the bundle's first line: scripts/v8-flags.mjs.)
 *
 * The tier-up budget: at V8's default, TurboFan kept optimizing such code for minutes on V8's
 * worker thread (--trace-opt: 114 functions in the second minute at 3 workers, a third of the
 * process's CPU); 16 times the budget leaves code that runs a few dozen times a minute to the
 * baseline tiers, while loops over many workers still get hot. Measured on Node 20 (V8 11.3): CPU
 * x0.84 at 3 workers, x0.93 at 1,000.
 *
 * V8 13 has no budget of that name: it counts invocations (a loop's steps count too), to Maglev
 * first, then TurboFan; both counts are 64 times V8's. Paired under Node 24 with Liftoff-only
 * WebAssembly, windows of 60 s from 70 s after the first frame: at 3 workers 16 times the counts
 * x0.90 (0.85-0.93, 4 windows) against V8's, then 64 times x0.89 (0.87-0.97) against 16 times, as
 * much as Maglev off with TurboFan at 16 times (x0.90); at 1,000 workers 64 times x0.91 (0.85-0.94, 3
 * windows) against V8's counts, where Maglev off read x1.03: many workers' loops want Maglev.
 *
 * They are set at run time, once the command line is read and found good (V8 reads them as
 * functions tier up and modules compile, so flags set before the rest of the bundle loads act as
 * they do on the command line), and not on the bundle's first line: each V8 refuses the other's
 * flags there ('bad option') and prints 'unrecognized flag' when one is set at run time, so a V8
 * they were not measured on (Node 22's 12, a later 14) gets none.
 */
export const TIER_UP_FLAG = '--interrupt-budget=1081344';
/** V8 13's tier-up: 64 times its invocation counts for Maglev (400) and TurboFan (3,000). */
export const V8_13_TIER_FLAGS = [
	'--invocation-count-for-maglev=25600',
	'--invocation-count-for-turbofan=192000',
] as const;

/** The flags for the running V8: none where it is not V8 11 or 13. */
export function tieringFlags(v8Version: string): readonly string[] {
	switch (v8Version.split('.')[0]) {
		case '11':
			return [TIER_UP_FLAG];
		case '13':
			return V8_13_TIER_FLAGS;
		default:
			return [];
	}
}

/**
 * Sets the flags the running V8 takes (before the bulk of the bundle is loaded). node:v8 loads only
 * here, and only where there are flags to set: on Node 20 it also loads node's heap-snapshot streams
 * (about 9 ms), which `--version`, `--help` and usage errors do not pay.
 */
export async function tuneTierUp(v8Version: string = process.versions.v8): Promise<void> {
	const flags = tieringFlags(v8Version);
	if (flags.length === 0) return;
	const {setFlagsFromString} = await import('node:v8');
	for (const flag of flags) setFlagsFromString(flag);
}
