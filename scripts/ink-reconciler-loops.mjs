// Ink 6.8's reconciler diffs the old and new props (and styles) of every element React updates,
// with for-of loops over Object.keys / Object.entries. dask-top's code runs mostly as V8's baseline
// code (source/tiering.ts), where each step of such a loop allocates an iterator result (and
// entries an array per key): the largest source of iterator results under an allocation profile at
// 3 workers (about 900 KiB in 50 s). The bundle walks the same keys by index: the same keys in the
// same order, so the same props (checked against Ink's own diff in test/build/ink-frame-loops.test.ts).
export const RECONCILER_LOOP_PATCHES = [
	[
		'    for (const key of Object.keys(before)) {\n',
		'    const beforeKeys = Object.keys(before);\n    for (let k = 0; k < beforeKeys.length; k++) {\n' +
			'        const key = beforeKeys[k];\n',
	],
	[
		'        for (const key of Object.keys(after)) {\n',
		'        const afterKeys = Object.keys(after);\n        for (let k = 0; k < afterKeys.length; k++) {\n' +
			'            const key = afterKeys[k];\n',
	],
	[
		'            for (const [key, value] of Object.entries(props)) {\n',
		'            const propKeys = Object.keys(props);\n            for (let k = 0; k < propKeys.length; k++) {\n' +
			'                const key = propKeys[k];\n                const value = props[key];\n',
	],
];
