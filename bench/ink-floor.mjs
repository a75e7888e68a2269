/**
 * Ink's own floor: an Ink 6.8 app with nothing of dask-top in it, drawn full screen and redrawn
 * every 2 s, as dask-top's screen is on each poll. `empty`: one line of text that changes (the
 * least a redraw can be); `full`: every row of the terminal filled with text that changes each
 * time (what a screen of moving figures is). Run in a pseudo-terminal by bench/lean.ts under
 * Node 20 and Node 24; production React, like the bundle.
 */
Object.assign(process.env, {NODE_ENV: 'production'}); // (not an assignment the bundle's define would rewrite)
// `npm run bench` also bundles this file as dask-top is built (bench/ink-floor-shipped.mjs: the
// bundle's patched Ink and string-width) and then draws through dask-top's own output
// layer (only the changed cells reach the terminal), which the bundle's define turns on here.
const shipped = globalThis.INK_FLOOR_SHIPPED === true;
// As shipped, V8's tier-up budget too, set at run time as dask-top's entry sets it (source/run/tiering.ts).
if (shipped) await (await import('../source/run/tiering.js')).tuneTierUp();
const React = (await import('react')).default;
const {render, Box, Text} = await import('ink');

const variant = process.argv[2] ?? 'empty';
const columns = process.stdout.columns || 120;
const rows = process.stdout.rows || 40;

function App({tick}) {
	if (variant === 'empty')
		return React.createElement(Box, {height: rows - 1}, React.createElement(Text, null, `tick ${tick}`));
	const lines = [];
	if (variant === 'text') {
		for (let r = 0; r < rows - 1; r++) {
			const value = (tick * 7919 + r * 104_729) % 1_000_000;
			const text = `${String(r).padStart(3)} ${String(value).padStart(7)} `
				.repeat(Math.floor(columns / 12))
				.slice(0, columns - 1);
			lines.push(r % 3 === 0 ? `\u001B[32m${text}\u001B[39m` : text);
		}
		return React.createElement(
			Box,
			{flexDirection: 'column', height: rows - 1},
			React.createElement(Text, null, lines.join('\n')),
		);
	}
	for (let r = 0; r < rows - 1; r++) {
		const value = (tick * 7919 + r * 104_729) % 1_000_000;
		lines.push(
			React.createElement(
				Text,
				{key: r, color: r % 3 === 0 ? 'green' : undefined},
				`${String(r).padStart(3)} ${String(value).padStart(7)} `.repeat(Math.floor(columns / 12)).slice(0, columns - 1),
			),
		);
	}
	return React.createElement(Box, {flexDirection: 'column', height: rows - 1}, ...lines);
}

let tick = 0;
let output = {};
if (shipped) {
	const {createDiffStdout} = await import('../source/terminal/diff-stdout.js');
	output = {stdout: createDiffStdout(process.stdout).stream, debug: true};
}
const instance = render(React.createElement(App, {tick}), {exitOnCtrlC: true, patchConsole: false, ...output});
setInterval(() => instance.rerender(React.createElement(App, {tick: ++tick})), 2000);
process.stdin.on('data', (data) => {
	if (String(data).includes('q')) process.exit(0);
});
