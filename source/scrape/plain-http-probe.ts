/**
 * Does this https:// address speak plain HTTP? A TLS handshake against a plain-HTTP dashboard
 * (Tornado reads the ClientHello as a request line and waits) only times out, which says nothing.
 * One plain request on a raw socket tells: the answer starts with `HTTP/`.
 */
import {connect} from 'node:net';
import {timerDelay} from '../units/timer-delay.js';

export async function speaksPlainHttp(httpsUrl: string, timeoutMs: number): Promise<boolean> {
	let url: URL;
	try {
		url = new URL(httpsUrl);
	} catch {
		return false;
	}
	if (url.protocol !== 'https:') return false;
	const host = url.hostname.replace(/^\[|\]$/g, '');
	const port = Number(url.port === '' ? 443 : url.port);
	return new Promise<boolean>((resolve) => {
		const socket = connect({host, port});
		let head = '';
		const done = (answer: boolean) => {
			clearTimeout(timer);
			socket.destroy();
			resolve(answer);
		};
		const timer = setTimeout(() => done(false), timerDelay(timeoutMs));
		socket.setEncoding('latin1');
		socket.once('connect', () => socket.write(`HEAD /health HTTP/1.0\r\nHost: ${url.host}\r\n\r\n`));
		socket.on('data', (chunk: string) => {
			head += chunk;
			if (head.length >= 5) done(head.startsWith('HTTP/'));
		});
		socket.once('error', () => done(false));
		socket.once('close', () => done(head.startsWith('HTTP/')));
	});
}
