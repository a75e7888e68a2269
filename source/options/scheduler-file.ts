/**
 * Dask's scheduler file (`dask scheduler --scheduler-file FILE`, dask-jobqueue, dask-mpi): a JSON
 * object whose `address` is the scheduler's comm address (`tcp://10.0.0.5:8786`) and whose
 * `services.dashboard` is the port of its HTTP server (the dashboard and the JSON routes dask-top
 * reads). The HTTP host is the address's host. Pure: run/scheduler-files.ts reads and waits for the
 * file.
 */

export type SchedulerFileResult =
	| {readonly ok: true; readonly url: string}
	| {readonly ok: false; readonly error: string};

/** What to do about a file that is not a scheduler file, said once for every case. */
const WHAT_TO_DO = 'give the file `dask scheduler --scheduler-file FILE` writes';

/** Hosts a scheduler listens on everywhere: its dashboard is reached on this machine's loopback. */
const ANY_HOST = new Set(['0.0.0.0', '[::]', '']);

/** The dashboard URL a scheduler file names, or a one-line error that says what to do. */
export function parseSchedulerFile(text: string, file: string): SchedulerFileResult {
	const fail = (problem: string): SchedulerFileResult => ({
		ok: false,
		error: `--scheduler-file ${file}: ${problem}: ${WHAT_TO_DO}`,
	});
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch {
		return fail('not JSON');
	}
	if (typeof data !== 'object' || data === null || Array.isArray(data)) return fail('not a JSON object');
	const {address, services} = data as {address?: unknown; services?: unknown};
	if (typeof address !== 'string') return fail('no "address" in it');
	const comm = /^([a-z][a-z0-9+.-]*):\/\/(\[[^\]]*\]|[^/:]*)(?::\d+)?\/?$/i.exec(address.trim());
	if (comm === null || comm[1]!.toLowerCase() === 'inproc')
		return fail(`"address" ${JSON.stringify(address.slice(0, 80))} is not a host:port address`);
	const port =
		typeof services === 'object' && services !== null ? (services as {dashboard?: unknown}).dashboard : undefined;
	if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65_535)
		return {
			ok: false,
			error:
				`--scheduler-file ${file}: the scheduler runs no dashboard (no "services": {"dashboard": PORT} ` +
				'in it): start it with one (dask scheduler --dashboard-address :8787)',
		};
	const host = ANY_HOST.has(comm[2]!) ? '127.0.0.1' : comm[2]!;
	return {ok: true, url: `http://${host}:${port}/`};
}
