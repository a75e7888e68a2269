"""The drill-down end-to-end workload: a client that puts on a cluster one task blocked in
`drill_blocked_here` on one worker, one task raising DrillError(TEXT) (its repr the text as it is) and one line logged on
another worker's `distributed.worker` logger (through Client.run), prints one JSON line
({"event": "ready", ...} or {"event": "error", "message": ...}), then waits for stdin to close,
releases the blocked task and exits.

Usage: python3 drill_workload.py SCHEDULER_ADDRESS BLOCKED_WORKER LOG_WORKER ERROR_TEXT LOG_TEXT
"""

import json
import secrets
import sys

from distributed import Client, wait

import drill_tasks
from e2e_wait import wait_for


def emit(document):
	sys.stdout.write(json.dumps(document) + "\n")
	sys.stdout.flush()


def address_of(client, name):
	for address, info in client.scheduler_info()["workers"].items():
		if str(info["name"]) == name:
			return address
	raise RuntimeError(f"no worker named {name!r}")


def main():
	scheduler, blocked_on, log_on, error_text, log_text = sys.argv[1:6]
	token = secrets.token_hex(4)
	client = Client(scheduler, timeout=30)
	blocked_at = address_of(client, blocked_on)
	log_at = address_of(client, log_on)
	blocked = client.submit(
		drill_tasks.drill_blocked_here, token, 900,
		key=f"drill-blocked-{token}", workers=[blocked_at], allow_other_workers=False, pure=False,
	)
	raised = client.submit(drill_tasks.drill_raise_chosen, error_text, key=f"drill-raise-{token}", pure=False)
	try:
		wait([raised], timeout=30)
		if raised.status != "error":
			raise RuntimeError(f"the raising task ended {raised.status}")

		def processing():
			return client.run_on_scheduler(
				lambda dask_scheduler: dask_scheduler.tasks[f"drill-blocked-{token}"].state
			) == "processing"

		wait_for("the blocked task to be processing", processing, 30)
		client.run(drill_tasks.drill_log_line, log_text, workers=[log_at])
	except Exception as error:
		emit({"event": "error", "message": f"{type(error).__name__}: {error}"})
		client.run(drill_tasks.release, token)
		return 1
	emit({
		"event": "ready", "token": token, "blocked_key": blocked.key, "raised_key": raised.key,
		"blocked_worker": blocked_at, "log_worker": log_at,
	})
	sys.stdin.read()
	client.run(drill_tasks.release, token)
	wait([blocked], timeout=30)
	client.close()
	emit({"event": "stopped"})
	return 0


if __name__ == "__main__":
	sys.exit(main())
