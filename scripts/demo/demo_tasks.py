"""Task functions of the demo workload (scripts/demo/demo_workload.py).

scripts/record-demo.sh puts this directory on the workers' PYTHONPATH, so cloudpickle sends these
functions by reference and module state (release events, memory held outside Dask) lives once per
worker process, where `client.run(release, token)` reaches it.
"""

import csv
import gc
import io
import threading
import time

import psutil
from distributed import get_worker

_lock = threading.Lock()
_events = {}
_held = {}


def _event(token):
	with _lock:
		return _events.setdefault(token, threading.Event())


def inc(x, seconds=0.0):
	time.sleep(seconds)
	return x + 1


def total(values):
	return sum(values)


def load_csv(index, rows=4000):
	"""Parse a generated CSV document: real CPU work that leaves a result in memory."""
	text = "id,value\n" + "".join(f"{index * rows + row},{row * 0.5}\n" for row in range(rows))
	return [(int(r["id"]), float(r["value"])) for r in csv.DictReader(io.StringIO(text))]


def crunch(index, seconds):
	"""Busy CPU for about `seconds`."""
	deadline = time.monotonic() + seconds
	value = index
	while time.monotonic() < deadline:
		value = (value * 1103515245 + 12345) % 2**31
	return value


def make_blob(index, nbytes):
	"""Bytes whose pages are all written, so they count in the worker's RSS."""
	return bytes([index % 251 + 1]) * nbytes


def explode(index):
	raise ValueError(f"explode {index}: malformed record")


def divide(index):
	return index / 0


def parse_record(index):
	return {"id": index}["value"]


def summarize(values):
	return len(values)


def wait_release(index, token, max_seconds):
	"""Sleep at 0 % CPU until released (or max_seconds pass)."""
	_event(token).wait(max_seconds)
	return index


def hold_unmanaged(token, ceiling_rss_bytes, chunk_bytes, max_seconds):
	"""Allocate memory Dask does not manage, a chunk at a time while the worker runs (never past the ceiling
	of RSS), until it has stayed paused for 2 s: on a loaded machine its spilling brings it back under the
	pause threshold a few times first. Kept until release(token)."""
	process = psutil.Process()
	worker = get_worker()
	deadline = time.monotonic() + max_seconds
	paused_since = None
	with _lock:
		held = _held.setdefault(token, [])
	while time.monotonic() < deadline:
		if worker.status.name == "paused":
			paused_since = paused_since or time.monotonic()
			if time.monotonic() - paused_since >= 2:
				break
		else:
			paused_since = None
			if process.memory_info().rss < ceiling_rss_bytes:
				held.append(b"\x01" * chunk_bytes)
		time.sleep(0.2)
	return sum(len(chunk) for chunk in held)


def release(token):
	_event(token).set()
	with _lock:
		_held.pop(token, None)
	gc.collect()
	return True
