"""The demo's story, on a running 3-worker cluster (alpha, beta, gamma), in about 2.5 minutes:

  idle → busy (several prefixes, CPU on every thread) → memory pressure on beta (spills to disk,
  then pauses) → errors (ValueError, ZeroDivisionError, KeyError, one erred by blame) → gamma
  SIGKILLed by PID while it works → recovery (beta unpaused, a replacement worker joins, the
  lost work recomputed, everything finishes and is released).

Usage: /usr/bin/python3 demo_workload.py SCHEDULER_ADDRESS
Prints one line per phase on stdout; `gamma-killed` tells record-demo.sh to start the replacement.
"""

import os
import signal
import sys
import time

from distributed import Client, wait

import demo_tasks as tasks

MiB = 2**20
TOKEN = f"demo-{os.getpid()}"


def say(text):
	sys.stdout.write(text + "\n")
	sys.stdout.flush()


def workers_by_name(client):
	return {str(info["name"]): address for address, info in client.scheduler_info()["workers"].items()}


def worker_status(dask_scheduler=None):
	return {str(ws.name): ws.status.name for ws in dask_scheduler.workers.values()}


def wait_until(description, check, timeout):
	deadline = time.monotonic() + timeout
	while not check():
		if time.monotonic() > deadline:
			say(f"note: gave up waiting for {description}")
			return False
		time.sleep(0.2)
	return True


def main():
	client = Client(sys.argv[1], timeout=30)
	names = workers_by_name(client)
	alpha, beta, gamma = names["alpha"], names["beta"], names["gamma"]
	held = []

	say("phase idle")
	time.sleep(10)

	say("phase busy")
	csvs = client.map(tasks.load_csv, range(24), key=[f"load-csv-{i}" for i in range(24)])
	crunched = client.map(tasks.crunch, range(40), [2.5] * 40, key=[f"crunch-{i}" for i in range(40)])
	incs = client.map(tasks.inc, range(600), [0.05] * 600, key=[f"inc-{i}" for i in range(600)])
	summed = client.submit(tasks.total, incs, key="sum-incs")
	held += csvs + crunched + [summed]
	wait(csvs + crunched + [summed], timeout=120)
	del incs
	time.sleep(4)

	say("phase memory")
	blobs = client.map(tasks.make_blob, range(10), [40 * MiB] * 10, key=[f"make_blob-{i}" for i in range(10)], workers=[alpha, gamma])
	cached = [
		client.submit(tasks.make_blob, i, 40 * MiB, key=f"cache-blob-{i}", workers=[beta], allow_other_workers=False)
		for i in range(8)
	]
	held += blobs + cached
	wait(blobs + cached, timeout=60)
	time.sleep(6)
	# Memory Dask does not manage, a chunk at a time while beta runs: it spills what it can, then pauses.
	limit = client.scheduler_info()["workers"][beta]["memory_limit"]
	holder = client.submit(
		tasks.hold_unmanaged, TOKEN, int(limit * 0.95), 5 * MiB, 60, key="hold-unmanaged", workers=[beta], allow_other_workers=False
	)
	held.append(holder)
	holder.result(timeout=90)
	wait_until("beta to pause", lambda: client.run_on_scheduler(worker_status).get("beta") == "paused", 30)
	# Work keeps coming while beta is paused: the other workers take it.
	more = client.map(tasks.crunch, range(40, 52), [1.5] * 12, key=[f"crunch-{i}" for i in range(40, 52)])
	held += more
	time.sleep(14)

	say("phase errors")
	exploded = client.map(tasks.explode, range(6), key=[f"explode-{i}" for i in range(6)])
	divided = client.map(tasks.divide, range(2), key=[f"divide-{i}" for i in range(2)])
	parsed = client.submit(tasks.parse_record, 0, key="parse-record-0")
	summary = client.submit(tasks.summarize, exploded, key="summarize-explode")
	held += exploded + divided + [parsed, summary]
	wait(exploded + divided + [parsed, summary], timeout=30)
	time.sleep(12)

	say("phase kill")
	late = client.map(
		tasks.wait_release, range(6), [TOKEN] * 6, [300] * 6, key=[f"slow-process-late-{i}" for i in range(6)], workers=[gamma], allow_other_workers=True
	)
	pinned = [
		client.submit(tasks.wait_release, i, TOKEN, 300, key=f"pinned-sleep-{i}", workers=[gamma], allow_other_workers=False)
		for i in range(2)
	]
	held += late + pinned
	wait_until("gamma to run its tasks", lambda: sum(f.status == "pending" for f in late) == 6 and len(client.processing(workers=[gamma]).get(gamma, ())) >= 2, 20)
	time.sleep(4)
	pid = client.run(os.getpid, workers=[gamma])[gamma]
	os.kill(pid, signal.SIGKILL)
	say(f"gamma-killed {pid}")
	time.sleep(14)

	say("phase recovery")
	client.run(tasks.release, TOKEN, workers=[beta])
	wait_until("beta to run again", lambda: client.run_on_scheduler(worker_status).get("beta") == "running", 30)
	wait_until("the replacement worker", lambda: "delta" in workers_by_name(client), 60)
	client.run(tasks.release, TOKEN)
	client.cancel(pinned)
	finale = client.map(tasks.crunch, range(100, 124), [0.8] * 24, key=[f"crunch-{i}" for i in range(100, 124)])
	held += finale
	pinned_keys = {future.key for future in pinned}
	wait([future for future in held if future.key not in pinned_keys], timeout=120)
	time.sleep(6)
	client.cancel(held, force=True)
	held.clear()
	time.sleep(12)
	say("done")
	client.close()


if __name__ == "__main__":
	main()
