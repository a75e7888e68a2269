/** A function's last result, kept while it is called with the same arguments (compared by identity). */
export function memoLast<A extends readonly unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
	let last: {args: A; result: R} | undefined;
	return (...args: A) => {
		if (last !== undefined && last.args.length === args.length && last.args.every((a, i) => a === args[i]))
			return last.result;
		last = {args, result: fn(...args)};
		return last.result;
	};
}
