/**
 * The TUI. Every cluster is contacted before the screen starts: a cluster that cannot be read for
 * good (refused, not Dask, TLS) ends dask-top with its line when it is the only one; among several,
 * it shows as down in the cluster bar and the others go on, and only when none can be read for good
 * does it exit 1. Then each source feeds its pipeline (connect) and the screen shows the pipelines'
 * models, so every round counts, whenever it came. Recording without a terminal polls with no screen.
 */
import type {Options} from '../options/resolve.js';
import type {TuiOptions} from '../ui/shell/run.js';
import {saveColumns} from '../options/save-columns.js';
import {connect} from '../pipeline.js';
import type {Recorder} from '../record/writer.js';
import {EXIT_UNREADABLE} from '../types/exit-codes.js';
import type {TuiCluster} from '../ui/shell/cluster-stores.js';
import type {Cluster} from './clusters.js';
import {recordUntilSignalled} from './record.js';
import {say} from './say.js';

export async function runInteractive(
	clusters: readonly Cluster[],
	options: Options,
	recorder?: Recorder,
): Promise<number> {
	const several = clusters.length > 1;
	const tellProgress = process.stderr.isTTY === true;
	if (tellProgress)
		process.stderr.write(`Connecting to ${several ? `${clusters.length} clusters` : options.url.display} …\r`);
	const contact = {timeoutMs: options.timeoutMs, isDefaultUrl: options.urlFrom === 'default'};
	const contacting = Promise.all(clusters.map((cluster) => cluster.contact(contact)));
	// The screen's code (Ink, React, Yoga: ~60 ms to load) loads while the first answers are awaited.
	const screen = recorder && process.stdout.isTTY !== true ? undefined : loadScreen();
	const verdicts = await contacting;
	if (tellProgress) process.stderr.write('\u001B[2K\r');
	if (verdicts.every((verdict) => !verdict.ok && verdict.permanent)) {
		for (const verdict of verdicts) if (!verdict.ok) say(verdict.message);
		return EXIT_UNREADABLE;
	}
	if (several)
		for (const verdict of verdicts) if (!verdict.ok) say(`${verdict.message} (following the other clusters)`);
	const first = clusters[0];
	// Recording (one cluster) without a terminal (nohup, cron, systemd) polls until a signal, with no screen.
	if (recorder && first && process.stdout.isTTY !== true)
		return recordUntilSignalled(first.poller, () => connect(first.poller, first.pipeline), recorder, first.url.display);
	return runScreen(
		clusters.map((cluster) => cluster.forTui()),
		options,
		screen,
	);
}

type ScreenModule = typeof import('../ui/shell/run.js');

/** Starts loading the screen's code; a failure to load is reported where the screen is awaited. */
function loadScreen(): Promise<ScreenModule> {
	const loading = import('../ui/shell/run.js');
	loading.catch(() => undefined); // not an unhandled rejection when dask-top exits before the screen
	return loading;
}

/**
 * The full-screen monitor over clusters whose first rounds (if any) are in their pipelines: live
 * clusters, or one replayed recording. Starts every source feeding its pipeline, then the screen
 * (loaded lazily, so that Ink starts after cli.tsx fixed the environment); resolves with the exit
 * code (`loading`: the screen's code, when its loading started earlier). The caller stops the sources afterwards.
 */
export async function runScreen(
	clusters: readonly TuiCluster[],
	options: TuiOptions & {readonly configFile?: string},
	loading: Promise<ScreenModule> = loadScreen(),
): Promise<number> {
	const {runTui} = await loading;
	for (const cluster of clusters) connect(cluster.source, cluster.pipeline);
	return runTui({options, clusters, saveColumns: (columns) => saveColumns(options.configFile, columns)});
}
