/**
 * V8's tier-up budget for a process that runs most of its code once a poll. At V8's default,
 * TurboFan kept optimizing such code for minutes on V8's worker thread (--trace-opt: 114 functions
 * in the second minute at 3 workers, a third of the process's CPU); 16 times the budget leaves
 * code that runs a few dozen times a minute to the baseline tiers, while loops over many workers
 * still get hot. Measured on Node 20 (V8 11.3): CPU x0.84 at 3 workers, x0.93 at 1,000.
 *
 * It is set here, at run time (V8 reads the budget as functions tier up, so the flag set before
 * the rest of the bundle loads acts as it does on the command line), and not on the bundle's first
 * line: the flag belongs to V8 11, and a newer node refuses it there ('bad option', Node 24) and
 * prints 'unrecognized flag' when it is set at run time. Node 24 tiers up through Maglev.
 */
import {setFlagsFromString} from 'node:v8';

export const TIER_UP_FLAG = '--interrupt-budget=1081344';

/** The flag for the running V8, or undefined where it is not V8 11's. */
export function tierUpFlag(v8Version: string): string | undefined {
	return v8Version.split('.')[0] === '11' ? TIER_UP_FLAG : undefined;
}

/** Sets the budget when the running V8 has the flag (before the bulk of the bundle is loaded). */
export function tuneTierUp(v8Version: string = process.versions.v8): void {
	const flag = tierUpFlag(v8Version);
	if (flag !== undefined) setFlagsFromString(flag);
}
