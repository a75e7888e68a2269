"""Scenarios about where and how fast work runs (scenarios.py has the protocol).

Each function runs its work on the cluster, reports the onset through ctx.onset once the cause holds
(by the scheduler's or the tasks' own account), keeps the work going until ctx.wait_stop(), and
returns what the run did (the ground truth the suite checks the cause against).
"""

import time

from distributed import as_completed, wait

import scenario_tasks as tasks
from e2e_wait import wait_for

BACKSTOP_S = 600  # blocked tasks give up by themselves if the client never releases them


def _prefix_by_worker(token, prefix, dask_scheduler=None):
	"""Tasks of the prefix finished into memory per worker name, and processing per worker name."""
	done, processing = {}, {}
	for ws in dask_scheduler.workers.values():
		done[str(ws.name)] = 0
		processing[str(ws.name)] = sum(1 for ts in ws.processing if str(ts.key).startswith(prefix + "-"))
	for key, ts in dask_scheduler.tasks.items():
		if token in str(key) and str(key).startswith(prefix + "-") and ts.state == "memory":
			for ws in ts.who_has:
				done[str(ws.name)] += 1
	return {"done": done, "processing": processing}


def prefix_durations(prefixes, dask_scheduler=None):
	"""Seconds by activity (compute, transfer, ...) the workers reported for each prefix: the
	scheduler's TaskPrefix.all_durations."""
	out = {}
	for name in prefixes:
		prefix = dask_scheduler.task_prefixes.get(name)
		out[name] = {action: round(seconds, 3) for action, seconds in prefix.all_durations.items()} if prefix else {}
	return out


def _mean_spans(ctx, label):
	"""Mean seconds of the label's tasks per worker name, from the tasks' own clocks."""
	names = {address: info["name"] for address, info in ctx.client.scheduler_info()["workers"].items()}
	out = {}
	for address, spans in ctx.client.run(tasks.spans, label).items():
		finished = [end - start for start, end in spans if end is not None]
		if finished:
			out[str(names.get(address, address))] = round(sum(finished) / len(finished), 3)
	return out


def _sleepy_stream(ctx, prefix, count, seconds):
	futures = ctx.client.map(
		tasks.sleepy, range(count), seconds=seconds, label=prefix, key=ctx.keys(prefix, count), pure=False
	)
	ctx.held.extend(futures)
	wait(futures, return_when="FIRST_COMPLETED", timeout=60)
	return futures


def straggler(ctx, factor=3.0):
	"""Three equal workers run one prefix; beta runs it `factor` times slower (its slow factor)."""
	ctx.client.run(tasks.set_slow_factor, factor, workers=[ctx.worker("beta")])
	_sleepy_stream(ctx, "parse-log", 2000, 0.15)
	ctx.onset(ctx.worker_subject("beta"), {"slow_factor": factor, "prefix": "parse-log", "task_seconds": 0.15})
	ctx.wait_stop(BACKSTOP_S)
	return {
		**ctx.client.run_on_scheduler(_prefix_by_worker, ctx.token, "parse-log"),
		"mean_seconds": _mean_spans(ctx, "parse-log"),
	}


def balanced(ctx):
	"""The straggler's run with every worker at the same speed: busy and well balanced."""
	_sleepy_stream(ctx, "parse-log", 2000, 0.15)
	ctx.onset(None, {"prefix": "parse-log", "task_seconds": 0.15})
	ctx.wait_stop(BACKSTOP_S)
	return {
		**ctx.client.run_on_scheduler(_prefix_by_worker, ctx.token, "parse-log"),
		"mean_seconds": _mean_spans(ctx, "parse-log"),
	}


def skew(ctx):
	"""Every task of a prefix pinned to alpha, each leaving 1 MiB there, while beta and gamma idle."""
	alpha = ctx.worker("alpha")
	futures = [
		ctx.client.submit(
			tasks.blob, i, 2**20, 0.1, key=ctx.key("load-shard", i), workers=[alpha], allow_other_workers=False,
			pure=False,
		)
		for i in range(600)
	]
	ctx.held.extend(futures)
	wait(futures, return_when="FIRST_COMPLETED", timeout=60)
	ctx.onset(ctx.worker_subject("alpha"), ctx.client.run_on_scheduler(_prefix_by_worker, ctx.token, "load-shard"))
	ctx.wait_stop(BACKSTOP_S)
	return ctx.client.run_on_scheduler(_prefix_by_worker, ctx.token, "load-shard")


