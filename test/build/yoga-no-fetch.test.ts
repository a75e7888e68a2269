import {cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {afterAll, describe, expect, it, vi} from 'vitest';
// @ts-expect-error: a plain .mjs build script without type declarations
import {yogaWithoutFetch} from '../../scripts/yoga-no-fetch.mjs';

const yogaDist = dirname(dirname(createRequire(import.meta.url).resolve('yoga-layout')));
const LOADER = join('binaries', 'yoga-wasm-base64-esm.js');
const original = readFileSync(join(yogaDist, LOADER), 'utf8');
const copy = mkdtempSync(join(tmpdir(), 'yoga-no-fetch-'));
afterAll(() => rmSync(copy, {recursive: true, force: true}));

/** What the test uses of yoga-layout/load (a dependency of Ink's, not of dask-top's own). */
interface YogaNode {
	setWidth(width: number): void;
	setHeight(height: number): void;
	setFlexGrow(grow: number): void;
	insertChild(child: YogaNode, index: number): void;
	calculateLayout(width: undefined, height: undefined): void;
	getComputedLayout(): {width: number; height: number};
	freeRecursive(): void;
}
interface YogaLoad {
	loadYoga(): Promise<{Node: {create(): YogaNode}}>;
}

describe("the bundle's Yoga loader", () => {
	it('lays out without calling fetch for its inlined wasm', async () => {
		cpSync(yogaDist, copy, {recursive: true});
		writeFileSync(join(copy, LOADER), yogaWithoutFetch(original));
		const fetch = vi.fn(globalThis.fetch);
		vi.stubGlobal('fetch', fetch);
		try {
			const {loadYoga} = (await import(pathToFileURL(join(copy, 'src', 'load.js')).href)) as YogaLoad;
			const Yoga = await loadYoga();
			const root = Yoga.Node.create();
			root.setWidth(120);
			const child = Yoga.Node.create();
			child.setHeight(3);
			child.setFlexGrow(1);
			root.insertChild(child, 0);
			root.calculateLayout(undefined, undefined);
			expect(child.getComputedLayout()).toMatchObject({width: 120, height: 3});
			root.freeRecursive();
		} finally {
			vi.unstubAllGlobals();
		}
		expect(fetch).not.toHaveBeenCalled();
	});

	it('reads the wasm through fetch when unpatched (what the patch is for)', async () => {
		const fetch = vi.fn(globalThis.fetch);
		vi.stubGlobal('fetch', fetch);
		try {
			const unpatched = mkdtempSync(join(tmpdir(), 'yoga-fetch-'));
			cpSync(yogaDist, unpatched, {recursive: true});
			const {loadYoga} = (await import(pathToFileURL(join(unpatched, 'src', 'load.js')).href)) as YogaLoad;
			await loadYoga();
			rmSync(unpatched, {recursive: true, force: true});
		} finally {
			vi.unstubAllGlobals();
		}
		expect(fetch).toHaveBeenCalledWith(
			expect.stringMatching(/^data:application\/octet-stream;base64,/),
			expect.anything(),
		);
	});

	it("fails loudly when the loader's fetch test is no longer found", () => {
		expect(() => yogaWithoutFetch(original.replace('"function"!=typeof fetch', 'typeof fetch!="function"'))).toThrow(
			/changed/,
		);
	});
});
