import type {Server} from 'node:http';
import {afterEach} from 'vitest';
import type {HttpClient} from '../../source/scrape/client.js';

/**
 * Lists for the loopback servers and HTTP clients a test file opens; after each test the clients are
 * closed and the servers stopped (open connections cut). Call once at the top of the file.
 */
export function closeAfterEach(): {servers: Server[]; clients: HttpClient[]} {
	const servers: Server[] = [];
	const clients: HttpClient[] = [];
	afterEach(async () => {
		await Promise.all(clients.splice(0).map((client) => client.close()));
		for (const server of servers.splice(0)) {
			server.closeAllConnections();
			server.close();
		}
	});
	return {servers, clients};
}