def _no_worker_moment(token, dask_scheduler=None):
	states = {}
	for key, ts in dask_scheduler.tasks.items():
		if token in str(key):
			states[ts.state] = states.get(ts.state, 0) + 1
	resources = {str(ws.name): dict(ws.resources) for ws in dask_scheduler.workers.values()}
	return {"states": states, "unrunnable": len(dask_scheduler.unrunnable), "worker_resources": resources}


def no_worker(ctx):
	"""Tasks that ask for a GPU no worker offers: they wait in no-worker, silently, forever."""
	futures = ctx.client.map(
		tasks.consume, [b""] * 20, range(20), key=ctx.keys("train-model", 20), resources={"GPU": 1}, pure=False
	)
	ctx.held.extend(futures)

	def all_unrunnable():
		moment = ctx.client.run_on_scheduler(_no_worker_moment, ctx.token)
		return moment["states"].get("no-worker", 0) == 20 and moment

	moment = wait_for_moment("the train-model tasks to be no-worker", all_unrunnable)
	ctx.onset({"kind": "prefix", "id": "train-model", "name": "train-model"}, moment)
	ctx.wait_stop(BACKSTOP_S)
	return ctx.client.run_on_scheduler(_no_worker_moment, ctx.token)


def wait_for_moment(description, check, timeout=30):
	"""e2e_wait.wait_for at 50 ms: a scenario's moments are dated by when they were seen."""
	return wait_for(description, check, timeout, every=0.05)


def _scheduler_pid(dask_scheduler=None):
	import os

	return os.getpid()


def _main_thread_seconds(pid):
	"""Seconds the process's main thread (its event loop) has run, and has waited runnable for a CPU."""
	with open(f"/proc/{pid}/task/{pid}/schedstat") as stat:
		run, wait = stat.read().split()[:2]
	return int(run) / 1e9, int(wait) / 1e9


# dask-top's bar for a scheduler on a host it shares with workers (rules/scheduler-bound.ts).
SHARED_SATURATED_CORES = 0.33


class _Demand:
	"""The scheduler's CPU (run) and demand (run + wait for a CPU) over the last window, as fractions of a
	core: demand near 1 is an event loop that never waits for anything but the CPU, whatever else the
	machine runs."""

	def __init__(self, pid):
		self.pid = pid
		self.at = time.monotonic()
		self.seconds = _main_thread_seconds(pid)

	def sample(self):
		now, seconds = time.monotonic(), _main_thread_seconds(self.pid)
		elapsed = now - self.at
		run = (seconds[0] - self.seconds[0]) / elapsed
		demand = (seconds[0] + seconds[1] - self.seconds[0] - self.seconds[1]) / elapsed
		self.at, self.seconds = now, seconds
		return round(run, 2), round(demand, 2)


def scheduler_bound(ctx, batch=500, outstanding=10_000, task_seconds=0.001):
	"""A stream of tasks of a millisecond, more than the scheduler can hand out: the workers' 16 threads
	could run 16,000 a second, the scheduler's one event loop is the bottleneck. Onset: for three
	seconds, with 10,000 tasks always waiting on the scheduler, each second the tasks done are under a
	quarter of what the workers' threads could do while the scheduler's event loop is busy (runs, or
	waits for a CPU) at least half the time on average: the threads wait on the one thing that hands
	them work. (It is busy 60-90 % of each second here, the rest its sockets' waits: a scheduler
	is no more "a whole core" than a worker is; one second at 90 % can take a minute to come.) And its
	loop got a third of a core at least (SHARED_SATURATED_CORES): on a head node loaded so that it gets
	less, it is starved by the host, which HTTP cannot tell from a scheduler waiting for work."""
	threads = sum(info["nthreads"] for info in ctx.client.scheduler_info()["workers"].values())
	capacity = threads / task_seconds
	demand = _Demand(ctx.client.run_on_scheduler(_scheduler_pid))
	pending = as_completed()
	in_flight = submitted = completed = 0
	samples = []
	window = (time.monotonic(), 0)
	started = time.monotonic()
	while not ctx.stop.is_set() and time.monotonic() - started < BACKSTOP_S:
		while in_flight < outstanding:
			futures = ctx.client.map(tasks.sleepy, range(submitted, submitted + batch), seconds=task_seconds,
				label="tiny", key=ctx.keys("tiny", batch, submitted), pure=False)
			total = ctx.client.submit(sum, futures, key=ctx.key("tiny-total", submitted), pure=False)
			del futures
			pending.add(total)
			ctx.held.append(total)
			in_flight += batch
			submitted += batch
		for done in pending:
			ctx.held.remove(done)
			in_flight -= batch
			completed += batch
			break
		if time.monotonic() - window[0] >= 1.0:
			run, wanted = demand.sample()
			rate = (completed - window[1]) / (time.monotonic() - window[0])
			samples.append({"cpu": run, "demand": wanted, "tasks_per_second": round(rate)})
			window = (time.monotonic(), completed)
			last = samples[-3:]
			saturated = (len(last) == 3 and sum(s["demand"] for s in last) / 3 >= 0.5
				and sum(s["cpu"] for s in last) / 3 >= SHARED_SATURATED_CORES)
			if ctx.onset_at is None and saturated and all(s["tasks_per_second"] < capacity / 4 for s in last):
				ctx.onset({"kind": "cluster"}, {"task_seconds": task_seconds, "thread_capacity_per_second": capacity,
					"last_seconds": last})
	return {"tasks_submitted": submitted, "tasks_completed": completed, "thread_capacity_per_second": capacity,
		"samples": samples}


