"""A long-lived Dask client that puts a workload on a cluster and holds it until told to stop.

Usage: /usr/bin/python3 workload.py SCHEDULER_ADDRESS KIND [--worker NAME]
  KIND busy         several prefixes: 200 queued `inc` + `sum` waiting on them, `load-csv` and
                    `make-blob` (4 x 20 MiB) in memory, `explode`/`divide`/`summarize` erred, and one
                    `slow-process` per worker thread, pinned, so every thread is busy and the picture
                    holds still until the stop (a few incs wait on the workers behind the sleepers:
                    worker-saturation 1.1)
  KIND fill-memory  fills one worker (default beta) with pinned 20 MiB blobs, then with memory Dask
                    does not manage, until it has spilled to disk and paused
  KIND churn        a steady stream of short `nap` tasks (20 ms each, 20,000 of them) completing on
                    every worker until the stop: the cluster is busy the way a real run is
  KIND cpu-bound    a steady stream of `burn` tasks (0.25 s of pure Python each, 4,000 of them)
                    completing on every worker until the stop: every worker's process on the CPU
  KIND stall        one `stall` task blocked on a threading.Event at 0 % CPU on one worker (default alpha)
  KIND hostile      tasks whose keys (and so prefixes) hold escape sequences, C1 controls, a bidi override
                    and a newline: one erred, some held in memory, one pinned sleeper per worker thread

Prints exactly one JSON line on stdout once the workload is in place
({"event": "ready", ...}) or failed ({"event": "error", "message": ...}, exit 1). Then waits for stdin
to close or SIGTERM, releases everything it made (blocked tasks, held memory, futures), waits until the
scheduler holds none of its keys, prints {"event": "stopped", ...} and exits 0.
"""

import json
import secrets
import signal
import sys
import time

from distributed import Client, wait

import dasktop_e2e_tasks as tasks
from e2e_wait import wait_for

MiB = 2**20
BLOCK_MAX_SECONDS = 900  # backstop for blocked tasks if this process dies without releasing them


class StopRequested(Exception):
	pass


def emit(document):
	sys.stdout.write(json.dumps(document) + "\n")
	sys.stdout.flush()


def worker_address(client, name):
	for address, info in client.scheduler_info()["workers"].items():
		if str(info["name"]) == name:
			return address
	raise RuntimeError(f"no worker named {name!r} on the cluster")


def scheduler_moment(token, dask_scheduler=None):
	"""Task states of this workload's keys, and each worker's status and spilled bytes."""
	states = {}
	for key, ts in dask_scheduler.tasks.items():
		if token in str(key):
			states[ts.state] = states.get(ts.state, 0) + 1
	workers = {
		ws.address: {
			"status": ws.status.name,
			"spilled_bytes": (ws.metrics.get("spilled_bytes") or {}).get("disk", 0),
			"memory_bytes": ws.metrics.get("memory"),
		}
		for ws in dask_scheduler.workers.values()
	}
	return {"states": states, "workers": workers}


