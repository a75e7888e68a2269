/**
 * What the TUI draws from, and what it can ask of the source. TuiData is one immutable frame of
 * input: the model's state, the source's status, the clock; the App computes its views from it.
 */
import type {ClusterState} from '../../model/types.js';
import type {ReplayControls, ReplayPosition, SourceStatus} from '../../types/scrape-source.js';
import type {WorkerPageState} from '../views/detail-figures.js';
import type {DrillData} from '../views/drill-lines.js';
import type {DrillPage} from '../../types/drill-page.js';
import type {EndpointResult} from '../../types/raw-scrape.js';

export interface TuiData {
	readonly model: ClusterState;
	readonly status: SourceStatus;
	readonly intervalMs: number;
	/** The monitor's clock for this frame, epoch ms (the recorded time while replaying). */
	readonly nowMs: number;
	readonly replay?: ReplayPosition;
	/** The /info/worker page of the open detail. */
	readonly workerPage?: WorkerPageState;
	/** What the open drill-down panel shows, as the shell last fetched it. */
	readonly drill?: DrillData;
	/** Where each worker finding's tasks were when it started, by findingFrameKey (one line each). */
	readonly findingFrames?: ReadonlyMap<string, string>;
}

/** The source controls the keys drive (a subset of ScrapeSource, so tests can pass a recorder). */
export interface TuiControls {
	readonly kind: 'live' | 'replay';
	/** The interval the source polls at now: what `+` / `-` step from, even before a round shows it. */
	intervalMs(): number;
	setIntervalMs(ms: number): number;
	refreshNow(): void;
	setDetailWorker(address: string | null): void;
	readonly replay?: ReplayControls;
	/** Sends a retire of this worker (live sources only: a recording cannot act). */
	readonly retireWorker?: (address: string) => void;
	/** Several clusters are followed: show the next (1) or previous (-1) one. */
	readonly switchCluster?: (step: 1 | -1) => void;
	/** Asks one drill-down page now (live sources only). */
	readonly fetchPage?: (page: DrillPage) => Promise<EndpointResult>;
}
