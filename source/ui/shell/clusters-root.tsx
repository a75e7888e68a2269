/**
 * The screen's root, for one cluster or several: the App of the active cluster (its data, its
 * source's controls, its URL in the header). With several, the cluster bar shows under the header
 * and `c` / `C` switch clusters; each cluster keeps its own UI state (view, selection, sort,
 * filter, detail, pause) while another one is on screen: the App of a cluster starts from the
 * state it was left in. One cluster is the list of one: no bar, no switching.
 */
import {useMemo, useRef, useState, useSyncExternalStore} from 'react';
import {App} from './app.js';
import type {TerminalSize} from '../frame/app-frame.js';
import type {ClusterStores} from './cluster-stores.js';
import {sourceControls} from './store.js';
import type {TerminalControls} from '../input/terminal-controls.js';
import type {Theme} from '../draw/theme.js';
import type {TuiControls} from '../frame/tui-data.js';
import {initialUiState, type UiState} from '../state/ui-state.js';
import {DEFAULT_COLUMNS} from '../state/column-choice.js';
import type {WorkerColumnId} from '../../types/worker-column-ids.js';

export interface ClustersRootProps {
	readonly stores: ClusterStores;
	readonly size: TerminalSize;
	readonly theme: Theme;
	readonly onQuit: () => void;
	/** Read keys (false when stdin is not a terminal). */
	readonly keys?: boolean;
	readonly terminal?: TerminalControls;
	/** --allow-actions: F9 / K may retire a worker of the cluster on screen. */
	readonly allowActions?: boolean;
	/** The worker table's columns as the config file has them (F2 changes them for every cluster). */
	readonly columns?: UiState['columns'];
	/** Keeps the columns F2 chose; says how that went. */
	readonly saveColumns?: (columns: readonly WorkerColumnId[]) => string;
}

/** The cluster `step` away from `index`, wrapping around. */
export function stepCluster(index: number, step: 1 | -1, count: number): number {
	return count === 0 ? 0 : (index + step + count) % count;
}

export function ClustersRoot({
	stores,
	size,
	theme,
	onQuit,
	keys = true,
	terminal,
	allowActions = false,
	columns = DEFAULT_COLUMNS,
	saveColumns,
}: ClustersRootProps) {
	const [active, setActive] = useState(0);
	const saved = useRef(new Map<number, UiState>());
	// The columns are the user's, not a cluster's: the latest choice goes with every cluster switched to.
	const chosen = useRef(columns);
	const cluster = stores.clusters[active] ?? stores.clusters[0]!;
	const data = useSyncExternalStore(cluster.store.subscribe, cluster.store.getData);
	const summaries = useSyncExternalStore(stores.subscribe, stores.summaries);

	const several = stores.clusters.length > 1;

	const controls: TuiControls = useMemo(() => {
		const {source, store} = cluster;
		if (!several) return sourceControls(source, store);
		return {
			...sourceControls(source, store),
			switchCluster: (step) => {
				const next = stepCluster(active, step, stores.clusters.length);
				// The App of the cluster left behind stops its detail page as it unmounts; the one coming back reopens its own.
				const detail = saved.current.get(next)?.detail;
				const target = stores.clusters[next];
				if (detail !== undefined && target) {
					target.source.setDetailWorker(detail);
					target.store.setDetail(detail);
				}
				setActive(next);
			},
		};
	}, [cluster, active, stores, several]);

	const kept = saved.current.get(active);
	const initialUi = kept ? {...kept, columns: chosen.current} : initialUiState(chosen.current);
	return (
		<App
			key={active}
			data={data}
			controls={controls}
			url={cluster.url}
			size={size}
			theme={theme}
			onQuit={onQuit}
			keys={keys}
			allowActions={allowActions}
			{...(terminal ? {terminal} : {})}
			{...(several ? {clusterBar: {summaries, active}} : {})}
			onUiChange={(ui) => {
				saved.current.set(active, ui);
				chosen.current = ui.columns;
			}}
			initialUi={initialUi}
			{...(saveColumns ? {saveColumns} : {})}
		/>
	);
}
