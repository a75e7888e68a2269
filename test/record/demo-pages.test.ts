/**
 * The bundled demo (media/demo.ndjson.gz) was recorded under dask-top's own screen, which opened a
 * worker's call stacks, the erred tasks and the scheduler's log on the way (scripts/record-demo.sh):
 * the rounds carry those pages as a live session records them, so the demo's S, E and L show them.
 */
import {describe, expect, it} from 'vitest';
import {demoRecordingPath} from '../../source/options/demo-file.js';
import {parseCallStacks, parseExceptionsPage} from '../../source/parse/index.js';
import {loadRecording} from '../../source/record/reader.js';

describe('the bundled demo', () => {
	it('carries a call stacks page, the erred tasks and the scheduler log, each read as a user asked', async () => {
		const {rounds} = await loadRecording(demoRecordingPath());
		const pages = rounds.flatMap((raw) => raw.responses.filter((r) => r.onDemand === true));
		const page = (pattern: RegExp) => pages.find((r) => pattern.test(r.path) && r.status === 200);
		const stacks = page(/^\/info\/call-stacks\/.+\.html$/);
		expect(parseCallStacks(stacks?.body ?? '').stacks.length).toBeGreaterThan(0);
		const errors = parseExceptionsPage(page(/^\/info\/main\/exceptions\.html$/)?.body ?? '');
		expect(errors.map((e) => e.prefix)).toEqual(expect.arrayContaining(['explode', 'divide', 'parse-record']));
		expect(page(/^\/info\/main\/logs\.html$/)?.body).toMatch(/distributed\.scheduler/);
	});
});
