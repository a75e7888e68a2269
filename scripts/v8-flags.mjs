// The V8 settings the bundle's first line passes (scripts/build.mjs; `env -S`: coreutils ≥ 8.30,
// macOS, BSD), for a small process that runs for hours. npm run bench runs its comparisons under them.
//
// Heap: node's defaults on a big machine let the old generation grow about fourfold before a full
// collection and keep 16 MiB semi-spaces: at 100 workers RSS was 145–160 MiB for a live heap of
// 20 MiB; with these, about 100 MiB. 1 GiB of old generation still holds a 10,000-worker cluster
// (live heap about 165 MiB).
//
// The young generation fixed at 8 MiB semi-spaces (--min- and --max-semi-space-size): with only a
// maximum (it was 2), V8 kept the new space at its smallest, since a monitor's allocation rate is low,
// and scavenged once a poll at 3 workers (--trace-gc: about 0.9 MB allocated a poll, each scavenge
// 1.3-4.8 ms, a fifth of the process's CPU under --cpu-prof), copying what the poll still held.
// Fixed at 4 MiB (paired, 3 or 4 windows of 60 s: x0.93 at 3 workers, x0.98 at 1,000), a scavenge
// still took 4-7 ms (--trace-gc-nvp: about 0.5 MB survived and 0.4 MB promoted each), and at 100
// workers one came about every poll, in the middle of it: 0.19 % of a core in scavenges alone. At 8
// MiB, paired with 4 MiB in the same 4 windows of 60 s: at 100 workers CPU x0.75 (0.66-0.81), RSS
// +9.6 MiB (79 MiB); at 3 workers x1.03 (0.96-1.06), RSS +1.3 MiB; at 1,000 workers x1.01
// (0.98-1.05), RSS +7 MiB. 16 MiB read x0.77 at 100 workers for RSS +18 MiB.
//
// --v8-pool-size=1: one V8 worker thread instead of node's default four: each thread that allocates
// (concurrent marking, compilation) gets a glibc malloc arena of its own that keeps what it freed,
// 3–11 MiB each in /proc/PID/smaps at 100 workers. Paired runs: RSS x0.89, CPU x0.92–0.96.
//
// --predictable: V8 (11 and 13 alike) gives the young generation's free half back to the system
// after every scavenge while the process allocates under 1,000 bytes a millisecond, as a monitor
// does (about 0.45 MB a second at 3 workers), so each page of it is faulted in again on the next
// cycle: about 9,000 page faults a minute at 3 workers, 15 % of the process's CPU on this
// paravirtualized machine (perf: exc_page_fault), with an mprotect and a madvise per 256 KiB page.
// V8 skips that shrink in predictable mode only, and its implications cannot be undone on the same
// line (V8 11 lets them win over explicit flags): a single-threaded collector, no concurrent
// optimizing compiler, no memory reducer, and a fixed seed for Math.random and string hashing
// (dask-top draws no random numbers; undici uses node:crypto). Paired, 3 or 4 windows of 60 s:
// CPU x0.71 (0.67-0.77) at 3 workers, x0.89 (0.82-0.98) at 100, x0.81 (0.74-0.82) at 1,000; RSS
// +10 MiB at 3 workers (the second semi-space stays resident), +1.5 at 100, +2 at 1,000. What it
// costs: the frame bench's back-to-back frames at 5,000 workers, median 10 -> 13 ms and p95 22 ->
// 32-40 ms, and the longest event-loop stall over two minutes at 5,000 workers 175 -> 297 ms (one
// run each): collection and optimization no longer leave the main thread.
//
// --liftoff-only: WebAssembly (Yoga's layout, undici's HTTP parser) in V8's baseline compiler alone.
// V8 11 held the first frame about 100 ms, the main thread idle, while Yoga's module was instantiated
// with TurboFan at hand (first frame 360 -> 261 ms, alternated 9 times each); in the long run, paired
// at 3 workers, CPU x0.93 (0.88-1.11) and RSS x0.87: the few layouts a poll makes do not need
// TurboFan's code. It used to be set at run time with the tier-up budget, but V8 13 (Node 24, the
// single executable's) reads it only from the command line (test/tiering.test.ts); on the line, under
// Node 24 at 3 workers, paired: CPU x1.01 (0.93-1.05) alone, RSS -13 MiB (what V8 13 kept of its
// wasm tier-up was not traced), and x0.90 (0.85-0.93) with the tier-up of tiering.ts.
//
// V8's tier-up settings are not here: each V8 names them its own way and refuses the other's on this
// line ('bad option'); the entry sets them at run time for the running V8 (source/run/tiering.ts).
export const V8_FLAGS = [
	'--max-old-space-size=1024',
	'--min-semi-space-size=8',
	'--max-semi-space-size=8',
	'--v8-pool-size=1',
	'--predictable',
	'--liftoff-only',
];
