/**
 * Options → clusters → a sink: what main.ts starts once the command line and config are good, the
 * same for one cluster and several (a list of one). --replay / --demo play a recording
 * (replay.ts); otherwise every scheduler URL gets its client, poller and pipeline (clusters.ts),
 * optionally a recorder (record.ts), and then a monitoring check (check.ts), a document per poll
 * (watch.ts: --json --watch), one headless poll and print (once.ts: --once, --json, or stdout not a
 * terminal) or the TUI (interactive.ts).
 *
 * The installed command is CommonJS up to here and loads this module as an ES module
 * (scripts/build.mjs), so what it imports is a second copy of any module main.ts also holds:
 * say.ts's plain-text setting is set again here.
 */
import type {Options} from '../options/resolve.js';
import {EXIT_UNREADABLE} from '../types/exit-codes.js';
import {say, setPlainText} from './say.js';

export interface LaunchContext {
	/** dask-top's version, for the User-Agent and recordings. */
	readonly version: string;
	/** The PEM text of --ca-file, read by main.ts. */
	readonly ca?: string;
}

export async function launch(options: Options, {version, ca}: LaunchContext): Promise<number> {
	setPlainText(options.ascii);
	if (options.recording.replay) return (await import('./replay.js')).runReplay(options.recording.replay, options);
	// The HTTP client (undici), the outputs and the screen load only when a scheduler is polled.
	const {createClusters, stopClusters} = await import('./clusters.js');
	const clusters = createClusters(options, {...(ca === undefined ? {} : {ca}), userAgent: `dask-top/${version}`});
	try {
		// --record FILE (one cluster): every round its pipeline ingests is also written to FILE.
		const first = clusters[0];
		const recorder =
			options.recording.record && first
				? (await import('./record.js')).startRecording(
						options.recording.record,
						first.pipeline,
						options.url.display,
						version,
					)
				: undefined;
		if (typeof recorder === 'string') {
			say(recorder);
			return EXIT_UNREADABLE;
		}
		// --stacks / --errors / --logs (one cluster): that page, then exit.
		if (options.drill && first) return await (await import('./drill.js')).runDrill(first, options.drill, options);
		if (options.check) return await (await import('./check.js')).runCheck(clusters, options);
		// --json --watch (one cluster): a document per poll until stopped.
		if (options.watch && first) return await (await import('./watch.js')).runWatch(first, options);
		return options.once
			? await (await import('./once.js')).runOnce(clusters, options)
			: await (await import('./interactive.js')).runInteractive(clusters, options, recorder);
	} finally {
		await stopClusters(clusters);
	}
}

/** --check's answer to a usage error: UNKNOWN, exit 3, one line on stdout (the plugin convention). */
export async function checkUsage(line: string, ascii: boolean): Promise<number> {
	setPlainText(ascii);
	const [{printCheck}, {unknownResult}] = await Promise.all([
		import('./check.js'),
		import('../output/check-verdict.js'),
	]);
	return printCheck(unknownResult(line));
}
