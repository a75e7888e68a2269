/**
 * The `--json` document: the Snapshot itself (already snake_case, bytes as integers, seconds as
 * numbers, times in epoch seconds) plus the model's triage, the same results the TUI shows.
 * Missing figures are absent, never zero; NaN and ±Inf from Prometheus are left out too.
 *
 * Fields beside the Snapshot's (live --once: the first round and its follow-up pass; --replay
 * --once: every round of the recording up to --at, so events cover the whole recording):
 * - `alerts`: ongoing alerts, worst first then oldest first. Each: `id` (kind|subject), `kind`
 *   (memory, paused, spilling, unmanaged_memory, event_loop, heartbeat, erred_rising, worker_lost,
 *   worker_retired, worker_joined, retire, scheduler_restarted, stale, fallback_source, stalled,
 *   no_workers, suspended, diagnosis), `severity` and `peak_severity` (info | warning | critical), `subject`
 *   (worker address or "cluster"), `subject_name`, `message` (one line), `start_time` (epoch s),
 *   `duration_seconds`, `state` (ongoing), `workers` (addresses, when it names more than its
 *   subject), `clearing_since` (a level alert back under its clear level since then, epoch s) and
 *   `critical_since` (a warning whose figure is over its critical threshold since then, not yet for
 *   critical_after_s).
 * - `events`: the event log, newest first: alerts as opened, updated and resolved (`state`
 *   ongoing | resolved, `end_time` once resolved), plus instantaneous joins and retirements and
 *   the diagnosis' findings as they start and end (kind `diagnosis`).
 * - `severity_counts`: `{info, warning, critical}` of the ongoing alerts (the TUI header's counts).
 * - `adaptive`: `desired_workers` (the scheduler's own number, as an Adaptive on that Dask
 *   requests it), `api_adaptive_target` (/api/v1/adaptive_target when enabled), `target` (clamped
 *   to --minimum/--maximum), `workers`, `direction` (up | steady | down), `flavor` (legacy ≤ 2023.7
 *   counting threads | modern) and `flavor_note`, `approx_workers` / `approx_note` (legacy: ≈ N
 *   workers at the mean threads per worker), `recomputed` (`target`, `cpu_term`, `memory_term`,
 *   `wins`: cpu | memory | tie | scale_down, `target_duration_seconds`, `inputs` each exact |
 *   estimated | missing with `age_seconds` (how much older than /metrics' answer),
 *   `inputs_age_seconds` (the oldest), `estimated`, `missing`, `clamped`, `explanation` lines), `disagreement`
 *   and `disagreement_note`, `scale_down` (`retire`, `candidates` with consecutive polls, `note`:
 *   an approximation of Adaptive's 3 ticks), `notes` (among them: the live Adaptive's
 *   minimum/maximum are not visible over HTTP).
 * - `stall`: `stalled`, `since_completion_seconds`, `since_progress_seconds` (what the threshold is
 *   compared with: since a task last completed or started), `threshold_seconds` and `threshold_note`,
 *   `workers` / `worker_names` holding tasks, `message` when stalled.
 * - `progress`: one row per task prefix, as the progress view shows it (active first, then erred,
 *   then holding results, each in the order first seen): `prefix`, `done` (finished into memory
 *   since `since`), `total` (absent when unknown), `erred`, `cancelled` (released unfinished),
 *   `in_flight`, `held` (results in memory now) — each of these three with `_max` when only known
 *   between bounds (the field is then the proven lower bound) — `bytes` (≥ 2023.1.1), `since`
 *   (epoch s from which every task of the prefix is counted), `exact`, `counted_from` (epoch |
 *   birth | scheduler-start | held | first-sample), `done_per_second`, `mean_duration_seconds`
 *   (≥ 2023.1.1). docs/triage.md, "Task progress", says what each means.
 * - `diagnosis`: the current findings of the diagnosis (README, "Diagnosis"), worst first then
 *   oldest: `cause` (memory-pressure, spilling, event-loop-blocked, gil-contention, transfer-bound,
 *   straggler, skew, no-worker, scheduler-bound, hung, worker-lost), `severity` (warning |
 *   critical), `subject` (`kind`: cluster | worker | prefix, `id`: "cluster", the worker's address
 *   or the prefix, `name`: the worker's name), `since` (epoch MILLISECONDS the condition first held),
 *   `evidence` (each `figure`, `value` as read with its unit, `source`: the endpoint or derived |
 *   alerts, `ageMs`), `next` (one step to take), `summary` (one line).
 * - `diagnosis_ended`: findings that ended, newest first, the same fields plus `until` (epoch ms
 *   the condition last held).
 * - `diagnosis_not_visible`: `{cause, note}` for each cause this cluster's Dask version or setup
 *   cannot show (or shows only in part), and what would.
 * - `time_spent` (the document's `time` is the poll's moment): where the cluster's thread-seconds
 *   went since the scheduler started: `window` (start), `from`/`to` (epoch s), `window_seconds`,
 *   `thread_seconds` (threads × wall; `thread_seconds_assumed_seconds`: the part before dask-top's
 *   first poll, counted at that poll's threads), `compute` and `transfer` (Σ of the scheduler's
 *   per-prefix counters, ≥ 2023.1.1, counted at a task's end), `spill` and `gc` (of the
 *   `workers_read` of `workers` whose own /metrics were read), `idle` (the rest, never below 0),
 *   `prefixes[]` {`prefix`, `compute`, `transfer`} biggest first, `notes` (why a part is missing
 *   or partial). Seconds throughout; a part that is not known is absent.
 * - `lost_workers`: workers that disappeared (newest first), each its last WorkerSnapshot (last
 *   status, memory, tasks, `last_seen`) plus `lost_at` and `last_listed_at` (epoch s, the
 *   monitor's time of its loss and of the last poll that listed it), `retired` when it left in an
 *   orderly way, and `departure` once its reason is judged: `verdict` (left | lost | gone), `cause`
 *   (retired | closed | restart | no-heartbeat | nanny-restart | unknown), `confidence` (sure |
 *   likely | unknown), `severity`, `message` (model/departures/departure.ts).
 *
 * With several clusters (`dask-top --json URL1 URL2 …`) the output is `{"clusters": [document, …]}`,
 * each document exactly the one above, in the order given; a cluster that could not be read is
 * left out (its error is on stderr, exit 1).
 */
