// The V8 settings the bundle's first line passes (scripts/build.mjs; `env -S`: coreutils ≥ 8.30,
// macOS, BSD), for a small process that runs for hours. npm run bench runs its comparisons under them.
//
// Heap: node's defaults on a big machine let the old generation grow about fourfold before a full
// collection and keep 16 MiB semi-spaces: at 100 workers RSS was 145–160 MiB for a live heap of
// 20 MiB; with these, about 100 MiB. 1 GiB of old generation still holds a 10,000-worker cluster
// (live heap about 165 MiB).
//
// --v8-pool-size=1: one V8 worker thread instead of node's default four: each thread that allocates
// (concurrent marking, compilation) gets a glibc malloc arena of its own that keeps what it freed,
// 3–11 MiB each in /proc/PID/smaps at 100 workers. Paired runs: RSS x0.89, CPU x0.92–0.96.
//
// V8's tier-up budget is not here: its flag is V8 11's (Node 20) and Node 24 refuses it on this line
// ('bad option'); the entry sets it at run time where the running V8 has it (source/tiering.ts).
export const V8_FLAGS = ['--max-old-space-size=1024', '--max-semi-space-size=2', '--v8-pool-size=1'];
