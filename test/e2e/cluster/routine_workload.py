"""Clients doing what clusters do every day, for test/e2e/routine-alerts.test.ts.

Usage: python routine_workload.py SCHEDULER_ADDRESS KIND [ARGS...]
  KIND warm COUNT                 runs COUNT `inc` tasks to completion and exits (work done before an idle spell)
  KIND slow COUNT SECONDS         submits COUNT `nap` tasks of SECONDS each (asleep: 0 % CPU); prints ready once all
                                  are processing, then holds them until stdin closes
  KIND leave WORKER MIB CYCLES    CYCLES times: a new client puts 5 blobs of MIB MiB on WORKER (checked there), holds
                                  them 4 s and closes (the scheduler forgets the keys at once; the worker's process
                                  keeps their memory 3 s more, Dask's unmanaged_recent)
  KIND spill WORKER               puts 80 MiB blobs on WORKER until it has spilled to disk, holds them 2 s, releases
                                  them and waits until nothing of it is on disk; exits
  KIND queued COUNT               submits COUNT `inc` tasks (on a cluster without workers they wait); prints ready once
                                  the scheduler holds them, then holds them until stdin closes

Prints one JSON line {"event": "ready" | "done", ...} on stdout (times are the scheduler's clock, epoch
seconds); a long-lived kind then releases everything when stdin closes or on SIGTERM and exits 0.
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


def emit(document):
	sys.stdout.write(json.dumps(document) + "\n")
	sys.stdout.flush()


def worker_address(client, name):
	for address, info in client.scheduler_info()["workers"].items():
		if str(info["name"]) == name:
			return address
	raise RuntimeError(f"no worker named {name!r}")


def states(token, dask_scheduler=None):
	out = {}
	for key, ts in dask_scheduler.tasks.items():
		if token in str(key):
			out[ts.state] = out.get(ts.state, 0) + 1
	return out


def worker_disk(address, dask_scheduler=None):
	ws = dask_scheduler.workers.get(address)
	return None if ws is None else (ws.metrics.get("spilled_bytes") or {}).get("disk", 0)


def hold_until_stdin_closes():
	signal.signal(signal.SIGTERM, lambda *_: sys.stdin.close())
	try:
		sys.stdin.read()
	except (ValueError, OSError):
		pass


def main():
	address, kind, args = sys.argv[1], sys.argv[2], sys.argv[3:]
	token = secrets.token_hex(4)
	if kind == "leave":
		name, mib, cycles = args[0], int(args[1]), int(args[2])
		left = []
		for cycle in range(cycles):
			with Client(address, timeout=60) as client:
				target = worker_address(client, name)
				blobs = [
					client.submit(tasks.lingering_blob, i, mib * MiB, 4 + 3, key=f"held-blob-{cycle}-{i}-{token}",
						workers=[target], pure=False)
					for i in range(5)
				]
				wait(blobs, timeout=120)
				holders = client.who_has(blobs)
				if any(list(where) != [target] for where in holders.values()):
					raise RuntimeError(f"the blobs are not (only) on {name}: {holders}")
				time.sleep(4)
				left.append(client.run_on_scheduler(lambda dask_scheduler=None: time.time()))
			time.sleep(3)
		emit({"event": "done", "left_at": left})
		return
	client = Client(address, timeout=60)
	if kind == "warm":
		count = int(args[0])
		done = client.gather(client.map(tasks.inc, range(count), key=[f"inc-{i}-{token}" for i in range(count)], pure=False))
		emit({"event": "done", "tasks": len(done), "at": client.run_on_scheduler(lambda dask_scheduler=None: time.time())})
		client.close()
		return
	if kind == "spill":
		target = worker_address(client, args[0])
		blobs = []
		while not (client.run_on_scheduler(worker_disk, target) or 0) > 0:
			if len(blobs) >= 12:
				raise RuntimeError("the worker did not spill")
			blobs.append(client.submit(tasks.make_blob, len(blobs), 80 * MiB, key=f"spill-blob-{len(blobs)}-{token}", workers=[target], pure=False))
			wait(blobs, timeout=120)
			time.sleep(1.5)
		spilled = client.run_on_scheduler(worker_disk, target)
		time.sleep(2)
		released = client.run_on_scheduler(lambda dask_scheduler=None: time.time())
		client.cancel(blobs)
		del blobs
		wait_for("nothing of it on disk", lambda: client.run_on_scheduler(worker_disk, target) == 0, 60)
		emit({"event": "done", "spilled_bytes": spilled, "released_at": released})
		client.close()
		return
	if kind == "slow":
		count, seconds = int(args[0]), float(args[1])
		naps = client.map(tasks.nap, range(count), [seconds] * count, key=[f"nap-{i}-{token}" for i in range(count)], pure=False)
		wait_for("every nap processing", lambda: client.run_on_scheduler(states, token).get("processing", 0) == count, 60)
		emit({"event": "ready", "started_at": client.run_on_scheduler(lambda dask_scheduler=None: time.time())})
	elif kind == "queued":
		count = int(args[0])
		naps = client.map(tasks.inc, range(count), key=[f"inc-{i}-{token}" for i in range(count)], pure=False)
		held = lambda: sum(client.run_on_scheduler(states, token).values()) == count
		wait_for("the tasks held by the scheduler", held, 60)
		emit({"event": "ready", "states": client.run_on_scheduler(states, token)})
	else:
		raise SystemExit(f"unknown kind {kind!r}")
	hold_until_stdin_closes()
	client.cancel(naps)
	wait_for("the scheduler to forget them", lambda: not client.run_on_scheduler(states, token), 60)
	client.close()
	emit({"event": "stopped"})


if __name__ == "__main__":
	main()
