// The V8 settings dask-top runs under (the installed command, dist/dask-top, execs node with them:
// launcher.mjs; the single executable carries them), for a small process that runs for hours: a
// 1 GiB old generation, fixed 8 MiB semi-spaces, one V8 worker thread, --predictable (no shrink of
// the young generation after each scavenge) and Liftoff-only WebAssembly. npm run bench runs its
// comparisons under them. Why each, and what it was measured to save or cost:
// docs/performance-log.md, "V8 settings".
export const V8_FLAGS = [
	'--max-old-space-size=1024',
	'--min-semi-space-size=8',
	'--max-semi-space-size=8',
	'--v8-pool-size=1',
	'--predictable',
	'--liftoff-only',
];
