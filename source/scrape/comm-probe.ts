/**
 * Is this http:// address a Dask comm port (the scheduler's 8786, or a worker's)? Such a port
 * speaks first: on connect it sends its handshake, msgpack frames naming `compression`, `python`
 * and `pickle-protocol`, which undici reports only as "not HTTP". One raw connection, read
 * without writing anything, tells.
 */
import {connect} from 'node:net';
import {timerDelay} from '../units/timer-delay.js';

/** Whether the first bytes a server sent are a Dask comm handshake. Pure. */
function isCommHandshake(head: string): boolean {
	return head.includes('pickle-protocol') && head.includes('compression');
}

export async function speaksDaskComm(httpUrl: string, timeoutMs: number): Promise<boolean> {
	let url: URL;
	try {
		url = new URL(httpUrl);
	} catch {
		return false;
	}
	if (url.protocol !== 'http:') return false;
	const host = url.hostname.replace(/^\[|\]$/g, '');
	const port = Number(url.port === '' ? 80 : url.port);
	return new Promise<boolean>((resolve) => {
		const socket = connect({host, port});
		let head = '';
		const done = (answer: boolean) => {
			clearTimeout(timer);
			socket.destroy();
			resolve(answer);
		};
		const timer = setTimeout(() => done(isCommHandshake(head)), timerDelay(timeoutMs));
		socket.setEncoding('latin1');
		socket.on('data', (chunk: string) => {
			head += chunk;
			if (isCommHandshake(head) || head.length > 4096) done(isCommHandshake(head));
		});
		socket.once('error', () => done(false));
		socket.once('close', () => done(isCommHandshake(head)));
	});
}
