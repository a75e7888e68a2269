/**
 * The bundle's patch to Ink's render-node-to-output (scripts/ink-text-width.mjs): a text node with
 * no padding or border style is laid out against its computed width alone. Held equal to Ink's own
 * module over seeded trees of boxes (with and without padding and borders) and texts (short, long,
 * wrapped, truncated), and a text node whose own style names a padding, which keeps Ink's path.
 */
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {afterAll, describe, expect, it} from 'vitest';
import {seeded} from '../helpers/seeded.js';
// @ts-expect-error: a plain .mjs build script without type declarations
import {boundInkCache} from '../../scripts/ink-cache-bound.mjs';

const inkBuild = dirname(createRequire(import.meta.url).resolve('ink'));
const fromInk = createRequire(join(inkBuild, 'index.js'));
const url = (file: string) => pathToFileURL(join(inkBuild, file)).href;
const scratch = mkdtempSync(join(tmpdir(), 'dask-top-text-width-'));
afterAll(() => rmSync(scratch, {recursive: true, force: true}));

interface DomNode {
	yogaNode?: {calculateLayout(width: number, height: undefined, direction: number): void};
	style: Record<string, unknown>;
}
interface Dom {
	createNode(name: string): DomNode;
	createTextNode(text: string): DomNode;
	appendChildNode(parent: DomNode, child: DomNode): void;
	setStyle(node: DomNode, style: Record<string, unknown>): void;
}
type Render = (node: DomNode, output: unknown, options: {skipStaticElements: boolean}) => void;
type OutputClass = new (options: {width: number; height: number}) => {get(): {output: string}};

/** Ink's render-node-to-output as the bundle patches it, its imports resolved where Ink's are. */
async function patchedRender(): Promise<Render> {
	const file = join(inkBuild, 'render-node-to-output.js');
	const patched = boundInkCache('render-node-to-output.js', readFileSync(file, 'utf8')).replace(
		/from '([^']+)';/g,
		(_m: string, name: string) =>
			`from ${JSON.stringify(name.startsWith('.') ? url(name) : pathToFileURL(fromInk.resolve(name)).href)};`,
	);
	writeFileSync(join(scratch, 'render-node-to-output.mjs'), patched.replace(/^\/\/# sourceMappingURL=.*$/m, ''));
	return ((await import(pathToFileURL(join(scratch, 'render-node-to-output.mjs')).href)) as {default: Render}).default;
}

const WORDS = ['worker-7', '████▌', '⢠⣾⣿⡄', 'running', '12.5 GiB', '│', 'a-rather-long-task-prefix-name', '✓'];

describe("the bundle's text width in Ink's render-node-to-output", () => {
	it('draws every frame as Ink does', async () => {
		const [dom, applyStyles, {default: Output}, {default: Yoga}, {default: original}, patched] = await Promise.all([
			import(url('dom.js')) as Promise<Dom>,
			import(url('styles.js')).then((m: {default: (y: unknown, s: Record<string, unknown>) => void}) => m.default),
			import(url('output.js')) as Promise<{default: OutputClass}>,
			import(pathToFileURL(fromInk.resolve('yoga-layout')).href) as Promise<{default: {DIRECTION_LTR: number}}>,
			import(url('render-node-to-output.js')) as Promise<{default: Render}>,
			patchedRender(),
		]);
		const styled = (name: string, style: Record<string, unknown>): DomNode => {
			const node = dom.createNode(name);
			dom.setStyle(node, style);
			applyStyles(node.yogaNode, style);
			return node;
		};
		const next = seeded(20_261_202);
		const pick = <T>(items: readonly T[]): T => items[next(items.length)]!;
		let differentWidths = 0;
		for (let frame = 0; frame < 300; frame++) {
			const width = 20 + next(60);
			const root = styled('ink-root', {flexDirection: 'column', width});
			const boxStyle: Record<string, unknown> = {flexDirection: 'column', width: width - next(10)};
			if (next(3) === 0) boxStyle['paddingLeft'] = 1 + next(3);
			if (next(4) === 0) boxStyle['paddingX'] = next(3);
			if (next(4) === 0) boxStyle['borderStyle'] = 'single';
			const box = styled('ink-box', boxStyle);
			dom.appendChildNode(root, box);
			for (let line = 0, lines = 1 + next(6); line < lines; line++) {
				const textStyle: Record<string, unknown> = {
					flexGrow: 0,
					flexShrink: 1,
					flexDirection: 'row',
					textWrap: pick(['wrap', 'truncate', 'truncate-middle', 'truncate-start']),
				};
				// A text node whose own style names a padding (no <Text> makes one): Ink's path.
				if (next(8) === 0) textStyle['paddingLeft'] = 1 + next(2);
				const text = styled('ink-text', textStyle);
				const words = Array.from({length: 1 + next(8)}, () => pick(WORDS));
				dom.appendChildNode(text, dom.createTextNode(words.join(' ')));
				dom.appendChildNode(box, text);
				if ('paddingLeft' in textStyle) differentWidths++;
			}
			root.yogaNode!.calculateLayout(width, undefined, Yoga.DIRECTION_LTR);
			const draw = (render: Render) => {
				const output = new Output({width, height: 12});
				render(root, output, {skipStaticElements: false});
				return output.get().output;
			};
			expect(draw(patched)).toBe(draw(original));
		}
		expect(differentWidths).toBeGreaterThan(10);
	});
});
