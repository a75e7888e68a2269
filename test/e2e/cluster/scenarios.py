"""A diagnosis scenario: a Dask client that makes one cause of a slow or sick run happen for real.

Usage: PYTHON scenarios.py SCHEDULER_ADDRESS SCENARIO

Scenarios (scenario_work.py, scenario_memory.py, scenario_loop.py): straggler, skew, no-worker,
scheduler-bound, transfer-bound, hung, gil-held, gil-bound, memory-pressure, worker-lost, spilling, and
the healthy ones of the same size: balanced, spill-keeps-up, short-pause, scatter-freeze,
client-leaving.

Prints JSON lines on stdout:
  {"event": "onset", "at": EPOCH_S, "subject": {...} | null, "truth": {...}}
      the moment the cause holds, by the scheduler's (or the tasks') own account; subject is
      {"kind": "worker"|"prefix"|"cluster", "id": ..., "name": ...}; a healthy scenario reports the
      moment its work is in full swing, with subject null
  {"event": "note", ...}    a later moment worth knowing (a pause that ended, the worker that replaced one)
  {"event": "end", "at": EPOCH_S, "truth": {...}}   after stdin closes (or SIGTERM): what the run did
  {"event": "stopped"}      everything released, the scheduler holds none of its keys; exit 0
  {"event": "error", "message": ...}                 exit 1
The work goes on from onset until stdin closes.
"""

import json
import secrets
import signal
import sys
import threading
import time

from distributed import Client

import scenario_loop
import scenario_memory
import scenario_tasks as tasks
import scenario_work
from e2e_wait import wait_for

SCENARIOS = {**scenario_work.SCENARIOS, **scenario_memory.SCENARIOS, **scenario_loop.SCENARIOS}


def emit(document):
	sys.stdout.write(json.dumps(document) + "\n")
	sys.stdout.flush()


def _token_states(token, dask_scheduler=None):
	states = {}
	for key, ts in dask_scheduler.tasks.items():
		if token in str(key):
			states[ts.state] = states.get(ts.state, 0) + 1
	return states


class Context:
	"""What a scenario function gets: the client, its key token, the stop signal and the reporting."""

	def __init__(self, client, token):
		self.client = client
		self.token = token
		self.stop = threading.Event()
		self.held = []
		self.onset_at = None

	def key(self, prefix, index):
		return f"{prefix}-{index}-{self.token}"

	def keys(self, prefix, count, start=0):
		return [self.key(prefix, i) for i in range(start, start + count)]

	def worker(self, name):
		"""The address of the worker of that name, as the scheduler knows it now."""
		found = self.client.run_on_scheduler(_worker_address, name)
		if found is None:
			raise RuntimeError(f"no worker named {name!r} on the cluster")
		return found

	def worker_subject(self, name):
		return {"kind": "worker", "id": self.worker(name), "name": name}

	def onset(self, subject, truth, at=None):
		self.onset_at = time.time() if at is None else at
		emit({"event": "onset", "at": self.onset_at, "subject": subject, "truth": truth})

	def note(self, **fields):
		emit({"event": "note", "at": time.time(), **fields})

	def wait_stop(self, timeout=None):
		"""True once stdin closed (or SIGTERM)."""
		return self.stop.wait(timeout)


def _worker_address(name, dask_scheduler=None):
	for ws in dask_scheduler.workers.values():
		if str(ws.name) == name:
			return ws.address
	return None


def _release_everything(ctx):
	try:
		ctx.client.run(tasks.release)
	except Exception:
		pass  # a worker may be gone (worker-lost): nothing of ours is left on it
	ctx.client.cancel(ctx.held, force=True)
	ctx.held.clear()
	wait_for(
		"the scheduler to forget the scenario's keys",
		lambda: not ctx.client.run_on_scheduler(_token_states, ctx.token),
		60,
	)
	# The next scenario's idle baseline needs idle workers: wait until every worker's event loop
	# answers at once again (freeing what was spilled, a last GIL-holding task, can keep it busy).
	wait_for("every worker's event loop to answer within 0.2 s, three times in a row", lambda: _responsive(ctx), 60)


def _responsive(ctx):
	for _ in range(3):
		began = time.monotonic()
		try:
			ctx.client.run(_noop)
		except OSError:
			# A worker too busy to finish the handshake in Dask's 30 s (a loaded head node after the
			# scheduler-bound flood): not responsive yet, ask again.
			return False
		if time.monotonic() - began > 0.2:
			return False
		time.sleep(0.5)
	return True


def _noop():
	return None


def _watch_stdin(ctx):
	try:
		sys.stdin.read()
	finally:
		ctx.stop.set()


def main():
	address, name = sys.argv[1], sys.argv[2]
	if name not in SCENARIOS:
		emit({"event": "error", "message": f"unknown scenario {name!r} ({', '.join(sorted(SCENARIOS))})"})
		return 1
	client = Client(address, timeout=30)
	ctx = Context(client, secrets.token_hex(4))
	signal.signal(signal.SIGTERM, lambda signum, frame: ctx.stop.set())
	threading.Thread(target=_watch_stdin, args=(ctx,), daemon=True).start()
	code = 0
	try:
		client.run(tasks.reset)
		truth = SCENARIOS[name](ctx)
		emit({"event": "end", "at": time.time(), "truth": truth})
	except Exception as error:
		emit({"event": "error", "message": f"{type(error).__name__}: {error}"})
		code = 1
	ctx.stop.set()
	_release_everything(ctx)
	client.close()
	emit({"event": "stopped"})
	return code


if __name__ == "__main__":
	sys.exit(main())