def busy(client, token, held):
	workers = client.scheduler_info()["workers"]
	blobs = [
		client.submit(tasks.make_blob, i, 20 * MiB, key=f"make-blob-{i}-{token}", pure=False) for i in range(4)
	]
	loaded = [client.submit(tasks.load_csv, i, key=f"load-csv-{i}-{token}", pure=False) for i in range(4)]
	exploded = [client.submit(tasks.explode, i, key=f"explode-{i}-{token}", pure=False) for i in range(3)]
	divided = [client.submit(tasks.divide, i, key=f"divide-{i}-{token}", pure=False) for i in range(2)]
	summary = client.submit(tasks.summarize, exploded, key=f"summarize-{token}", pure=False)
	settled = blobs + loaded + exploded + divided + [summary]
	held.extend(settled)
	wait(settled, timeout=60)
	erred = sum(1 for future in settled if future.status == "error")

	# One sleeper per thread, pinned, so no thread is free: the inc tasks stay queued and the
	# scheduler's counts hold still until the stop.
	sleepers = []
	for address, info in sorted(workers.items()):
		for thread in range(info["nthreads"]):
			index = len(sleepers)
			sleepers.append(
				client.submit(
					tasks.slow_process, index, token, BLOCK_MAX_SECONDS,
					key=f"slow-process-{index}-{token}", workers=[address], allow_other_workers=False, pure=False,
				)
			)
	held.extend(sleepers)
	threads = len(sleepers)

	def all_sleepers_processing():
		moment = client.run_on_scheduler(scheduler_moment, token)
		return moment["states"].get("processing", 0) == threads and moment

	wait_for("every slow-process task to be processing", all_sleepers_processing, 30)
	incs = client.map(tasks.inc, range(200), key=[f"inc-{i}-{token}" for i in range(200)], pure=False)
	summed = client.submit(tasks.total, incs, key=f"sum-{token}", pure=False)
	held.extend(incs + [summed])

	def incs_placed():
		# With worker-saturation 1.1 each worker takes a few incs beyond its threads (they wait in its
		# ready queue behind the sleepers); the rest stay queued on the scheduler.
		moment = client.run_on_scheduler(scheduler_moment, token)
		states = moment["states"]
		placed = states.get("processing", 0) + states.get("queued", 0) == threads + len(incs)
		return placed and states.get("queued", 0) > 0 and moment

	moment = wait_for("the inc tasks to be queued", incs_placed, 30)
	return {
		"erred": erred,
		"threads": threads,
		"processing": moment["states"]["processing"],
		"queued": moment["states"]["queued"],
		"in_memory": len(blobs) + len(loaded),
		"states": moment["states"],
		"prefixes": ["inc", "sum", "load-csv", "make-blob", "explode", "divide", "summarize", "slow-process"],
	}


def fill_memory(client, token, held, name):
	address = worker_address(client, name)
	memory_limit = client.scheduler_info()["workers"][address]["memory_limit"]
	if not memory_limit:
		raise RuntimeError(f"worker {name} has no memory limit, so it can neither spill nor pause")
	blobs = [
		client.submit(
			tasks.make_blob, i, 20 * MiB, key=f"make-blob-{i}-{token}", workers=[address], allow_other_workers=False,
			pure=False,
		)
		for i in range(6)
	]
	held.extend(blobs)
	wait(blobs, timeout=60)
	# Pause is at 80 % of the limit (process memory), the nanny's kill at 95 %: aim at 85 %.
	target = int(memory_limit * 0.85)
	holder = client.submit(
		tasks.hold_unmanaged, token, target, 10 * MiB, 60, key=f"hold-unmanaged-{token}", workers=[address],
		allow_other_workers=False, pure=False,
	)
	held.append(holder)
	held_bytes = holder.result(timeout=90)

	def paused_and_spilled():
		worker = client.run_on_scheduler(scheduler_moment, token)["workers"].get(address)
		return worker and worker["status"] == "paused" and worker["spilled_bytes"] > 0 and worker

	worker = wait_for(f"worker {name} to spill and pause", paused_and_spilled, 30)
	return {
		"worker": address,
		"name": name,
		"memory_limit": memory_limit,
		"unmanaged_bytes": held_bytes,
		"status": worker["status"],
		"spilled_bytes": worker["spilled_bytes"],
		"memory_bytes": worker["memory_bytes"],
	}


def stream(client, token, held, task, count, prefix, done, **kwargs):
	"""`count` tasks of `task` completing on every worker until the stop; ready once `done` are."""
	futures = client.map(task, range(count), key=[f"{prefix}-{i}-{token}" for i in range(count)], pure=False, **kwargs)
	held.extend(futures)

	def some_done():
		moment = client.run_on_scheduler(scheduler_moment, token)
		return moment["states"].get("memory", 0) >= done and moment

	moment = wait_for(f"the first {prefix} tasks to complete", some_done, 60)
	return {"tasks": len(futures), "states": moment["states"], "prefixes": [prefix]}


def churn(client, token, held):
	return stream(client, token, held, tasks.nap, 20_000, "nap", 50, seconds=0.02)


def cpu_bound(client, token, held):
	return stream(client, token, held, tasks.burn, 4000, "burn", 10, seconds=0.25)


def stall(client, token, held, name):
	address = worker_address(client, name)
	key = f"stall-{token}"
	future = client.submit(
		tasks.stall, token, BLOCK_MAX_SECONDS, key=key, workers=[address], allow_other_workers=False, pure=False,
	)
	held.append(future)

	def blocked():
		return client.run(tasks.stalled_since, token, workers=[address]).get(address)

	since = wait_for(f"the stall task to block on {name}", blocked, 30)
	return {"worker": address, "name": name, "key": key, "blocked_since": since}


