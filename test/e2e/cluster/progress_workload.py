"""Task-progress phases on a private cluster, each held still until the test says "next" on stdin.

Usage: PYTHON progress_workload.py SCHEDULER_ADDRESS

Phases (each prints one JSON line {"event": PHASE, "truth": ...} once in place, then waits for a
line on stdin):
  first    20 `load` tasks computed, held, then released: the scheduler forgets them (idle after)
  rerun    the same prefix again, 100 tasks in one graph: 35 quick ones done and held, 65 blocked
           at 0 % CPU (processing on the 5 threads or queued): nothing moves until the next phase
  cancel   the 65 blocked tasks cancelled (the client lets go of them mid-run); the 35 stay held by
           this client, nothing in flight
  midrun   a graph that releases its intermediates: 100 `inc` (81 done, 19 blocked) each feeding
           one `dbl`, all feeding one `total`; each `inc` result is released once its `dbl` has it
           (the 81 quick chains are submitted and finished first, then the rest and the total)
  erred    6 `explode` tasks raise and `summarize` (depends on them) errs by blame
Then it releases everything, waits for the scheduler to forget it, prints {"event": "stopped"}.

`truth` is the scheduler's own per-prefix task states (TaskPrefix.states, the Bokeh progress
bars' source) and the cluster's tasks in flight and in memory, from one run_on_scheduler call.
"""

import json
import secrets
import sys
import time

from distributed import Client, wait

import dasktop_e2e_tasks as tasks
from e2e_wait import wait_for

IN_FLIGHT = ("waiting", "queued", "processing", "no-worker")
PREFIXES = ("load", "inc", "dbl", "total", "explode", "summarize")


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
	memory = sum(1 for ts in s.tasks.values() if ts.state == "memory")
	return {"prefixes": out, "active": active, "memory": memory}


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
	# One graph (no idle moment between its parts): the first 35 in priority order are quick, so they
	# run before the 65 blockers take every thread.
	futures = client.map(
		tasks.slow_process, range(100), [go] * 35 + [again] * 65, [900] * 100,
		key=[f"load-{i}-{again}" for i in range(100)], pure=False,
	)
	quick, blocked = futures[:35], futures[35:]
	del futures

	def rerun_in_place():
		t = truth(client)
		load = t["prefixes"]["load"]
		return load["memory"] == 35 and load["in_flight"] == 65 and t
	wait_for("35 quick tasks done and 65 blocked", rerun_in_place)
	phase(client, "rerun")

	client.cancel(blocked, force=True)
	client.run(tasks.release, again)
	del blocked
	wait_for("the blocked tasks to be gone", lambda: truth(client)["prefixes"]["load"]["in_flight"] == 0)
	idle(client)
	phase(client, "cancel")
	del quick
	wait_for("the held results to be forgotten", lambda: truth(client)["prefixes"]["load"]["held"] == 0)

	late = secrets.token_hex(4)
	block = secrets.token_hex(4)
	client.run(tasks.release, late)
	# The chains of the 81 quick incs run first (a blocked inc would hold a thread a dbl needs), then
	# the 19 blocked ones and the total over every dbl.
	keys = [f"inc-{i}-{late}" for i in range(100)]
	incs = client.map(tasks.slow_process, range(81), [late] * 81, [900] * 81, key=keys[:81], pure=False)
	dbls = client.map(tasks.inc, incs, key=[f"dbl-{i}-{late}" for i in range(81)], pure=False)
	wait(dbls, timeout=60)
	incs += client.map(tasks.slow_process, range(81, 100), [block] * 19, [900] * 19, key=keys[81:], pure=False)
	dbls += client.map(tasks.inc, incs[81:], key=[f"dbl-{i}-{late}" for i in range(81, 100)], pure=False)
	result = client.submit(tasks.total, dbls, key=f"total-{late}", pure=False)
	del incs, dbls  # only the total is wanted: each inc is released once its dbl holds the value

	def midrun_in_place():
		t = truth(client)
		p = t["prefixes"]
		return p["dbl"]["memory"] == 81 and p["inc"]["in_flight"] == 19 and p["inc"]["memory"] == 0 and t
	wait_for("81 incs done and released, 19 blocked", midrun_in_place)
	phase(client, "midrun")
	client.run(tasks.release, block)
	wait([result], timeout=60)
	del result
	wait_for(
		"the graph to be forgotten",
		lambda: all(truth(client)["prefixes"][p]["held"] == 0 for p in ("inc", "dbl", "total")),
	)
	idle(client)
	time.sleep(2.5)  # an idle moment the TUI (polling every 1 s) sees: the next run is counted from it

	boom = secrets.token_hex(4)
	exploded = client.map(tasks.explode, range(6), key=[f"explode-{i}-{boom}" for i in range(6)], pure=False)
	summary = client.submit(tasks.summarize, exploded, key=f"summarize-{boom}", pure=False)
	wait(exploded + [summary], timeout=60)
	idle(client)
	phase(client, "erred")

	del exploded, summary
	wait_for("everything forgotten", lambda: all(p["held"] == 0 for p in truth(client)["prefixes"].values()))
	client.close()
	emit({"event": "stopped"})
	return 0


if __name__ == "__main__":
	sys.exit(main())
