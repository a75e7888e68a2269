"""Run CPU-bound tasks of a known total duration and print what they measured, as JSON.

Usage: python time_workload.py SCHEDULER_ADDRESS TASKS SECONDS_EACH

Each `spin` task keeps its thread busy for SECONDS_EACH seconds of wall time (a busy loop, no
sleep) and returns the seconds it ran; the output is the sum over every task, so the test compares
the scheduler's per-prefix compute seconds with what the tasks themselves measured.
"""

import json
import sys
import time

from distributed import Client


def spin(i, seconds):
	start = time.perf_counter()
	n = 0
	while time.perf_counter() - start < seconds:
		n += 1
	return time.perf_counter() - start


def main():
	address, tasks, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
	with Client(address, timeout=30) as client:
		futures = [client.submit(spin, i, seconds, key=f"spin-{i}", pure=False) for i in range(tasks)]
		measured = sum(client.gather(futures))
		# The scheduler adds a task's compute seconds when the worker reports it done.
		time.sleep(1)
		print(json.dumps({"tasks": tasks, "measured_seconds": measured}))


if __name__ == "__main__":
	main()