# Key prefixes (Dask's key_split keeps the first word whole when it does not start with a letter, and
# cuts at the first '-' before a number): an OSC title ended by BEL, a hyperlink, colour and
# clear-screen, C1 CSI and OSC, a bidi override, a newline.
HOSTILE_PREFIXES = [
	"\x1b]2;pwnedkey\x07",
	"\x1b]8;;http://evil.example/\x1b\\link\x1b]8;;\x1b\\",
	"\x1b[31mred\x1b[2J\x1b[H",
	"\x9b31mcsi\x9d0;c1title\x9c",
	"\u202eevil",
	"two\nlines",
]


def hostile(client, token, held):
	workers = client.scheduler_info()["workers"]
	erred = client.submit(tasks.explode, 0, key=f"{HOSTILE_PREFIXES[0]}-100-{token}", pure=False)
	kept = [
		client.submit(tasks.inc, i, key=f"{prefix}-{200 + i}-{token}", pure=False)
		for i, prefix in enumerate(HOSTILE_PREFIXES)
	]
	held.extend([erred, *kept])
	wait([erred, *kept], timeout=60)
	sleepers = []
	for address, info in sorted(workers.items()):
		for thread in range(info["nthreads"]):
			prefix = HOSTILE_PREFIXES[len(sleepers) % len(HOSTILE_PREFIXES)]
			sleepers.append(
				client.submit(
					tasks.slow_process, len(sleepers), token, BLOCK_MAX_SECONDS,
					key=f"{prefix}-{300 + len(sleepers)}-{token}", workers=[address], allow_other_workers=False, pure=False,
				)
			)
	held.extend(sleepers)

	def all_sleepers_processing():
		moment = client.run_on_scheduler(scheduler_moment, token)
		return moment["states"].get("processing", 0) == len(sleepers) and moment

	moment = wait_for("every hostile sleeper to be processing", all_sleepers_processing, 30)
	return {
		"erred": 1 if erred.status == "error" else 0,
		"in_memory": sum(1 for future in kept if future.status == "finished"),
		"threads": len(sleepers),
		"states": moment["states"],
		"prefixes": HOSTILE_PREFIXES,
	}


def stop_on_sigterm(signum, frame):
	raise StopRequested()


def release_everything(client, token, held):
	client.run(tasks.release, token)
	client.cancel(held, force=True)
	held.clear()

	def forgotten():
		return not client.run_on_scheduler(scheduler_moment, token)["states"]

	wait_for("the scheduler to forget the workload's keys", forgotten, 30)


def main():
	address, kind = sys.argv[1], sys.argv[2]
	name = sys.argv[4] if len(sys.argv) > 4 and sys.argv[3] == "--worker" else None
	token = secrets.token_hex(4)
	signal.signal(signal.SIGTERM, stop_on_sigterm)
	started = time.monotonic()
	held = []
	client = Client(address, timeout=30)
	try:
		try:
			if kind == "busy":
				details = busy(client, token, held)
			elif kind == "fill-memory":
				details = fill_memory(client, token, held, name or "beta")
			elif kind == "churn":
				details = churn(client, token, held)
			elif kind == "cpu-bound":
				details = cpu_bound(client, token, held)
			elif kind == "stall":
				details = stall(client, token, held, name or "alpha")
			elif kind == "hostile":
				details = hostile(client, token, held)
			else:
				raise RuntimeError(f"unknown workload kind {kind!r} (busy, fill-memory, churn, cpu-bound, stall, hostile)")
		except StopRequested:
			raise
		except Exception as error:
			emit({"event": "error", "kind": kind, "message": f"{type(error).__name__}: {error}"})
			release_everything(client, token, held)
			return 1
		emit({"event": "ready", "kind": kind, "token": token, "seconds": round(time.monotonic() - started, 3), **details})
		try:
			sys.stdin.read()
		except StopRequested:
			pass
	except StopRequested:
		pass
	signal.signal(signal.SIGTERM, signal.SIG_IGN)  # let the release finish; the harness KILLs if it hangs
	release_everything(client, token, held)
	client.close()
	emit({"event": "stopped", "kind": kind, "token": token})
	return 0


if __name__ == "__main__":
	sys.exit(main())
