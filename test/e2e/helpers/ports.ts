/** Free loopback ports, found by binding port 0 (all held open together, so they are distinct). */
import {createServer, type Server} from 'node:net';

function listenOnFreePort(): Promise<{server: Server; port: number}> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen({host: '127.0.0.1', port: 0, exclusive: true}, () => {
			const address = server.address();
			if (address === null || typeof address === 'string') reject(new Error('no TCP address for a port-0 listener'));
			else resolve({server, port: address.port});
		});
	});
}

export async function freePorts(count: number): Promise<number[]> {
	const listeners: Array<{server: Server; port: number}> = [];
	try {
		for (let index = 0; index < count; index++) listeners.push(await listenOnFreePort());
		return listeners.map((listener) => listener.port);
	} finally {
		await Promise.all(listeners.map(({server}) => new Promise((resolve) => server.close(resolve))));
	}
}