import type {Departure} from '../model/departures/departure.js';
import {timeView} from '../model/time/time-view.js';
import {progressView} from '../model/progress/progress.js';
import {diagnosisView} from '../model/diagnosis/index.js';
import type {BlindSpot, EndedFinding, Finding} from '../model/diagnosis/index.js';
import type {
	AdaptiveView,
	Alert,
	ClusterState,
	ModelEvent,
	PrefixProgress,
	TimeSplit,
	TimeWindowKind,
	SeverityCounts,
	StallView,
	TriageView,
} from '../model/types.js';
import type {Snapshot, WorkerSnapshot} from '../types/snapshot.js';

export type LostWorker = WorkerSnapshot & {
	readonly lost_at: number;
	readonly last_listed_at: number;
	readonly retired?: true;
	readonly departure?: Omit<Departure, 'standing'>;
};

export interface JsonExtras {
	readonly alerts?: readonly Alert[];
	readonly events?: readonly ModelEvent[];
	readonly severity_counts?: SeverityCounts;
	readonly adaptive?: AdaptiveView | undefined;
	readonly stall?: StallView;
	readonly progress?: readonly PrefixProgress[];
	readonly time_spent?: TimeSplit | undefined;
	readonly lost_workers?: readonly LostWorker[];
	readonly diagnosis?: readonly Finding[];
	readonly diagnosis_ended?: readonly EndedFinding[];
	readonly diagnosis_not_visible?: readonly BlindSpot[];
}

export type JsonDocument = Snapshot & JsonExtras;

function departureJson({verdict, cause, confidence, severity, message}: Departure): Omit<Departure, 'standing'> {
	return {verdict, cause, confidence, severity, message};
}

