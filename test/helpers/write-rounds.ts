/**
 * A child process for the recorder tests: records fixture rounds into argv[2] through the real
 * Recorder, one every argv[3] ms (alternating scenarios), printing each round's number on stdout.
 * The tests kill it (SIGKILL, a file size limit) and read what it left behind.
 */
import {Recorder} from '../../source/record/writer.js';
import {loadScenarioScrape, SCENARIOS} from './fixtures.js';

const [file, everyText = '20', maxText] = process.argv.slice(2);
if (file === undefined) throw new Error('usage: write-rounds FILE [everyMs] [maxBytes]');
const rounds = SCENARIOS.map((scenario) => loadScenarioScrape('2026.7.1', scenario));
const recorder = new Recorder({
	file,
	maxBytes: maxText === undefined ? 1e9 : Number(maxText),
	url: 'http://127.0.0.1:8787/',
	daskTopVersion: 'test',
	onStop: (message) => process.stdout.write(`stopped: ${message}\n`),
});
let n = 0;
const startMs = Date.now();
setInterval(() => {
	const raw = rounds[n % rounds.length]!;
	recorder.write({...raw, atMs: startMs + n * 1000});
	n += 1;
	process.stdout.write(`${recorder.status().rounds}\n`);
}, Number(everyText));
