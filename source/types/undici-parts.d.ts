/**
 * Types for the two parts of undici that dask-top loads on their own (scrape/client.ts): undici's
 * index also loads fetch, WebSocket, EventSource, the caches and the mock agents, about 40 ms of
 * a start-up that needs none of them. The types are undici's own.
 */
declare module 'undici/lib/dispatcher/agent.js' {
	import type {Agent} from 'undici';

	const AgentClass: typeof Agent;
	export default AgentClass;
}

declare module 'undici/lib/api/api-request.js' {
	import type {Dispatcher} from 'undici';

	/** Dispatcher.prototype.request, called with the dispatcher as `this`. */
	function request(this: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>;
	export default request;
}
