/**
 * A cluster's short name for the cluster bar: the dask-gateway cluster name
 * (`…/clusters/NAME/`), the JupyterHub user and port (`…/user/NAME/proxy/8787/` → `NAME:8787`),
 * else `host:port` (with a path prefix when there is one). Names that collide get their host, then
 * their position. Pure: works on the normalised base URL (scrape/url.ts), never on credentials.
 */

function parse(base: string): URL | undefined {
	try {
		return new URL(base);
	} catch {
		return undefined;
	}
}

function hostPort(url: URL): string {
	const port = url.port !== '' ? url.port : url.protocol === 'https:' ? '443' : '80';
	return `${url.hostname}:${port}`;
}

/** The short name of one scheduler base URL. */
export function shortClusterName(base: string): string {
	const url = parse(base);
	if (url === undefined) return base;
	const path = decodeURIComponent(url.pathname);
	const gateway = /\/clusters\/([^/]+)\/?$/.exec(path);
	if (gateway?.[1] !== undefined) return gateway[1];
	const hub = /\/user\/([^/]+)(?:\/([^/]+))?\/proxy\/(?:absolute\/)?(\d+)\/?$/.exec(path);
	if (hub?.[1] !== undefined) return `${hub[1]}${hub[2] === undefined ? '' : `/${hub[2]}`}:${hub[3] ?? ''}`;
	const prefix = path.replace(/\/+$/, '');
	return `${hostPort(url)}${prefix}`;
}

/** Short names for several clusters, in order, each one distinct. */
export function shortClusterNames(bases: readonly string[]): string[] {
	const names = bases.map(shortClusterName);
	const count = (list: readonly string[], name: string) => list.filter((n) => n === name).length;
	const qualified = names.map((name, i) => {
		if (count(names, name) < 2) return name;
		const url = parse(bases[i] ?? '');
		return url === undefined || name.startsWith(`${url.hostname}:`) ? name : `${url.hostname}/${name}`;
	});
	return qualified.map((name, i) => (count(qualified, name) < 2 ? name : `${name}#${i + 1}`));
}
