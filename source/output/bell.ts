/**
 * `--bell`: one BEL (\x07) when a critical alert starts on the live full screen, so a monitor in
 * a background tab or tmux window gets the terminal's attention. "Starts" is an alert id that is
 * critical now and was not critical the last time it was looked at: a new critical alert, or a
 * warning raised to critical. Not on every poll an alert goes on, not for warnings or info, and not
 * for what was ongoing when the screen started (the first look is the baseline). One BEL however
 * many start together. Replays, --once, --json and --check never ring (options/resolve.ts).
 */
import type {Severity} from '../model/view-types.js';

/** What of an alert the bell reads. */
export interface BellAlert {
	readonly severity: Severity;
}

export type AlertsById = ReadonlyMap<string, BellAlert>;

/** The ids critical in `now` that were not critical in `before` (none when there is no before). */
export function newCriticalAlerts(before: AlertsById | undefined, now: AlertsById): string[] {
	if (before === undefined) return [];
	const started: string[] = [];
	for (const [id, alert] of now)
		if (alert.severity === 'critical' && before.get(id)?.severity !== 'critical') started.push(id);
	return started;
}

/** The BEL character, on its own: it moves no cursor and draws nothing. */
export const BEL = '\u0007';

/**
 * A check to call whenever the clusters' models may have changed: it reads each cluster's ongoing
 * alerts (`clusters`, one reader each), compares them with the previous look and calls `ring` once
 * when any critical alert started. The first look is taken now, as the baseline.
 */
export function createBell(clusters: ReadonlyArray<() => AlertsById>, ring: () => void): () => void {
	const last = clusters.map((alerts) => alerts());
	return () => {
		let started = false;
		clusters.forEach((alerts, i) => {
			const now = alerts();
			if (now === last[i]) return;
			if (newCriticalAlerts(last[i], now).length > 0) started = true;
			last[i] = now;
		});
		if (started) ring();
	};
}
