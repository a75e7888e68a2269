"""Task functions of the end-to-end workloads (test/e2e/cluster/workload.py).

The harness puts this directory on the workers' PYTHONPATH, so cloudpickle sends these functions
by reference and the module's state (release events, memory held outside Dask) lives once per
worker process, where `client.run(release, token)` can reach it.
"""

import csv
import gc
import io
import threading
import time

import psutil

_lock = threading.Lock()
_release_events = {}
_stalled_since = {}
_held_unmanaged = {}


def _release_event(token):
	with _lock:
		return _release_events.setdefault(token, threading.Event())


def inc(x):
	return x + 1


def burn(index, seconds):
	"""Pure Python on the CPU for `seconds` (holding the GIL, as most Python code does)."""
	end = time.perf_counter() + seconds
	count = 0
	while time.perf_counter() < end:
		count += 1
	return index


def nap(index, seconds):
	time.sleep(seconds)
	return index


def total(values):
	return sum(values)


def load_csv(index, rows=2000):
	"""Parse a generated CSV document: a small, real piece of CPU work that leaves a result in memory."""
	text = "id,value\n" + "".join(f"{index * rows + row},{row * 0.5}\n" for row in range(rows))
	return [(int(record["id"]), float(record["value"])) for record in csv.DictReader(io.StringIO(text))]


def make_blob(index, nbytes):
	"""Bytes whose pages are all written, so they count in the worker's RSS (bytes(n) would not)."""
	return bytes([index % 251 + 1]) * nbytes


_lingering = []


def lingering_blob(index, nbytes, keep_seconds):
	"""make_blob whose memory the process keeps for keep_seconds after it was made, whether or not Dask
	still holds the key (a library cache, an allocator that returns memory late): once the scheduler
	forgets the key, the worker's process memory follows seconds later, which is Dask's unmanaged_recent.
	Each blob's memory is its own (an index makes its bytes), so five count five times in RSS."""
	import threading

	blob = make_blob(index, nbytes)
	_lingering.append(blob)
	threading.Timer(keep_seconds, _lingering.remove, [blob]).start()
	return blob


def explode(index):
	raise ValueError(f"explode {index}: malformed record")


def divide(index):
	return index / 0


def summarize(values):
	return len(values)


def slow_process(index, token, max_seconds):
	"""Sleep at 0 % CPU until the workload releases its token (or max_seconds pass)."""
	_release_event(token).wait(max_seconds)
	return index


def stall(token, max_seconds):
	"""Block one worker thread on a threading.Event at 0 % CPU until released (max_seconds is a backstop)."""
	with _lock:
		_stalled_since[token] = time.time()
	_release_event(token).wait(max_seconds)
	with _lock:
		_stalled_since.pop(token, None)
	return "released"


def stalled_since(token):
	"""Epoch seconds at which this worker's stall task for the token started blocking, or None."""
	with _lock:
		return _stalled_since.get(token)


def hold_unmanaged(token, target_rss_bytes, chunk_bytes, max_seconds):
	"""Allocate memory Dask does not manage, chunk by chunk, until this process's RSS reaches the target.

	The pauses between chunks let the worker's memory monitor spill managed data meanwhile. Returns the
	bytes held; they stay held (per token) until release(token)."""
	process = psutil.Process()
	deadline = time.monotonic() + max_seconds
	with _lock:
		held = _held_unmanaged.setdefault(token, [])
	while process.memory_info().rss < target_rss_bytes and time.monotonic() < deadline:
		held.append(b"\x01" * chunk_bytes)
		time.sleep(0.05)
	return sum(len(chunk) for chunk in held)


def release(token):
	"""Wake this worker's tasks blocked on the token and drop the memory held for it."""
	_release_event(token).set()
	with _lock:
		_held_unmanaged.pop(token, None)
	gc.collect()
	return True
