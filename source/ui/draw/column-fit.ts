/**
 * Column fitting: which columns fit a terminal width, by priority, and how wide each one is.
 * Pure and generic; the worker table's columns live in worker-columns.ts.
 */

export interface ColumnSpec<Id extends string = string> {
	readonly id: Id;
	readonly title: string;
	/** Smallest useful width in cells. */
	readonly width: number;
	/** Largest width it may grow to (default: `width`). */
	readonly maxWidth?: number;
	/** Share of the spare width it takes while growing (default 0: fixed). */
	readonly grow?: number;
	/** Takes spare width before the other growing columns get any (up to its `maxWidth`). */
	readonly growFirst?: boolean;
	readonly align: 'left' | 'right';
	/** 0 is kept longest; columns of larger numbers drop first as the terminal narrows. */
	readonly priority: number;
}

export interface FittedColumn<Id extends string = string> {
	readonly spec: ColumnSpec<Id>;
	readonly width: number;
}

/**
 * Keeps the columns that fit `totalWidth` (with `gap` cells between columns), most important
 * first, then hands the spare cells to the `growFirst` columns up to their `maxWidth`, then to
 * growable columns by their `grow` share up to their `maxWidth`. The result keeps the specs' display order.
 */
export function fitColumns<Id extends string>(
	specs: readonly ColumnSpec<Id>[],
	totalWidth: number,
	gap = 1,
): FittedColumn<Id>[] {
	const byPriority = specs
		.map((spec, index) => ({spec, index}))
		.sort((a, b) => a.spec.priority - b.spec.priority || a.index - b.index);
	const kept = new Set<number>();
	let used = 0;
	for (const {spec, index} of byPriority) {
		const cost = spec.width + (kept.size > 0 ? gap : 0);
		if (used + cost <= totalWidth) {
			kept.add(index);
			used += cost;
		}
	}
	const widths = new Map<number, number>();
	for (const index of kept) widths.set(index, specs[index]!.width);
	let spare = totalWidth - used;
	for (const i of kept) {
		const spec = specs[i]!;
		if (spec.growFirst !== true) continue;
		const add = Math.min(spare, (spec.maxWidth ?? spec.width) - widths.get(i)!);
		if (add <= 0) continue;
		widths.set(i, widths.get(i)! + add);
		spare -= add;
	}
	while (spare > 0) {
		const growing = [...kept].filter(
			(i) => (specs[i]!.grow ?? 0) > 0 && widths.get(i)! < (specs[i]!.maxWidth ?? specs[i]!.width),
		);
		if (growing.length === 0) break;
		const shares = growing.reduce((n, i) => n + (specs[i]!.grow ?? 0), 0);
		let given = 0;
		for (const i of growing) {
			const spec = specs[i]!;
			const room = (spec.maxWidth ?? spec.width) - widths.get(i)!;
			const share = Math.max(1, Math.floor((spare * (spec.grow ?? 0)) / shares));
			const add = Math.min(room, share, spare - given);
			if (add <= 0) continue;
			widths.set(i, widths.get(i)! + add);
			given += add;
		}
		if (given === 0) break;
		spare -= given;
	}
	return [...kept].sort((a, b) => a - b).map((i) => ({spec: specs[i]!, width: widths.get(i)!}));
}

/** @internal Total width of fitted columns with their gaps (the tests measure with it). */
export function fittedWidth(columns: readonly FittedColumn[], gap = 1): number {
	return columns.reduce((n, c) => n + c.width, 0) + Math.max(0, columns.length - 1) * gap;
}
