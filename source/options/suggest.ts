/**
 * "did you mean --once?": the known option closest to a mistyped one, as git suggests a command.
 * Pure. Closeness is the optimal-string-alignment distance (an insertion, a deletion, a change or
 * two neighbours swapped each count one), over the name after its dashes, so `-once` and `--onse`
 * both find `--once`.
 */

/** Edits between a and b, counting a swap of two neighbours as one. */
export function editDistance(a: string, b: string): number {
	const rows = a.length + 1;
	const cols = b.length + 1;
	const d: number[] = new Array(rows * cols).fill(0);
	for (let i = 0; i < rows; i += 1) d[i * cols] = i;
	for (let j = 0; j < cols; j += 1) d[j] = j;
	for (let i = 1; i < rows; i += 1) {
		for (let j = 1; j < cols; j += 1) {
			const cost = a[i - 1] === b[j - 1] ? 0 : 1;
			let best = Math.min(d[(i - 1) * cols + j]! + 1, d[i * cols + j - 1]! + 1, d[(i - 1) * cols + j - 1]! + cost);
			if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
				best = Math.min(best, d[(i - 2) * cols + j - 2]! + 1);
			d[i * cols + j] = best;
		}
	}
	return d[rows * cols - 1]!;
}

/**
 * The known long options (`--name`) nearest to `typed` (an unknown `--name` or `-name`): at most two
 * edits away (one for a name of three letters or fewer); several when they are equally near, in the
 * order given. Empty when nothing is near enough to be a typo.
 */
export function nearestOptions(typed: string, known: readonly string[]): string[] {
	const options = known.filter((option) => option.startsWith('--'));
	return nearestNames(
		typed.replace(/^-+/, ''),
		options.map((option) => option.slice(2)),
	).map((name) => `--${name}`);
}

/**
 * The known names nearest to `typed` (a config file's key, say), by the same rule as
 * nearestOptions: at most two edits away (one for three letters or fewer), the nearest all kept.
 */
export function nearestNames(typed: string, known: readonly string[]): string[] {
	const name = typed.toLowerCase();
	if (name.length < 2) return [];
	const limit = name.length <= 3 ? 1 : 2;
	let best = Number.POSITIVE_INFINITY;
	let nearest: string[] = [];
	for (const option of known) {
		const distance = editDistance(name, option);
		if (distance > limit || distance > best) continue;
		if (distance < best) {
			best = distance;
			nearest = [];
		}
		nearest.push(option);
	}
	return nearest;
}
