/**
 * Loaded into the BUILT CLI by the memory benchmark (NODE_OPTIONS=--import=…): appends the
 * process's own memory figures as JSON lines to $DASK_TOP_HEAP_PROBE — its pid at once, then
 * process.memoryUsage() every second, on SIGUSR2 the live heap after a full garbage collection,
 * and at exit the peak RSS the kernel counted. It only observes; the CLI runs unchanged. Without
 * the variable it does nothing.
 */
import {appendFileSync} from 'node:fs';
import {setFlagsFromString} from 'node:v8';
import {runInNewContext} from 'node:vm';

const file = process.env.DASK_TOP_HEAP_PROBE;
if (file) {
	const write = (record) => appendFileSync(file, `${JSON.stringify({...record, atMs: Date.now()})}\n`);
	const sample = () => {
		const m = process.memoryUsage();
		return {
			rss: m.rss,
			heapUsed: m.heapUsed,
			heapTotal: m.heapTotal,
			external: m.external,
			arrayBuffers: m.arrayBuffers,
		};
	};
	setFlagsFromString('--expose-gc');
	const gc = runInNewContext('gc');
	write({pid: process.pid});
	setInterval(() => write({sample: sample()}), 1000).unref();
	process.on('SIGUSR2', () => {
		gc();
		write({afterGc: sample()});
	});
	process.on('exit', () => write({exit: sample(), maxRssBytes: process.resourceUsage().maxRSS * 1024}));
}
