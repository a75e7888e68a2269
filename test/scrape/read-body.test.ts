import {PassThrough, Readable} from 'node:stream';
import {describe, expect, it} from 'vitest';
import {classifyError} from '../../source/scrape/errors.js';
import {readBody} from '../../source/scrape/read-body.js';

describe('readBody', () => {
	it('joins the chunks of a body into its text, multi-byte characters cut between chunks included', async () => {
		const euro = Buffer.from('€', 'utf8');
		const stream = Readable.from([Buffer.from('a'), euro.subarray(0, 1), euro.subarray(1), Buffer.from('b')]);
		expect(await readBody(stream, 100)).toEqual({kind: 'whole', bytes: 5, text: 'a€b'});
	});

	it('reads an empty body as empty text', async () => {
		expect(await readBody(Readable.from([]), 100)).toEqual({kind: 'whole', bytes: 0, text: ''});
	});

	it('stops at the cap: the stream is destroyed and the rest never read', async () => {
		const stream = new PassThrough();
		const read = readBody(stream, 10);
		stream.write(Buffer.alloc(8));
		stream.write(Buffer.alloc(8));
		expect(await read).toEqual({kind: 'too-large', bytes: 16});
		expect(stream.destroyed).toBe(true);
		stream.write(Buffer.alloc(8)); // nothing listens any more; no throw
	});

	it('gives the stream’s error, and a later error does not throw', async () => {
		const stream = new PassThrough();
		const read = readBody(stream, 100);
		stream.write(Buffer.from('{"x": '));
		const reset = Object.assign(new Error('other side closed'), {code: 'UND_ERR_SOCKET'});
		stream.destroy(reset);
		const result = await read;
		expect(result).toMatchObject({kind: 'failed', bytes: 6});
		expect(classifyError(result.kind === 'failed' ? result.error : undefined).kind).toBe('reset');
		stream.emit('error', new Error('late'));
	});

	it('calls a close before the end premature, as `for await` did', async () => {
		const stream = new PassThrough();
		const read = readBody(stream, 100);
		stream.write(Buffer.from('half'));
		stream.destroy();
		const result = await read;
		expect(result).toMatchObject({kind: 'failed', bytes: 4});
		expect(classifyError(result.kind === 'failed' ? result.error : undefined)).toEqual({
			kind: 'other',
			message: 'Premature close (ERR_STREAM_PREMATURE_CLOSE)',
		});
	});
});
