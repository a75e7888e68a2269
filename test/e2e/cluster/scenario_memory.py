"""Scenarios about memory: pressure, a worker its nanny kills, spilling (scenarios.py has the protocol)."""

import time

from distributed import as_completed, wait

import scenario_tasks as tasks
from scenario_work import BACKSTOP_S, prefix_durations, wait_for_moment

MiB = 2**20


def _worker_memory(name, dask_scheduler=None):
	for ws in dask_scheduler.workers.values():
		if str(ws.name) == name:
			spilled = ws.metrics.get("spilled_bytes") or ws.metrics.get("spilled_nbytes") or {}
			return {
				"address": ws.address,
				"pid": ws.pid,
				"status": ws.status.name,
				"memory": ws.metrics.get("memory"),
				"memory_limit": ws.memory_limit,
				"managed_bytes": ws.nbytes,
				"spilled_bytes": spilled.get("disk", 0) if isinstance(spilled, dict) else spilled,
			}
	return None


def _fill(ctx, name, fraction):
	address = ctx.worker(name)
	filler = ctx.client.submit(tasks.fill_unmanaged, fraction, key=ctx.key("build-index", 0), workers=[address],
		allow_other_workers=False, pure=False)
	ctx.held.append(filler)

	def paused():
		moment = ctx.client.run_on_scheduler(_worker_memory, name)
		return moment["status"] == "paused" and moment

	return address, wait_for_moment(f"{name} to pause", paused, 60)


def memory_pressure(ctx):
	"""A task on beta builds an index Dask does not manage (memory held after it returns) up to 86 % of
	beta's limit (a chunk more at most): past the pause threshold (80 %), below the nanny's terminate
	threshold (95 %)."""
	address, moment = _fill(ctx, "beta", 0.86)
	ctx.onset({"kind": "worker", "id": address, "name": "beta"}, moment)
	ctx.wait_stop(BACKSTOP_S)
	return ctx.client.run_on_scheduler(_worker_memory, "beta")


def _pinned_moment(token, prefix, name, dask_scheduler=None):
	"""The prefix's task states and the named worker's status and resources, as the scheduler has them."""
	states = {}
	for key, ts in dask_scheduler.tasks.items():
		if token in str(key) and str(key).startswith(prefix + "-"):
			states[ts.state] = states.get(ts.state, 0) + 1
	worker = _worker_memory(name, dask_scheduler=dask_scheduler)
	resources = {str(ws.name): dict(ws.resources) for ws in dask_scheduler.workers.values()}
	return {"states": states, "worker": worker, "worker_resources": resources}


def paused_pinned(ctx):
	"""beta paused by memory (the memory-pressure fill to 86 %), then 20 tasks allowed on beta only: the
	scheduler hands tasks to running workers only, so they wait in no-worker while alpha and gamma idle.
	Onset: all 20 are no-worker and beta is paused. The pause is the cause, not a missing worker."""
	address, _ = _fill(ctx, "beta", 0.86)
	futures = ctx.client.map(tasks.consume, [b""] * 20, range(20), key=ctx.keys("score-batch", 20), workers=[address],
		allow_other_workers=False, pure=False)
	ctx.held.extend(futures)

	def unrunnable():
		moment = ctx.client.run_on_scheduler(_pinned_moment, ctx.token, "score-batch", "beta")
		return moment["states"].get("no-worker", 0) == 20 and moment["worker"]["status"] == "paused" and moment

	ctx.onset({"kind": "prefix", "id": "score-batch", "name": "score-batch"},
		wait_for_moment("the score-batch tasks to be no-worker", unrunnable))
	ctx.wait_stop(BACKSTOP_S)
	return ctx.client.run_on_scheduler(_pinned_moment, ctx.token, "score-batch", "beta")


def short_pause(ctx, pause_seconds=1.0):
	"""The same fill to 84 %, freed again about a second after beta paused: a pause that recovers."""
	address, moment = _fill(ctx, "beta", 0.84)
	ctx.onset(None, moment)
	time.sleep(pause_seconds)
	ctx.client.run(tasks.drop_unmanaged, workers=[address])

	def running():
		now = ctx.client.run_on_scheduler(_worker_memory, "beta")
		return now["status"] == "running" and now

	resumed = wait_for_moment("beta to resume", running, 30)
	ctx.note(what="resumed", paused_seconds=round(time.time() - ctx.onset_at, 2), **resumed)
	ctx.wait_stop(BACKSTOP_S)
	return ctx.client.run_on_scheduler(_worker_memory, "beta")


def worker_lost(ctx, bytes_per_second=64 * MiB):
	"""Memory Dask does not manage grows steadily on beta until its nanny kills it at 95 % of the limit
	and starts a new beta (on the same address when the worker port is fixed, as here). Onset: the
	scheduler removed the old beta. The pace (8 % of the 800 MB limit a second) leaves the scheduler's
	last account of beta above 75 % even when a loaded machine delays a heartbeat by 2 s; at 200 MiB/s
	a full test run saw it lower."""
	first = ctx.client.run_on_scheduler(_worker_memory, "beta")
	ctx.client.run(tasks.start_ramp, bytes_per_second, workers=[first["address"]])
	last = first
	while True:
		moment = ctx.client.run_on_scheduler(_worker_memory, "beta")
		if moment is None or moment["pid"] != first["pid"]:
			break
		last = moment
		time.sleep(0.05)
	ctx.onset({"kind": "worker", "id": first["address"], "name": "beta"}, {"last_seen_by_scheduler": last})

	def replaced():
		now = ctx.client.run_on_scheduler(_worker_memory, "beta")
		return now is not None and now["pid"] != first["pid"] and now["status"] == "running" and now

	ctx.note(what="replaced", **wait_for_moment("a new beta to join", replaced, 60))
	ctx.wait_stop(BACKSTOP_S)
	return {"lost": first["address"], "pid": first["pid"], "last_seen_by_scheduler": last}


