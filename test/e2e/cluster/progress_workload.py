"""Task-progress phases on a private cluster, each held still until the test says "next" on stdin.

Usage: /usr/bin/python3 progress_workload.py SCHEDULER_ADDRESS

Phases (each prints one JSON line {"event": PHASE, "truth": ..., "time": ...} once in place, then
waits for a line on stdin):
  first    20 `load` tasks computed, held, then released: the scheduler forgets them (idle after)
  rerun    the same prefix again, 20 tasks in one graph: 8 quick ones done and held, 12 blocked at
           0 % CPU (processing on the 5 threads or queued): nothing moves until the next phase
  cancel   the 12 blocked tasks cancelled (the client lets go of them mid-run); the 8 stay held
  erred    6 `explode` tasks raise and `summarize` (depends on them) errs by blame
Then it releases everything, waits for the scheduler to forget it, prints {"event": "stopped"}.

`truth` is the scheduler's own per-prefix task states (TaskPrefix.states, the Bokeh progress
bars' source) and the cluster's tasks in flight, from one run_on_scheduler call.
"""

import json
import secrets
import sys
import time

from distributed import Client, wait

import dasktop_e2e_tasks as tasks
from e2e_wait import wait_for

IN_FLIGHT = ("waiting", "queued", "processing", "no-worker")
PREFIXES = ("load", "explode", "summarize")


def emit(document):
	sys.stdout.write(json.dumps(document) + "\n")
	sys.stdout.flush()


def moment(prefixes, dask_scheduler=None):
	s = dask_scheduler
	out = {}
	for name in prefixes:
		tp = s.task_prefixes.get(name)
		states = dict(tp.states) if tp is not None else {}
		out[name] = {
			"memory": states.get("memory", 0),
			"erred": states.get("erred", 0),
			"released": states.get("released", 0),
			"in_flight": sum(states.get(state, 0) for state in IN_FLIGHT),
			"held": sum(v for k, v in states.items() if k != "forgotten"),
		}
	active = sum(1 for ts in s.tasks.values() if ts.state in IN_FLIGHT)
	return {"prefixes": out, "active": active, "time": time.time()}


def truth(client):
	return client.run_on_scheduler(moment, list(PREFIXES))


def phase(client, name):
	emit({"event": name, "truth": truth(client)})
	if not sys.stdin.readline():
		raise SystemExit(1)


def idle(client):
	return wait_for("the cluster to be idle", lambda: truth(client)["active"] == 0)


def main():
	client = Client(sys.argv[1], timeout=30)
	token = secrets.token_hex(4)
	first = client.map(tasks.inc, range(20), key=[f"load-{i}-{token}" for i in range(20)], pure=False)
	wait(first, timeout=60)
	phase(client, "first")
	del first
	wait_for("the first run to be forgotten", lambda: truth(client)["prefixes"]["load"]["held"] == 0)
	idle(client)

	again = secrets.token_hex(4)
	go = secrets.token_hex(4)
	client.run(tasks.release, go)  # tasks waiting on `go` return at once; those on `again` block
	# One graph (no idle moment between its parts): the first 8 in priority order are quick, so they
	# run before the 12 blockers take every thread.
	futures = client.map(
		tasks.slow_process, range(20), [go] * 8 + [again] * 12, [900] * 20,
		key=[f"load-{i}-{again}" for i in range(20)], pure=False,
	)
	quick, blocked = futures[:8], futures[8:]
	del futures

	def rerun_in_place():
		t = truth(client)
		load = t["prefixes"]["load"]
		return load["memory"] == 8 and load["in_flight"] == 12 and t
	wait_for("8 quick tasks done and 12 blocked", rerun_in_place)
	phase(client, "rerun")

	client.cancel(blocked, force=True)
	client.run(tasks.release, again)
	del blocked
	wait_for("the blocked tasks to be gone", lambda: truth(client)["prefixes"]["load"]["in_flight"] == 0)
	idle(client)
	phase(client, "cancel")

	boom = secrets.token_hex(4)
	exploded = client.map(tasks.explode, range(6), key=[f"explode-{i}-{boom}" for i in range(6)], pure=False)
	summary = client.submit(tasks.summarize, exploded, key=f"summarize-{boom}", pure=False)
	wait(exploded + [summary], timeout=60)
	idle(client)
	phase(client, "erred")

	del quick, exploded, summary
	wait_for("everything forgotten", lambda: all(p["held"] == 0 for p in truth(client)["prefixes"].values()))
	client.close()
	emit({"event": "stopped"})
	return 0


if __name__ == "__main__":
	sys.exit(main())
