/**
 * Types for the part of undici that dask-top loads on its own (scrape/client.ts): undici's
 * index also loads fetch, WebSocket, EventSource, the caches and the mock agents, about 40 ms of
 * a start-up that needs none of them. The types are undici's own.
 */
declare module 'undici/lib/dispatcher/agent.js' {
	import type {Agent} from 'undici';

	const AgentClass: typeof Agent;
	export default AgentClass;
}
