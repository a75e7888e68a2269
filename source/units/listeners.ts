/**
 * The listeners of one kind of notice: subscribing gives back the unsubscribe, and a notice goes to
 * the listeners subscribed when it starts (one may unsubscribe while it is called). Pure.
 */
interface Listeners<Args extends readonly unknown[]> {
	subscribe(listener: (...args: Args) => void): () => void;
	notify(...args: Args): void;
	clear(): void;
}

export function createListeners<Args extends readonly unknown[] = []>(): Listeners<Args> {
	const listeners = new Set<(...args: Args) => void>();
	return {
		subscribe(listener) {
			listeners.add(listener);
			return () => {
				listeners.delete(listener);
			};
		},
		notify(...args) {
			for (const listener of [...listeners]) listener(...args);
		},
		clear() {
			listeners.clear();
		},
	};
}
