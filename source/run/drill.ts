/**
 * `--stacks`, `--errors`, `--logs WORKER|scheduler`: one round to reach the scheduler (its
 * first-contact diagnosis, and the workers' names), then the drill-down page(s) asked on demand
 * (scrape/drill-pages.ts: the call stacks one worker at a time, a few at once), printed as text or
 * --json (output/drill-text.ts), and exit. A worker that is not there is one line listing those that are
 * (exit 2); a page that cannot be read is one line (exit 1), the others still printed.
 */
import {pickWorker, type NamedWorker} from '../model/index.js';
import type {DrillRequest} from '../options/drill-flags.js';
import type {Options} from '../options/resolve.js';
import {
	errorsJson,
	errorsText,
	logsJson,
	logsText,
	stacksJson,
	stacksText,
	type WorkerStacks,
} from '../output/drill-text.js';
import {parseCallStacks, parseExceptionsPage, parseLogPage} from '../parse/index.js';
import {drillProblem} from '../scrape/drill-pages.js';
import {EXIT_OK, EXIT_UNREADABLE, EXIT_USAGE} from '../types/exit-codes.js';
import {inertIn, textStyleOf} from '../units/inert.js';
import type {Cluster} from './clusters.js';
import {feedRound} from './first-contact.js';
import {say} from './say.js';

/** Call-stack pages asked at once: each is an RPC from the scheduler to one worker. */
const STACKS_AT_ONCE = 4;

type DrillOptions = Pick<Options, 'json' | 'ascii' | 'timeoutMs' | 'urlFrom'>;

async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
	const out: R[] = new Array(items.length);
	let next = 0;
	const lane = async () => {
		while (next < items.length) {
			const i = next++;
			out[i] = await work(items[i]!);
		}
	};
	await Promise.all(Array.from({length: Math.min(limit, items.length)}, lane));
	return out;
}

async function workersOf(cluster: Cluster): Promise<NamedWorker[]> {
	if ((cluster.pipeline.snapshot()?.workers.length ?? 0) === 0) {
		const followUp = await cluster.poller.round({followUp: true});
		if (followUp.responses.length > 0) feedRound(cluster.poller, cluster.pipeline, followUp);
	}
	return (cluster.pipeline.snapshot()?.workers ?? []).map((w) => ({address: w.address, name: w.name}));
}

export async function runDrill(cluster: Cluster, request: DrillRequest, options: DrillOptions): Promise<number> {
	const verdict = await cluster.contact({timeoutMs: options.timeoutMs, isDefaultUrl: options.urlFrom === 'default'});
	if (!verdict.ok) {
		say(verdict.message);
		return EXIT_UNREADABLE;
	}
	const style = textStyleOf(options);
	const show = inertIn(options.ascii ? 'ascii' : 'unicode');
	const print = (text: string) => process.stdout.write(text);

	if (request.kind === 'errors') {
		const result = await cluster.poller.fetchPage({kind: 'exceptions'});
		const problem = drillProblem(result);
		if (problem !== undefined) {
			say(`erred tasks (/info/main/exceptions.html) not read: ${show(problem)}`);
			return EXIT_UNREADABLE;
		}
		const erred = parseExceptionsPage(result.body ?? '');
		const names = new Map((await workersOf(cluster)).map((w) => [w.address, w.name]));
		print(options.json ? errorsJson(erred) : errorsText(erred, names, style));
		return EXIT_OK;
	}

	if (request.kind === 'logs') {
		const scheduler = request.source === 'scheduler';
		let source = 'scheduler';
		let page: Parameters<typeof cluster.poller.fetchPage>[0] = {kind: 'scheduler-logs'};
		if (!scheduler) {
			const worker = pickWorker(await workersOf(cluster), request.source, show);
			if ('error' in worker) {
				say(`--logs ${worker.error}`);
				return EXIT_USAGE;
			}
			source = worker.name === '' ? worker.address : worker.name;
			page = {kind: 'worker-logs', worker: worker.address};
		}
		const result = await cluster.poller.fetchPage(page);
		const problem = drillProblem(result);
		if (problem !== undefined) {
			say(`${scheduler ? "the scheduler's" : `${show(source)}'s`} log not read: ${show(problem)}`);
			return EXIT_UNREADABLE;
		}
		const lines = parseLogPage(result.body ?? '');
		print(options.json ? logsJson(lines, source) : logsText(lines, style));
		return EXIT_OK;
	}

	const all = await workersOf(cluster);
	let chosen: NamedWorker[] = all;
	if (request.workers.length > 0) {
		chosen = [];
		for (const asked of request.workers) {
			const worker = pickWorker(all, asked, show);
			if ('error' in worker) {
				say(`--worker ${worker.error}`);
				return EXIT_USAGE;
			}
			if (!chosen.includes(worker)) chosen.push(worker);
		}
	}
	if (chosen.length === 0) {
		say('the scheduler has no workers: no task is running');
		if (options.json) print(stacksJson([]));
		return EXIT_OK;
	}
	const read: WorkerStacks[] = await mapLimited(chosen, STACKS_AT_ONCE, async (worker) => {
		const result = await cluster.poller.fetchPage({kind: 'call-stacks', worker: worker.address});
		const problem = drillProblem(result);
		return problem === undefined
			? {address: worker.address, name: worker.name, stacks: parseCallStacks(result.body ?? '').stacks}
			: {address: worker.address, name: worker.name, stacks: [], problem};
	});
	print(options.json ? stacksJson(read) : stacksText(read, style));
	for (const worker of read)
		if (worker.problem !== undefined && options.json)
			say(`${show(worker.name)}: call stacks not read: ${show(worker.problem)}`);
	return read.some((w) => w.problem !== undefined) ? EXIT_UNREADABLE : EXIT_OK;
}
