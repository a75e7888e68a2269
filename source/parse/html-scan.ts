/**
 * Just enough HTML scanning for Dask's fixed Tornado templates (workers.html, worker pages):
 * rows and cells by indexOf, attributes and text by small regexes. Tornado squeezes template
 * whitespace differently across versions, so nothing here depends on line breaks or spacing.
 */

export interface HtmlCell {
	/** The attribute text of the `<td …>` tag. */
	readonly attrs: string;
	/** Inner HTML of the cell. */
	readonly html: string;
}

export interface HtmlRow {
	readonly attrs: string;
	readonly cells: readonly HtmlCell[];
	/** Header cells (`<th>`) as text, when the row has them. */
	readonly headers: readonly string[];
}

const ENTITIES: Readonly<Record<string, string>> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' '};

export function decodeEntities(text: string): string {
	if (!text.includes('&')) return text;
	return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (whole, body: string) => {
		if (body.startsWith('#x') || body.startsWith('#X')) return String.fromCodePoint(Number.parseInt(body.slice(2), 16));
		if (body.startsWith('#')) return String.fromCodePoint(Number.parseInt(body.slice(1), 10));
		return ENTITIES[body] ?? whole;
	});
}

/** Visible text of an HTML fragment: tags dropped, entities decoded, whitespace squeezed. */
export function textOf(html: string): string {
	const noTags = html.includes('<') ? html.replace(/<[^>]*>/g, ' ') : html;
	return decodeEntities(noTags).replace(/\s+/g, ' ').trim();
}

/** The value of one attribute (quoted or bare) in a tag's attribute text, entities decoded. */
const attrPatterns = new Map<string, RegExp>();

export function attrOf(attrs: string, name: string): string | undefined {
	let re = attrPatterns.get(name);
	if (!re) {
		re = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i');
		attrPatterns.set(name, re);
	}
	const match = re.exec(attrs);
	if (!match) return undefined;
	return decodeEntities(match[1] ?? match[2] ?? match[3] ?? '');
}

function cellsOf(html: string, tag: 'td' | 'th'): HtmlCell[] {
	const cells: HtmlCell[] = [];
	const open = `<${tag}`;
	const close = `</${tag}>`;
	let i = 0;
	for (;;) {
		const start = html.indexOf(open, i);
		if (start === -1) break;
		const after = html.charCodeAt(start + open.length);
		// `<td>` or `<td attr…>`, not `<tdx`.
		if (after !== 62 && after !== 32 && after !== 9 && after !== 10 && after !== 13) {
			i = start + open.length;
			continue;
		}
		const tagEnd = html.indexOf('>', start);
		if (tagEnd === -1) break;
		let end = html.indexOf(close, tagEnd);
		if (end === -1) end = html.length;
		cells.push({attrs: html.slice(start + open.length, tagEnd), html: html.slice(tagEnd + 1, end)});
		i = end + close.length;
	}
	return cells;
}

/** Every `<tr>` of `html[from, to)` with its cells, in order. */
export function scanRows(html: string, from = 0, to = html.length): HtmlRow[] {
	const rows: HtmlRow[] = [];
	let i = from;
	for (;;) {
		const start = html.indexOf('<tr', i);
		if (start === -1 || start >= to) break;
		const after = html.charCodeAt(start + 3);
		if (after !== 62 && after !== 32 && after !== 9 && after !== 10 && after !== 13) {
			i = start + 3;
			continue;
		}
		const tagEnd = html.indexOf('>', start);
		if (tagEnd === -1) break;
		let end = html.indexOf('</tr>', tagEnd);
		if (end === -1 || end > to) end = to;
		const inner = html.slice(tagEnd + 1, end);
		const cells = cellsOf(inner, 'td');
		const headers = cells.length === 0 ? cellsOf(inner, 'th').map((c) => textOf(c.html)) : [];
		rows.push({attrs: html.slice(start + 3, tagEnd), cells, headers});
		i = end + 5;
	}
	return rows;
}

/** Where the table under a heading (`<h1>`–`<h6>` whose text is `heading`) starts and ends. */
export function tableAfter(html: string, heading: string, from = 0): {from: number; to: number} | undefined {
	const re = /<h([1-6])[^>]*>([\s\S]*?)<\/h\1>/g;
	re.lastIndex = from;
	for (let match = re.exec(html); match; match = re.exec(html)) {
		if (textOf(match[2]!) !== heading) continue;
		const start = html.indexOf('<table', match.index);
		if (start === -1) return undefined;
		const end = html.indexOf('</table>', start);
		return {from: start, to: end === -1 ? html.length : end};
	}
	return undefined;
}
