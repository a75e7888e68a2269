/**
 * @internal The docs made from the settings table (settings.ts): docs/config.example.json (every
 * config key with its example value) and the settings table of docs/reference.md (each setting's
 * flag, config key, environment and default). `npm run readme` writes both; tests keep the files
 * equal to these. Pure.
 */
import {defaultText, helpFlag, rangeText, type Setting} from './setting-types.js';
import {SETTINGS} from './settings.js';

/** How wide an example's line may be with its list or object on it; a wider one has an item a line. */
const EXAMPLE_WIDTH = 100;

/** JSON on one line, with a space after each comma and colon: `{"a": 1, "b": [2, 3]}`. */
function inlineJson(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(inlineJson).join(', ')}]`;
	if (typeof value === 'object' && value !== null)
		return `{${Object.entries(value)
			.map(([key, item]) => `${JSON.stringify(key)}: ${inlineJson(item)}`)
			.join(', ')}}`;
	return JSON.stringify(value);
}

/** docs/config.example.json: one key a line, in the table's order, tab-indented. */
export function configExampleText(): string {
	const lines = (SETTINGS as readonly Setting[]).flatMap((s) => {
		if (s.config === 'none') return [];
		const head = `\t${JSON.stringify(s.config.key)}: `;
		const inline = `${head}${inlineJson(s.config.example)}`;
		if (inline.length <= EXAMPLE_WIDTH || !Array.isArray(s.config.example)) return [inline];
		const items = s.config.example.map((item) => `\t\t${inlineJson(item)}`);
		return [`${head}[\n${items.join(',\n')}\n\t]`];
	});
	return `{\n${lines.join(',\n')}\n}\n`;
}

function code(text: string): string {
	return `\`${text}\``;
}

/** The default as the reference's table writes it. */
function defaultCell(s: Setting): string {
	const text = defaultText(s);
	const range = s.range === undefined ? '' : ` (${rangeText(s.range)})`;
	if (text !== undefined) return `${code(text)}${range}`;
	if (s.default === 'computed') return `computed${range}`;
	if (s.flag !== 'none' && s.flag.type === 'boolean') return s.flag.default === true ? 'on' : 'off';
	return range === '' ? '—' : range.trim();
}

/** docs/reference.md's table of every setting: flag, config key, environment, default. */
export function settingsMarkdownTable(): string {
	const rows = (SETTINGS as readonly Setting[]).map((s) =>
		[
			s.flag === 'none' ? '—' : code(helpFlag(s)),
			s.config === 'none' ? '—' : code(JSON.stringify(s.config.key)),
			s.env === 'none' ? '—' : s.env.map(code).join(', '),
			defaultCell(s),
		].join(' | '),
	);
	return ['| flag | config file | environment | default |', '|---|---|---|---|', ...rows.map((r) => `| ${r} |`)].join(
		'\n',
	);
}
