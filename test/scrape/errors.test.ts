import {describe, expect, it} from 'vitest';
import {classifyError} from '../../source/scrape/errors.js';

function coded(code: string, message = 'x'): Error {
	return Object.assign(new Error(message), {code});
}

describe('classifyError', () => {
	it.each([
		[coded('ECONNREFUSED'), 'refused'],
		[coded('EHOSTUNREACH'), 'refused'],
		[coded('ENOTFOUND'), 'dns'],
		[coded('EAI_AGAIN'), 'dns'],
		[coded('UND_ERR_HEADERS_TIMEOUT'), 'timeout'],
		[coded('UND_ERR_BODY_TIMEOUT'), 'timeout'],
		[coded('UND_ERR_CONNECT_TIMEOUT'), 'timeout'],
		[coded('ECONNRESET'), 'reset'],
		[coded('UND_ERR_SOCKET'), 'reset'],
		[coded('DEPTH_ZERO_SELF_SIGNED_CERT'), 'tls'],
		[coded('ERR_TLS_CERT_ALTNAME_INVALID'), 'tls'],
		[coded('ERR_SSL_WRONG_VERSION_NUMBER', '807C:error:0A00010B:SSL routines\nmore'), 'tls'],
		[coded('ERR_SSL_SOMETHING_NEW'), 'tls'],
		[coded('UND_ERR_ABORTED'), 'aborted'],
		[coded('HPE_INVALID_CONSTANT'), 'other'],
	])('reads %s as %s', (error, kind) => {
		expect(classifyError(error).kind).toBe(kind);
	});

	it('reads the DOMException of AbortSignal.timeout (numeric code 23) by its name', async () => {
		const reason = await new Promise<unknown>((resolve) => {
			const signal = AbortSignal.timeout(1);
			signal.addEventListener('abort', () => resolve(signal.reason));
		});
		expect((reason as {code: unknown}).code).toBe(23);
		expect(classifyError(reason)).toEqual({kind: 'timeout', message: 'no answer in time'});
	});

	it('reads a caller abort as aborted', () => {
		const controller = new AbortController();
		controller.abort();
		expect(classifyError(controller.signal.reason).kind).toBe('aborted');
	});

	it('looks into the cause of a wrapping error', () => {
		expect(classifyError(new TypeError('fetch failed', {cause: coded('ECONNREFUSED')})).kind).toBe('refused');
	});

	it('keeps every message to one short line', () => {
		const {message} = classifyError(new Error(`first line ${'y'.repeat(300)}\nsecond line`));
		expect(message).not.toContain('\n');
		expect(message.length).toBeLessThanOrEqual(120);
		expect(classifyError(undefined)).toEqual({kind: 'other', message: 'request failed'});
	});
});
