"""Scenarios about what keeps a worker's threads or event loop busy without a task to blame (scenarios.py
has the protocol): threads held back by their own GIL, a large scatter, a client leaving with its keys."""

import time

from distributed import Client, wait

import scenario_tasks as tasks
from scenario_work import BACKSTOP_S, wait_for_moment

SPIN_ITERATIONS = 2_000_000  # about 0.1 s of pure Python on a free core
# Dask's distributed.admin.tick.limit (3 s on 2022.12 and 2026.7): a freeze longer than this is when
# Dask itself warns "Event loop was unresponsive".
TICK_LIMIT_S = 3.0


def _executing(dask_worker=None):
	state = getattr(dask_worker, "state", dask_worker)
	return len(state.executing)


def _done_by_worker(ctx, label):
	"""Tasks of the label finished per worker name, and their mean seconds, from the tasks' own clocks."""
	names = {address: info["name"] for address, info in ctx.client.scheduler_info()["workers"].items()}
	done, mean = {}, {}
	for address, spans in ctx.client.run(tasks.spans, label).items():
		finished = [end - start for start, end in spans if end is not None]
		name = str(names.get(address, address))
		done[name] = len(finished)
		mean[name] = round(sum(finished) / len(finished), 3) if finished else None
	return done, mean


def gil_bound(ctx, count=1500):
	"""tokenize-text tasks of pure Python (about 0.1 s each on a free core) on alpha and gamma (one thread
	each) and beta (four threads): beta's four run at once but take turns on the GIL, so its process uses
	at most one core (on a loaded host, about what one peer's thread gets: four threads free of the GIL
	would get four such shares) and each of its threads finishes a fraction of what a peer's thread does. Onset: beta runs four at once and every worker has finished four (each of
	beta's threads one, about when a peer's thread has finished four)."""
	beta = ctx.worker("beta")
	futures = ctx.client.map(tasks.spin, range(count), iterations=SPIN_ITERATIONS, label="tokenize-text",
		key=ctx.keys("tokenize-text", count), pure=False)
	ctx.held.extend(futures)

	def running():
		done, _ = _done_by_worker(ctx, "tokenize-text")
		four = ctx.client.run(_executing, workers=[beta])[beta] == 4
		return four and len(done) == 3 and all(n >= 4 for n in done.values()) and done

	moment = wait_for_moment("beta to run four tokenize-text tasks", running, 60)
	cpu_before = ctx.client.run(tasks.process_cpu_seconds)
	ctx.onset(ctx.worker_subject("beta"), {"done": moment, "threads": 4, "prefix": "tokenize-text"})
	ctx.wait_stop(BACKSTOP_S)
	cpu_after = ctx.client.run(tasks.process_cpu_seconds)
	done, mean = _done_by_worker(ctx, "tokenize-text")
	names = {address: info["name"] for address, info in ctx.client.scheduler_info()["workers"].items()}
	cores = {str(names[address]): round((after[0] - cpu_before[address][0]) / (after[1] - cpu_before[address][1]), 2)
		for address, after in cpu_after.items()}
	ctx.client.cancel(futures, force=True)
	wait_for_moment("beta to finish its last tokenize-text task",
		lambda: ctx.client.run(_executing, workers=[beta])[beta] == 0, 60)
	return {"done": done, "mean_seconds": mean, "threads": {"alpha": 1, "beta": 4, "gamma": 1},
		"cores": cores}


def scatter_freeze(ctx, nbytes=500_000_000, times=2):
	"""A client scatters 500 MB to gamma, twice (the first released before the second): data arriving
	with no task running, which gamma's event loop receives and stores (1 GB took 40-60 s to arrive on a
	loaded head node, longer than a scenario may take to stop). Straight to gamma (direct=True):
	through the scheduler (a client's default) its loop froze 2.5 s forwarding 1 GB on 2026.7.1, a
	scheduler's freeze, not the worker's. The loops' longest freezes are measured from inside gamma and
	the scheduler (a thread asking the loop for a callback every 20 ms). Onset: the first scatter."""
	gamma = ctx.worker("gamma")
	ctx.client.run(tasks.start_loop_probe, workers=[gamma])
	ctx.client.run_on_scheduler(tasks.start_loop_probe)
	payload = tasks.zeros(nbytes)
	seconds = []
	for index in range(times):
		began = time.time()
		if index == 0:
			ctx.onset(ctx.worker_subject("gamma"), {"bytes": nbytes}, at=began)
		[future] = ctx.client.scatter([payload], workers=[gamma], direct=True)
		wait(future, timeout=120)
		seconds.append(round(time.time() - began, 2))
		ctx.held.append(future)
		ctx.wait_stop(3)
		ctx.held.remove(future)
		del future
		if ctx.stop.is_set():
			break
	del payload
	ctx.wait_stop(BACKSTOP_S)
	freeze = ctx.client.run(tasks.loop_freezes, ctx.onset_at, workers=[gamma])[gamma]
	scheduler_freeze = ctx.client.run_on_scheduler(tasks.loop_freezes, ctx.onset_at)
	ctx.client.run_on_scheduler(tasks.stop_loop_probe)
	return {"bytes": nbytes, "scatter_seconds": seconds, "freeze": freeze, "scheduler_freeze": scheduler_freeze,
		"tick_limit_seconds": TICK_LIMIT_S}


def client_leaving(ctx, count=10_000, batch=250):
	"""Another client runs 10,000 tasks that return at once (in batches waited for, so no backlog
	builds on the scheduler: a second of its completions waiting is scheduler-bound's line) and holds
	every result, then closes: the scheduler and the workers release its 10,000 keys at once (20,000
	took over 240 s on 2026.7.1 on a loaded head node). The scheduler's loop's longest freeze is
	measured from inside it. Onset: the close."""
	leaving = Client(ctx.client.scheduler.address, timeout=30, set_as_default=False)
	futures = []
	for start in range(0, count, batch):
		chunk = leaving.map(tasks.sleepy, range(start, start + batch), seconds=0, label="load-row",
			key=ctx.keys("load-row", batch, start), pure=False)
		wait(chunk, timeout=60)
		futures.extend(chunk)
	held = ctx.client.run_on_scheduler(_held_keys, ctx.token)
	ctx.client.run_on_scheduler(tasks.start_loop_probe)
	began = time.time()
	ctx.onset(None, {"tasks": count, "keys_held": held}, at=began)
	leaving.close()
	closed = round(time.time() - began, 2)
	del futures
	wait_for_moment("the scheduler to forget the leaving client's keys",
		lambda: ctx.client.run_on_scheduler(_held_keys, ctx.token) == 0, 60)
	released = round(time.time() - began, 2)
	ctx.wait_stop(BACKSTOP_S)
	freezes = ctx.client.run_on_scheduler(tasks.loop_freezes, began)
	ctx.client.run_on_scheduler(tasks.stop_loop_probe)
	return {"tasks": count, "keys_held": held, "close_seconds": closed, "released_seconds": released,
		"freeze": freezes, "tick_limit_seconds": TICK_LIMIT_S}


def _held_keys(token, dask_scheduler=None):
	return sum(1 for key in dask_scheduler.tasks if token in str(key))


SCENARIOS = {
	"gil-bound": gil_bound,
	"scatter-freeze": scatter_freeze,
	"client-leaving": client_leaving,
}
