/**
 * Sums a `node --cpu-prof` profile of the bundle by original source file and by function, through
 * the source maps (build with `node scripts/build.mjs --sourcemap`):
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof dist/dask-top.cjs URL     (quit with q)
 *   node bench/profile-summary.mjs /tmp/prof/CPU.*.cpuprofile
 */
import {existsSync, readFileSync} from 'node:fs';
import {SourceMap} from 'node:module';
import {fileURLToPath} from 'node:url';

const profile = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const maps = new Map();
function mapFor(url) {
	if (!maps.has(url)) {
		const file = `${fileURLToPath(url)}.map`;
		maps.set(url, existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, 'utf8'))) : undefined);
	}
	return maps.get(url);
}
const counts = new Map();
for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
const msPerSample = (profile.endTime - profile.startTime) / profile.samples.length / 1000;
const byFile = new Map();
const byFunction = new Map();
const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
for (const node of profile.nodes) {
	const ms = (counts.get(node.id) ?? 0) * msPerSample;
	if (ms === 0) continue;
	const {url, functionName, lineNumber, columnNumber} = node.callFrame;
	const map = url.startsWith('file:') ? mapFor(url) : undefined;
	if (!map) {
		add(byFile, url || `(${functionName})`, ms);
		continue;
	}
	const entry = map.findEntry(lineNumber, columnNumber);
	const file = (entry.originalSource ?? '?').replace(/.*node_modules\//, '').replace(/.*\/source\//, 'source/');
	add(byFile, file, ms);
	add(byFunction, `${file}:${entry.originalLine + 1}`, ms);
}
const top = (map, n) =>
	[...map]
		.sort((a, b) => b[1] - a[1])
		.slice(0, n)
		.map(([k, v]) => `${v.toFixed(0).padStart(7)} ms  ${k}`)
		.join('\n');
console.log(
	`${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s profiled\n\nby ` +
		`file:\n${top(byFile, 25)}\n\nby function (line):\n${top(byFunction, 20)}`,
);
