/**
 * dask.utils.key_split in TypeScript: the task prefix of a key, as Dask names prefixes in
 * `dask_scheduler_*{task_prefix_name}` and on the dashboard.
 *
 *   'x-1-2-3' → 'x', 'hello-world-1' → 'hello-world', 'x-abcdefab' → 'x' (8-letter hex-ish word),
 *   "('x-2', 1)" → 'x', 32 hex chars → 'data', '<module.sub.myclass object at 0x…>' → 'myclass'.
 *
 * Python quirks kept on purpose: a word counts as a hash when it is 8 letters long and *starts*
 * with a–f (re.match, not fullmatch); str.isalpha is Unicode-aware; any failure yields 'Other'.
 */

const LETTERS = /^\p{L}+$/u;
const HEX32 = /^[a-f0-9]{32}/;

function isAlpha(word: string): boolean {
	return word.length > 0 && LETTERS.test(word);
}

function stripChars(text: string, chars: string): string {
	let start = 0;
	let end = text.length;
	while (start < end && chars.includes(text[start]!)) start++;
	while (end > start && chars.includes(text[end - 1]!)) end--;
	return text.slice(start, end);
}

export function keySplit(key: string): string {
	const words = key.split('-');
	const first = words[0]!;
	if (first.length === 0) return 'Other';
	let result = isAlpha(first[0]!) ? first : stripChars(first.split(',')[0]!, '_\'()"');
	for (let i = 1; i < words.length; i++) {
		const word = words[i]!;
		if (isAlpha(word) && !(word.length === 8 && /^[a-f]/.test(word))) result += `-${word}`;
		else break;
	}
	if (result.length === 32 && HEX32.test(result)) return 'data';
	if (result.length === 0) return 'Other';
	if (result[0] === '<') {
		const inner = stripChars(result, '<>')
			.split(/\s+/)
			.find((w) => w.length > 0);
		if (inner === undefined) return 'Other';
		return inner.split('.').at(-1)!;
	}
	return result;
}
