/**
 * A cache of values made from a key, for work that per-poll code would repeat on the same few
 * keys (a polled URL, an event message's wrapping). Bounded: when full, it starts afresh (the keys
 * a running monitor uses come back at once; a burst of new ones cannot grow it).
 */
export function boundedCache<K, V>(limit: number): (key: K, make: () => V) => V {
	const values = new Map<K, V>();
	return (key, make) => {
		if (values.has(key)) return values.get(key) as V;
		if (values.size >= limit) values.clear();
		const value = make();
		values.set(key, value);
		return value;
	};
}
