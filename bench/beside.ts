/**
 * The beside-htop part of `npm run bench` alone (about 10 minutes): dask-top at its defaults
 * beside `htop -d 20` at 3, 100 and 1,000 synthesized workers, then Ink's floor as dask-top ships
 * it under this node, for checking a change against the Goals without the whole bench.
 *
 *   npm run build && node --import tsx bench/beside.ts [SECONDS]
 */
import {rmSync} from 'node:fs';
import {dirname} from 'node:path';
import {besideHtopTable, FLOOR_APPS, inkFloor} from './lean.js';
// @ts-expect-error: a plain .mjs bench script without type declarations
import {bundleShippedFloor} from './ink-floor-shipped.mjs';

const seconds = Number(process.argv[2] ?? 60);
const warmup = 10;
// @ts-expect-error: a plain .mjs build script without type declarations
const {V8_FLAGS} = (await import('../scripts/v8-flags.mjs')) as {V8_FLAGS: readonly string[]};
console.log(await besideHtopTable(seconds, warmup));
const shipped = await bundleShippedFloor();
try {
	for (const variant of ['empty', 'full', 'text'] as const) {
		const u = await inkFloor(process.execPath, variant, seconds, warmup, V8_FLAGS, shipped);
		console.log(
			`Ink's floor as shipped, Node ${process.version}, ${FLOOR_APPS[variant]}: ` +
				`${u.cpuPercent.toFixed(2)} %, RSS ${(u.rssMeanBytes / 2 ** 20).toFixed(0)} MiB`,
		);
	}
} finally {
	rmSync(dirname(shipped), {recursive: true, force: true});
}
process.exit(0);