def transfer_bound(ctx, frame_bytes=48 * 2**20, in_flight=4):
	"""Big frames made on alpha and used on beta and gamma: every pair moves frame_bytes between
	workers, and the work itself (making, measuring the frame) is next to nothing."""
	alpha, others = ctx.worker("alpha"), [ctx.worker("beta"), ctx.worker("gamma")]
	pending = as_completed()
	pairs = 0
	started = time.monotonic()

	def submit(index):
		frame = ctx.client.submit(tasks.blob, index, frame_bytes, key=ctx.key("make-frame", index),
			workers=[alpha], allow_other_workers=False, pure=False)
		used = ctx.client.submit(tasks.consume, frame, index, key=ctx.key("join-frame", index),
			workers=[others[index % 2]], allow_other_workers=False, pure=False)
		ctx.held.append(used)
		pending.add(used)

	for index in range(in_flight):
		submit(index)
	submitted = in_flight
	for done in pending:
		ctx.held.remove(done)
		pairs += 1
		if ctx.onset_at is None:
			ctx.onset({"kind": "prefix", "id": "join-frame", "name": "join-frame"}, {"frame_bytes": frame_bytes})
		if ctx.stop.is_set() or time.monotonic() - started > BACKSTOP_S:
			break
		submit(submitted)
		submitted += 1
	seconds = time.monotonic() - started
	durations = ctx.client.run_on_scheduler(prefix_durations, ["make-frame", "join-frame"])
	return {"durations": durations, "pairs": pairs, "bytes_moved": pairs * frame_bytes, "seconds": round(seconds, 2),
		"bytes_per_second": round(pairs * frame_bytes / seconds)}


def hung(ctx):
	"""fetch-page tasks of 50 ms complete on every worker, then one fetch-page on alpha never returns and
	nothing else is left to run. Onset here is when it started blocking; the suite adds the time after
	which a task that has not returned counts as hung."""
	warm = ctx.client.map(tasks.sleepy, range(30), seconds=0.05, label="fetch-page", key=ctx.keys("fetch-page", 30),
		pure=False)
	ctx.held.extend(warm)
	wait(warm, timeout=60)
	last_completion = max(end for spans in ctx.client.run(tasks.spans, "fetch-page").values() for _, end in spans)
	alpha = ctx.worker("alpha")
	blocked = ctx.client.submit(tasks.never_returns, "fetch-page-hung", BACKSTOP_S, key=ctx.key("fetch-page", 30),
		workers=[alpha], allow_other_workers=False, pure=False)
	ctx.held.append(blocked)

	def started():
		return ctx.client.run(tasks.spans, "fetch-page-hung", workers=[alpha]).get(alpha)

	since = wait_for_moment("the hung fetch-page to start", started)[0][0]
	ctx.onset(ctx.worker_subject("alpha"), {"blocked_since": since, "last_completion": last_completion,
		"key": ctx.key("fetch-page", 30), "prefix": "fetch-page"}, at=since)
	ctx.wait_stop(BACKSTOP_S)
	return {"states": ctx.client.run_on_scheduler(_no_worker_moment, ctx.token)["states"],
		"last_completion": last_completion}