def _spill_metrics(dask_worker=None):
	"""The worker's own spill counters, the same names on every release: seconds spent spilling and
	unspilling (pickling included), bytes written to and read from disk. SpillBuffer.get_metrics() up
	to 2023.x, its cumulative_metrics after."""
	data = dask_worker.data
	if hasattr(data, "get_metrics"):
		raw = data.get_metrics()
		seconds = sum(value for key, value in raw.items() if key.endswith("time_total"))
		written, read = raw.get("disk_write_bytes_total", 0), raw.get("disk_read_bytes_total", 0)
	elif hasattr(data, "cumulative_metrics"):
		raw = {f"{label}-{unit}": value for (label, unit), value in data.cumulative_metrics.items()}
		seconds = sum(value for (label, unit), value in data.cumulative_metrics.items() if unit == "seconds")
		written, read = raw.get("disk-write-bytes", 0), raw.get("disk-read-bytes", 0)
	else:
		return {}
	return {"spill_seconds": round(seconds, 3), "disk_write_bytes": written, "disk_read_bytes": read}


def _spilled_everywhere(dask_scheduler=None):
	"""Bytes each worker has on disk, by name, once every worker has some (else None)."""
	spilled = {}
	for ws in dask_scheduler.workers.values():
		value = ws.metrics.get("spilled_bytes") or ws.metrics.get("spilled_nbytes") or {}
		spilled[str(ws.name)] = value.get("disk", 0) if isinstance(value, dict) else value
	return spilled if all(spilled.values()) else None


def _chunk_stream(ctx, prefix, seconds, chunk=20 * MiB, warm=20, window=120):
	"""Each worker first holds `warm` chunks (400 MiB of its 800 MB: under its spill target), then a
	stream of `prefix` tasks, each `seconds` of work making one more chunk, held by the client for the
	last `window` of them: every new chunk pushes an older one to disk, and the oldest are dropped (from
	disk). The chunks are the worker's one shared buffer (scenario_tasks.shared_blob): Dask counts and
	spills each in full, the process holds it once, so making one costs nothing but its spill.
	Onset: every worker has spilled. Returns the stream's own account."""
	names = ("alpha", "beta", "gamma")
	addresses = [ctx.worker(name) for name in names]
	cache = [
		ctx.client.submit(tasks.shared_blob, i, chunk, key=ctx.key("warm-cache", i), workers=[addresses[i % 3]],
			allow_other_workers=False, pure=False)
		for i in range(warm * 3)
	]
	ctx.held.extend(cache)
	wait(cache, timeout=120)
	before = ctx.client.run(_spill_metrics)
	window_futures = []
	pending = as_completed()
	submitted = 0
	started = time.monotonic()

	def submit():
		nonlocal submitted
		future = ctx.client.submit(tasks.shared_blob, submitted, chunk, seconds, key=ctx.key(prefix, submitted),
			pure=False)
		submitted += 1
		pending.add(future)
		ctx.held.append(future)
		window_futures.append(future)
		if len(window_futures) > window:
			dropped = window_futures.pop(0)
			ctx.held.remove(dropped)

	for _ in range(12):  # more than the workers take at once: none waits for the client
		submit()
	for done in pending:
		if ctx.onset_at is None:
			spilled = ctx.client.run_on_scheduler(_spilled_everywhere)
			if spilled:
				subject = None if seconds else {"kind": "worker"}  # every worker spills
				ctx.onset(subject, {"spilled_bytes": spilled, "task_seconds": seconds, "chunk_bytes": chunk})
		if ctx.stop.is_set() or time.monotonic() - started > BACKSTOP_S:
			break
		submit()
	after = ctx.client.run(_spill_metrics)
	names_by_address = {address: info["name"] for address, info in ctx.client.scheduler_info()["workers"].items()}
	spill = {
		str(names_by_address.get(address, address)): {
			key: round(value - before.get(address, {}).get(key, 0), 3) for key, value in metrics.items()
		}
		for address, metrics in after.items()
	}
	compute = ctx.client.run_on_scheduler(prefix_durations, [prefix])[prefix].get("compute", 0)
	return {"chunks": submitted, "seconds": round(time.monotonic() - started, 2), "task_seconds": seconds,
		"compute_seconds": compute, "spill": spill}


def spilling(ctx):
	"""A stream of make-chunk tasks with no work but their 20 MiB result: every worker writes a chunk to
	disk for each chunk it makes, and the run goes as fast as the disk takes them."""
	return _chunk_stream(ctx, "make-chunk", 0.0)


def spill_keeps_up(ctx):
	"""The same stream where each chunk takes 1.5 s of work to make (render-tile): the workers spill as
	much per task, well within their compute."""
	return _chunk_stream(ctx, "render-tile", 1.5)


SCENARIOS = {
	"memory-pressure": memory_pressure,
	"paused-pinned": paused_pinned,
	"short-pause": short_pause,
	"worker-lost": worker_lost,
	"spilling": spilling,
	"spill-keeps-up": spill_keeps_up,
}
