"""Routine departures a client causes, for the departures test.

Usage (with the cluster's own interpreter, so client and scheduler match):
  python departures.py retire SCHEDULER_ADDRESS WORKER_ADDRESS
      Client.retire_workers([address]), as a user or a cluster manager calls it; prints the answer.
  python departures.py scale-down SCHEDULER_ADDRESS NAME [NAME ...]
      Scheduler.retire_workers(names=[...], remove=True, close_workers=True), the call
      SpecCluster.scale_down (LocalCluster, Adaptive) makes; prints the answer.
"""

import json
import sys

from distributed import Client


def main():
	mode, address, *rest = sys.argv[1:]
	with Client(address, timeout=20) as client:
		if mode == "retire":
			answer = client.retire_workers(workers=rest)
		elif mode == "scale-down":
			answer = client.sync(client.scheduler.retire_workers, names=rest, remove=True, close_workers=True)
		else:
			raise SystemExit(f"unknown mode {mode}")
	print(json.dumps(sorted(answer)), flush=True)


main()