/** The lost (and retired) workers the model remembers, newest loss first, with their last figures. */
export function lostWorkers(state: ClusterState): LostWorker[] {
	const out: LostWorker[] = [];
	for (const track of state.workers.values()) {
		if (track.lostMs === undefined) continue;
		out.push({
			...track.last,
			lost_at: track.lostMs / 1000,
			last_listed_at: track.lastSeenMs / 1000,
			...(track.retired ? {retired: true as const} : {}),
			...(track.departure ? {departure: departureJson(track.departure)} : {}),
		});
	}
	return out.sort((a, b) => b.lost_at - a.lost_at || (a.name < b.name ? -1 : 1));
}

/** The triage fields of the document, from the same view the TUI renders. */
export function triageExtras(triage: TriageView, state: ClusterState, window: TimeWindowKind = 'start'): JsonExtras {
	return {
		alerts: triage.alerts,
		events: triage.events,
		severity_counts: triage.counts,
		adaptive: triage.adaptive,
		stall: triage.stall,
		progress: progressView(state).prefixes,
		time_spent: timeView(state, window),
		lost_workers: lostWorkers(state),
		...diagnosisExtras(state),
	};
}

/** The diagnosis' fields of the document (the same view the TUI's diagnosis view shows). */
export function diagnosisExtras(
	state: ClusterState,
): Pick<JsonExtras, 'diagnosis' | 'diagnosis_ended' | 'diagnosis_not_visible'> {
	const view = diagnosisView(state);
	return {diagnosis: view.current, diagnosis_ended: view.ended, diagnosis_not_visible: view.blind};
}

export function toJsonDocument(snapshot: Snapshot, extras: JsonExtras = {}): JsonDocument {
	const defined = Object.fromEntries(Object.entries(extras).filter(([, value]) => value !== undefined));
	return {...snapshot, ...defined};
}

/** `--json` with several clusters. */
export interface ClustersDocument {
	readonly clusters: readonly JsonDocument[];
}

/**
 * Characters JSON.stringify leaves raw (it escapes C0 controls, quotes, backslashes and lone
 * surrogates) that a terminal may act on or that hide or reorder text: DEL, the C1 controls (CSI and
 * OSC as single characters), format characters (bidi overrides and isolates, zero-width ones, the
 * BOM) and the line and paragraph separators. `ascii`: every character beyond ASCII.
 */
const ACTIVE_IN_JSON = /[\u007f-\u009f\p{Cf}\u2028\u2029]/gu;
const BEYOND_ASCII_IN_JSON = /[\u007f-\uffff]/g;

/** `\uXXXX` for each UTF-16 unit: what JSON reads back as the same characters. */
function jsonEscaped(match: string): string {
	let out = '';
	for (let i = 0; i < match.length; i++) out += `\\u${match.charCodeAt(i).toString(16).padStart(4, '0')}`;
	return out;
}

/**
 * JSON text, pretty-printed and ending in a newline, that stays exact (every string reads back as
 * the cluster gave it) and is inert on a terminal: what a terminal could act on is written as a JSON
 * escape. `ascii` (--ascii, a locale that is not UTF-8): plain ASCII throughout.
 */
export function jsonText(value: unknown, ascii = false, indent = 2): string {
	const finiteOnly = (_key: string, item: unknown) =>
		typeof item === 'number' && !Number.isFinite(item) ? undefined : item;
	const text = JSON.stringify(value, finiteOnly, indent);
	return `${text.replace(ascii ? BEYOND_ASCII_IN_JSON : ACTIVE_IN_JSON, jsonEscaped)}\n`;
}

/**
 * Pretty-printed, one document, ending in a newline (jsonText); `oneLine`: the same document on
 * one line (`--json --watch` prints one per poll, NDJSON).
 */
export function formatJsonDocument(document: JsonDocument | ClustersDocument, ascii = false, oneLine = false): string {
	return jsonText(document, ascii, oneLine ? 0 : 2);
}