def tail_hang(ctx, count=200, seconds=0.1):
	"""score-page tasks of 0.1 s complete across the workers; when all but ten are done, two more
	score-page tasks start on alpha and beta and never return (a lock that is never released), while
	the last ten complete. Nothing else is left to run; the stall rule's time is a minute away. Onset:
	ten seconds after the last completion (the time a task of 0.1 s has to be far past to be hung)."""
	futures = ctx.client.map(tasks.sleepy, range(count), seconds=seconds, label="score-page",
		key=ctx.keys("score-page", count), pure=False)
	ctx.held.extend(futures)
	done = 0
	for _ in as_completed(futures):
		done += 1
		if done == count - 10:
			break
	blocked = [
		ctx.client.submit(tasks.never_returns, "score-page-hung", BACKSTOP_S, key=ctx.key("score-page", count + i),
			workers=[ctx.worker(name)], allow_other_workers=False, pure=False)
		for i, name in enumerate(("alpha", "beta"))
	]
	ctx.held.extend(blocked)
	wait(futures, timeout=60)
	last_completion = max(end for spans in ctx.client.run(tasks.spans, "score-page").values() for _, end in spans)
	hung_since = [start for spans in ctx.client.run(tasks.spans, "score-page-hung").values() for start, _ in spans]
	ctx.onset({"kind": "prefix", "id": "score-page", "name": "score-page"}, {"last_completion": last_completion,
		"hung_since": hung_since, "prefix": "score-page", "task_seconds": seconds}, at=last_completion + 10)
	ctx.wait_stop(BACKSTOP_S)
	return {"states": ctx.client.run_on_scheduler(_no_worker_moment, ctx.token)["states"],
		"last_completion": last_completion, "hung_since": hung_since}


def _executing(dask_worker=None):
	"""Tasks the worker is executing now."""
	state = getattr(dask_worker, "state", dask_worker)
	return len(state.executing)


def gil_held(ctx, seconds=6.0, count=6):
	"""hash-rows tasks on gamma, each one C call holding the GIL for ~6 s: gamma's event loop (its
	heartbeats, its comms) does not run while they do, but for a moment between two. Held for 6 s:
	a heartbeat then goes missing for longer than Dask's 3 s warning level at every poll of a 2 s
	interval but the one after it came (an age seen by polls 2 s apart peaks at ≥ 6 - 2 s each hold,
	whatever their phase; held 4 s, polls locked in phase with the holds saw 3.0-3.1 s at best).
	Onset: the first one started."""
	gamma = ctx.worker("gamma")
	futures = [
		ctx.client.submit(tasks.hold_gil, i, seconds, "hash-rows", key=ctx.key("hash-rows", i), workers=[gamma],
			allow_other_workers=False, pure=False)
		for i in range(count)
	]
	ctx.held.extend(futures)
	wait(futures, return_when="FIRST_COMPLETED", timeout=60)
	first = min(start for start, _ in ctx.client.run(tasks.spans, "hash-rows", workers=[gamma])[gamma])
	exposed = ctx.client.run(tasks.gil_metrics_exposed, workers=[gamma])[gamma]
	ctx.onset(ctx.worker_subject("gamma"), {"gil_seconds": seconds, "gil_metrics_exposed": exposed}, at=first)
	ctx.wait_stop(BACKSTOP_S)
	# The task holding the GIL cannot be cancelled: gamma is released only once it has returned, so
	# the next scenario does not start on a worker whose loop is still blocked.
	ctx.client.cancel(futures, force=True)
	wait_for_moment(
		"gamma to finish its last GIL-holding task",
		lambda: ctx.client.run(_executing, workers=[gamma])[gamma] == 0,
		timeout=4 * seconds + 30,
	)
	spans = ctx.client.run(tasks.spans, "hash-rows", workers=[gamma])[gamma]
	return {"held_seconds": [round(end - start, 2) for start, end in spans], "gil_metrics_exposed": exposed}


SCENARIOS = {
	"straggler": straggler,
	"balanced": balanced,
	"skew": skew,
	"no-worker": no_worker,
	"scheduler-bound": scheduler_bound,
	"transfer-bound": transfer_bound,
	"hung": hung,
	"tail-hang": tail_hang,
	"gil-held": gil_held,
}
