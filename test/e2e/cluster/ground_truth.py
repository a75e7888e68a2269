"""Print the scheduler's own view of the cluster as one JSON document, taken in one moment.

Usage: /usr/bin/python3 ground_truth.py SCHEDULER_ADDRESS

Everything except the `scheduler` header comes from a single `run_on_scheduler` call, so the
worker list, the task counts and the adaptive target all describe the same instant.
"""

import json
import sys
import time

from distributed import Client

TASK_STATES = ("released", "waiting", "no-worker", "queued", "processing", "memory", "erred")


def moment(dask_scheduler):
	s = dask_scheduler
	tasks = dict.fromkeys(TASK_STATES, 0)
	for ts in s.tasks.values():
		tasks[ts.state] = tasks.get(ts.state, 0) + 1
	workers = [
		{
			"address": ws.address,
			"name": str(ws.name),
			"nthreads": ws.nthreads,
			"memory_limit": ws.memory_limit,
			"status": ws.status.name,
			"processing": len(ws.processing),
			"keys_in_memory": len(ws.has_what),
			"managed_bytes": ws.nbytes,
			"memory_bytes": ws.metrics.get("memory"),
			"spilled_bytes": (ws.metrics.get("spilled_bytes") or {}).get("disk"),
			"nanny": ws.nanny,
			"dashboard_port": ws.services.get("dashboard"),
		}
		for ws in s.workers.values()
	]
	return {
		"time": time.time(),
		"workers": workers,
		"tasks": tasks,
		"tasks_total": len(s.tasks),
		"processing": sum(len(ws.processing) for ws in s.workers.values()),
		"queued": len(s.queued),
		"erred": tasks["erred"],
		"unrunnable": len(s.unrunnable),
		"desired_workers": s.adaptive_target(),
		# Without the fire-and-forget client and this script's own client.
		"clients": len([c for c in s.clients if c != "fire-and-forget"]) - 1,
	}


def main():
	with Client(sys.argv[1], timeout=30) as client:
		info = client.scheduler_info()
		document = client.run_on_scheduler(moment)
	document["scheduler"] = {
		"address": info["address"],
		"id": info["id"],
		"dashboard_port": info["services"].get("dashboard"),
	}
	print(json.dumps(document))


if __name__ == "__main__":
	main()
