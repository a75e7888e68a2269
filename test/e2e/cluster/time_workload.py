"""Run work whose time the test knows, and print what it measured, as JSON.

Usage: python time_workload.py SCHEDULER_ADDRESS spin TASKS SECONDS_EACH
       python time_workload.py SCHEDULER_ADDRESS transfer TASKS MEGABYTES_EACH

spin: each `spin` task keeps its thread busy for SECONDS_EACH seconds of wall time (a busy loop, no
sleep) and returns the seconds it ran; the output is the sum over every task, so the test compares
the scheduler's per-prefix compute seconds with what the tasks themselves measured.

transfer: TASKS `blob` tasks of MEGABYTES_EACH random (incompressible) bytes each on one worker,
and a `pull` task for each on another worker: each pull waits for its blob to be fetched, which
the scheduler counts as the pull prefix's transfer seconds.
"""

import json
import os
import sys
import time

from distributed import Client


def spin(i, seconds):
	start = time.perf_counter()
	n = 0
	while time.perf_counter() - start < seconds:
		n += 1
	return time.perf_counter() - start


def blob(i, megabytes):
	return os.urandom(int(megabytes * 1_000_000))


def pull(data):
	return len(data)


def transfer(client, tasks, megabytes):
	workers = sorted(client.scheduler_info()["workers"])
	source, sink = workers[0], workers[1]
	blobs = [client.submit(blob, i, megabytes, key=f"blob-{i}", workers=[source], pure=False) for i in range(tasks)]
	client.gather(client.submit(len, blobs[0], workers=[source]))
	pulls = [client.submit(pull, b, key=f"pull-{i}", workers=[sink], allow_other_workers=False) for i, b in enumerate(blobs)]
	moved = sum(client.gather(pulls))
	time.sleep(1)
	print(json.dumps({"tasks": tasks, "moved_bytes": moved}))


def main():
	address, mode = sys.argv[1], sys.argv[2]
	if mode == "transfer":
		with Client(address, timeout=30) as client:
			transfer(client, int(sys.argv[3]), float(sys.argv[4]))
		return
	tasks, seconds = int(sys.argv[3]), float(sys.argv[4])
	with Client(address, timeout=30) as client:
		futures = [client.submit(spin, i, seconds, key=f"spin-{i}", pure=False) for i in range(tasks)]
		measured = sum(client.gather(futures))
		# The scheduler adds a task's compute seconds when the worker reports it done.
		time.sleep(1)
		print(json.dumps({"tasks": tasks, "measured_seconds": measured}))


if __name__ == "__main__":
	main()
