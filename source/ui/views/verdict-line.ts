/**
 * The one-line verdict under the header: the worst current finding of the diagnosis, its severity
 * as the theme's glyph and colour, since when, how many more there are and the key of the view that
 * lists them ("▲ likely: beta is a straggler on slow-process, 3.1× slower than its peers, since
 * 14:02:10  +1 more (4)"). Nothing when no finding holds. The summary is cut to fit, never the time.
 */
import type {DiagnosisView} from '../../model/diagnosis/index.js';
import type {Segment} from '../draw/bars.js';
import {BINDINGS} from '../keys/bindings.js';
import {fit, formatClock} from '../draw/cells.js';
import {severityMark, severityTone} from './events-lines.js';
import {keyLabel} from '../keys/key-labels.js';
import {seg} from '../draw/parts.js';
import {columnsOf} from '../draw/text-columns.js';
import type {Theme} from '../draw/theme.js';

const VIEW_KEY = keyLabel(BINDINGS.find((b) => b.action === 'view-diagnosis')?.keys[0] ?? '4');

export function verdictLine(view: DiagnosisView, theme: Theme, width: number): Segment[] | undefined {
	const worst = view.current[0];
	if (!worst) return undefined;
	const tone = severityTone(worst.severity);
	const lead = `${severityMark(worst.severity, theme)} likely: `;
	const since = `, since ${formatClock(worst.since)}`;
	const more = view.current.length - 1;
	const tail = more > 0 ? `  +${more} more (${VIEW_KEY})` : `  (${VIEW_KEY})`;
	const room = width - columnsOf(lead) - columnsOf(since);
	const withTail = room - columnsOf(tail) >= Math.min(20, columnsOf(worst.summary));
	const summaryRoom = Math.max(1, withTail ? room - columnsOf(tail) : room);
	const summary = columnsOf(worst.summary) <= summaryRoom ? worst.summary : fit(worst.summary, summaryRoom).trimEnd();
	return [
		seg(lead, tone, true),
		seg(summary, 'normal'),
		seg(since, 'muted'),
		...(withTail ? [seg(tail, more > 0 ? tone : 'muted')] : []),
	];
}
