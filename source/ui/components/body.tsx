/** The screen's body drawn from its view-model (app-body.ts): one component per kind of body. */
import type {BodyView} from '../app-body.js';
import type {Theme} from '../theme.js';
import {Lines} from './line.js';
import {Overview} from './overview.js';
import {SortMenu} from './sort-menu.js';
import {DetailBody, EventsBody, HelpBody, ProgressBody} from './views.js';
import {WorkerTable} from './worker-table.js';

export function Body({
	view,
	theme,
	width,
	height,
}: {
	readonly view: BodyView;
	readonly theme: Theme;
	readonly width: number;
	readonly height: number;
}) {
	const sized = {theme, width, height};
	switch (view.kind) {
		case 'confirm':
			return <Lines lines={view.lines} theme={theme} height={height} />;
		case 'help':
			return <HelpBody top={view.top} lines={view.lines} {...sized} />;
		case 'sort':
			return <SortMenu highlighted={view.highlighted} sort={view.sort} {...sized} />;
		case 'detail':
			return <DetailBody input={view.input} {...sized} />;
		case 'progress':
			return <ProgressBody {...(view.view ? {view: view.view} : {})} cursor={view.cursor} top={view.top} {...sized} />;
		case 'events':
			return (
				<EventsBody
					{...(view.triage ? {triage: view.triage} : {})}
					page={view.page}
					cursor={view.cursor}
					top={view.top}
					{...sized}
				/>
			);
		case 'workers': {
			const table = <WorkerTable {...view.table} width={width} theme={theme} />;
			if (!view.overview) return table;
			// The rows under the table: the cluster over time, the busiest prefixes and the Alerts panel
			// (the panel alone when they do not fit).
			const {model, triage, height: below} = view.overview;
			return (
				<>
					{table}
					<Overview model={model} {...(triage ? {triage} : {})} theme={theme} width={width} height={below} />
				</>
			);
		}
	}
}
