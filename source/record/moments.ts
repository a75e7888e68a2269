/**
 * Which round of a recording a moment names: the last round at or before it (the screen at that
 * moment showed that round). Pure; used both while streaming (--at, --diff) and on a loaded
 * recording (replay starting at --at).
 */
import {formatOffset, resolveMoment, type MomentSpec} from './units.js';
import {localIso} from '../units/clock.js';

/** A moment may lie this far past the last round and still mean the last round (times shown are rounded). */
export const END_TOLERANCE_MS = 1000;

export function isoTime(epochMs: number): string {
	return localIso(epochMs);
}

export function describeSpan(startMs: number, endMs: number): string {
	return `the recording spans ${isoTime(startMs)} to ${isoTime(endMs)} (+0s to ${formatOffset(endMs - startMs)})`;
}

export function describeMoment(spec: MomentSpec, startMs: number, endMs: number): string {
	const atMs = resolveMoment(spec, startMs, endMs);
	return `${isoTime(atMs)} (${formatOffset(atMs - startMs)})`;
}

/** A one-line reason when a moment lies outside the recording, undefined when it lies inside. */
export function outsideReason(spec: MomentSpec, startMs: number, endMs: number): string | undefined {
	const atMs = resolveMoment(spec, startMs, endMs);
	if (atMs < startMs) return `${describeMoment(spec, startMs, endMs)} is before the recording starts at ${isoTime(startMs)}`;
	if (atMs > endMs + END_TOLERANCE_MS) return `${describeMoment(spec, startMs, endMs)} is after the recording ends: ${describeSpan(startMs, endMs)}`;
	return undefined;
}

/** The index of the last round at or before the moment, or a one-line reason it is outside. */
export function roundIndexAt(times: readonly number[], spec: MomentSpec): number | string {
	const startMs = times[0];
	const endMs = times.at(-1);
	if (startMs === undefined || endMs === undefined) return 'the recording holds no rounds';
	const outside = outsideReason(spec, startMs, endMs);
	if (outside !== undefined) return outside;
	const atMs = resolveMoment(spec, startMs, endMs);
	let index = 0;
	for (let i = 0; i < times.length; i += 1) if ((times[i] as number) <= atMs) index = i;
	return index;
}
