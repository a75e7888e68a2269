/**
 * V8's tier-up for a process that runs most of its code once a poll: 16 times V8 11's budget (Node
 * 20), 64 times V8 13's invocation counts (Node 24, the single executable's); none on other V8s. Set
 * at run time, before the bulk of the bundle loads, because each V8 refuses the other's flags on the
 * command line. Why, and what each was measured to save: docs/performance-log.md, "V8 settings".
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
