/**
 * A recording holds the raw answers, whatever the cluster named its workers, prefixes and keys (and
 * a recording handed over may hold anything, its URL too): replayed, they are parsed again and made
 * inert at the same place as live answers. REAL recorded rounds of Dask 2026.7.1 (idle, busy, a
 * worker died) with hostile names, written by the real Recorder and replayed by run/replay.ts.
 */
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import type {JsonDocument} from '../../source/output/json-document.js';
import {Recorder} from '../../source/record/writer.js';
import {runReplay} from '../../source/run/replay.js';
import {setPlainText} from '../../source/run/say.js';
import {EXIT_OK} from '../../source/types/exit-codes.js';
import {inert} from '../../source/units/inert.js';
import {fixtureRounds} from '../helpers/fixture-data.js';
import {activeLeft, hostileNames, hostileRound} from '../helpers/hostile.js';
import {captureOutput, optionsFor} from '../helpers/run-main.js';

const dir = mkdtempSync(join(tmpdir(), 'dask-top-hostile-'));
const file = join(dir, 'hostile.ndjson');
const rounds = fixtureRounds('2026.7.1', ['idle', 'busy', 'worker-died']);
const hostile = hostileNames(rounds[1]!, 36);
const BASE = 'http://127.0.0.1:8788/\u009b2J\u001b]0;pwned\u0007/';
const recorder = new Recorder({file, maxBytes: 1e9, url: BASE, daskTopVersion: 'test', onStop: () => undefined});
for (const raw of rounds) recorder.write({...hostileRound(raw, hostile), base: BASE});
recorder.close();
afterAll(() => rmSync(dir, {recursive: true, force: true}));

/** A name of a worker listed at the recording's end, and one of the worker that died. */
const died = rounds[2]!.responses.find((r) => r.path === '/json/identity.json')!.body!;
const present = [...hostile.names].filter(([address]) => died.includes(address)).map(([, name]) => name);

/** run/replay.ts as main() runs it: prose in plain ASCII under --ascii (main sets it before). */
async function replay(args: string[]) {
	const options = optionsFor(['--replay', file, ...args]);
	setPlainText(options.ascii);
	try {
		return await captureOutput(() => runReplay(options.recording.replay!, options));
	} finally {
		setPlainText(false);
	}
}

describe('a recording holding hostile names, replayed', () => {
	it.each([
		[[], false],
		[['--ascii'], true],
	] as const)('prints --once %j with nothing a terminal acts on', async (args, ascii) => {
		const {result, stdout, stderr} = await replay(['--once', ...args]);
		expect(result).toBe(EXIT_OK);
		expect(activeLeft(stdout, {ascii})).toEqual([]);
		expect(activeLeft(stderr, {ascii})).toEqual([]);
		expect(stdout).toContain(inert(present[0]!, ascii));
		expect(stdout).toContain(`URL       ${inert(BASE, ascii)}`);
	});

	it.each([
		[[], false],
		[['--ascii'], true],
	] as const)('prints --diff start,end %j with nothing a terminal acts on', async (args, ascii) => {
		const {result, stdout} = await replay(['--diff', 'start,end', ...args]);
		expect(result).toBe(EXIT_OK);
		expect(activeLeft(stdout, {ascii})).toEqual([]);
		expect(stdout).toContain(`dask-top diff  ${inert(BASE, ascii)}`);
	});

	it('prints --json with every name exact, written in JSON escapes', async () => {
		const {result, stdout} = await replay(['--once', '--json']);
		expect(result).toBe(EXIT_OK);
		expect(activeLeft(stdout)).toEqual([]);
		const document = JSON.parse(stdout) as JsonDocument;
		expect(document.url).toBe(BASE);
		expect(document.workers.map((w) => w.name).sort()).toEqual([...present].sort());
	});
});
