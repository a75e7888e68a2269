// An ES module import of `node:process` makes node build that module's ESM facade, which reads
// every property of process once, getters included: `process.report` loads the diagnostic report's
// code (compiled from source under the first line's V8 flags on Node 20), even for a command that
// only prints a usage error. The bundle takes the global process instead (the same object): the
// default export, and the plain data properties its dependencies import by name (the build fails on
// any other name, so a new one is added here knowingly).

/** Properties of process that are plain values (no getter runs when they are read). */
export const PLAIN = [
	'argv',
	'arch',
	'cwd',
	'env',
	'execArgv',
	'execPath',
	'exit',
	'nextTick',
	'pid',
	'platform',
	'versions',
];

/** The stand-in module for `process` / `node:process`. */
export const PROCESS_STAND_IN = `export default process;\nexport const {${PLAIN.join(', ')}} = process;\n`;

/** The esbuild plugin: `node:process` (or `process`) becomes PROCESS_STAND_IN. */
export const processGlobal = {
	name: 'process-global',
	setup(build) {
		build.onResolve({filter: /^(node:)?process$/}, () => ({path: 'process', namespace: 'process-global'}));
		build.onLoad({filter: /.*/, namespace: 'process-global'}, () => ({contents: PROCESS_STAND_IN, loader: 'js'}));
	},
};
