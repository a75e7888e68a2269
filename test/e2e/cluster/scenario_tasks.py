"""Task and worker-side functions of the diagnosis scenarios (scenarios.py).

The harness puts this directory on the workers' PYTHONPATH: cloudpickle sends these functions by
reference, so the module's state (a worker's slow factor, memory held outside Dask, release events,
the times tasks ran) lives once per worker process, where `client.run` reaches it.
"""

import ctypes
import gc
import threading
import time

import psutil

_lock = threading.Lock()
_slow_factor = [1.0]
_release = threading.Event()
_held = []  # memory Dask does not manage (chunks of bytes), dropped by release()
_spans = {}  # label -> [(start, end)] of the tasks that ran here, epoch seconds
_ramp = {}


def _note(label, start, end):
	with _lock:
		_spans.setdefault(label, []).append((start, end))


def spans(label):
	"""[(start, end)] epoch seconds of the tasks with that label that ran on this worker."""
	with _lock:
		return list(_spans.get(label, []))


def set_slow_factor(factor):
	"""From now on this worker's sleepy tasks take `factor` times as long (a slow disk, a noisy neighbour)."""
	_slow_factor[0] = float(factor)
	return factor


def sleepy(index, seconds, label):
	"""Wait `seconds` x this worker's slow factor at 0 % CPU (a read from slow storage), return index."""
	start = time.time()
	_release.wait(seconds * _slow_factor[0])
	_note(label, start, time.time())
	return index


def zeros(nbytes):
	"""nbytes of zeros whose pages are all written (they count in RSS), read from /dev/zero: the kernel
	faults the pages in while the GIL is released. bytes(n) or bytearray(n) would fault them in holding
	the GIL, which on a busy host blocks the worker's event loop for seconds."""
	with open("/dev/zero", "rb", buffering=0) as source:
		return source.read(nbytes)


def blob(index, nbytes, seconds=0.0):
	"""nbytes of new data (index is for the key), after `seconds` of waiting."""
	if seconds:
		_release.wait(seconds)
	return zeros(nbytes)


_shared = {}


def shared_blob(index, nbytes, seconds=0.0):
	"""After `seconds` of waiting, this worker's one buffer of nbytes: Dask counts nbytes of data under
	each key that holds it (and writes nbytes to disk for each key it spills), while the process holds
	it once. A task whose work is only to make its (large) result."""
	if seconds:
		_release.wait(seconds)
	with _lock:
		if len(_shared.get("buffer", b"")) != nbytes:
			_shared["buffer"] = zeros(nbytes)
		return _shared["buffer"]


def checksum(data, index):
	"""A trivial look at a (possibly spilled, now read back) blob."""
	return (index, len(data), data[0] if data else 0)


def consume(data, index):
	return (index, len(data))


def never_returns(label, max_seconds):
	"""Block at 0 % CPU until release() (max_seconds is a backstop)."""
	start = time.time()
	_note(label, start, None)
	_release.wait(max_seconds)
	return label


def hold_gil(index, seconds, label):
	"""One C call that keeps the GIL for `seconds` of wall time: libc's sleep() called through
	ctypes.PyDLL, which (unlike ctypes.CDLL) does not release the GIL, as a C extension that forgets
	to release it does. No other thread of the process, the worker's event loop included, runs
	meanwhile, however loaded the machine is. Returns the measured hold."""
	start = time.time()
	ctypes.PyDLL(None).sleep(int(round(seconds)))
	end = time.time()
	_note(label, start, end)
	return end - start


def spin(index, iterations, label):
	"""Pure Python work holding the GIL throughout (a tokenizer in a loop): `iterations` additions,
	about 0.1 s on a free core for 2,000,000. Threads of one process running it take turns on one core."""
	start = time.time()
	total = 0
	for i in range(iterations):
		total += i
	_note(label, start, time.time())
	return index


def process_cpu_seconds():
	"""CPU seconds (user + system) this process has used, and the wall clock (epoch s)."""
	times = psutil.Process().cpu_times()
	return times.user + times.system, time.time()


_probes = {}


def start_loop_probe(every=0.02, dask_worker=None, dask_scheduler=None):
	"""From a thread of its own, ask this process's event loop to run a callback every `every` s and note
	how long each waited: the loop's freezes, as Dask's tick (distributed.admin.tick) measures them."""
	loop = (dask_worker or dask_scheduler).loop
	stop = threading.Event()
	lags = []

	def probe():
		while not stop.is_set():
			ran = threading.Event()
			asked = time.monotonic()
			loop.add_callback(ran.set)
			while not ran.wait(1.0) and not stop.is_set():
				pass
			lags.append((time.time(), time.monotonic() - asked))
			stop.wait(every)

	_probes["loop"] = (stop, lags)
	threading.Thread(target=probe, name="scenario-loop-probe", daemon=True).start()
	return True


def loop_freezes(since=0.0):
	"""The loop's longest wait since `since` (epoch s) and when it ended; the probe goes on."""
	_, lags = _probes.get("loop", (None, []))
	after = [(at, lag) for at, lag in list(lags) if at >= since]
	if not after:
		return {"longest_seconds": None, "at": None, "samples": 0}
	at, lag = max(after, key=lambda sample: sample[1])
	return {"longest_seconds": round(lag, 3), "at": at, "samples": len(after)}


def stop_loop_probe():
	stop, _ = _probes.pop("loop", (threading.Event(), []))
	stop.set()
	return True


# Chunks of memory held outside Dask: above glibc's largest mmap threshold (32 MiB), so every chunk is
# its own mapping and freeing it gives the memory back to the system at once, however often a worker
# fills and frees.
CHUNK_BYTES = 40 * 2**20


def fill_unmanaged(fraction, chunk_bytes=CHUNK_BYTES, pause_seconds=0.01):
	"""Allocate memory Dask does not manage until this process's RSS is `fraction` of its memory limit.
	Returns the RSS reached. The memory stays held until release()."""
	from distributed import get_worker

	limit = get_worker().memory_manager.memory_limit
	process = psutil.Process()
	deadline = time.monotonic() + 60
	while process.memory_info().rss < fraction * limit and time.monotonic() < deadline:
		chunk = zeros(chunk_bytes)
		with _lock:
			_held.append(chunk)
		time.sleep(pause_seconds)
	return process.memory_info().rss


def drop_unmanaged():
	"""Free the memory fill_unmanaged held; return the RSS after."""
	with _lock:
		_held.clear()
	gc.collect()
	return psutil.Process().memory_info().rss


def start_ramp(bytes_per_second, chunk_bytes=CHUNK_BYTES):
	"""In a background thread, allocate memory Dask does not manage at a steady pace, without end:
	under a nanny the worker is killed once its RSS passes the terminate threshold. Returns at once."""

	def ramp():
		step = chunk_bytes / bytes_per_second
		while not _release.is_set():
			chunk = zeros(chunk_bytes)
			with _lock:
				_held.append(chunk)
			time.sleep(step)

	thread = threading.Thread(target=ramp, name="scenario-memory-ramp", daemon=True)
	_ramp["thread"] = thread
	thread.start()
	return psutil.Process().memory_info().rss


def gil_metrics_exposed():
	"""Whether this process can count GIL contention (Dask reads it through gilknocker)."""
	try:
		import gilknocker  # noqa: F401
	except ImportError:
		return False
	return True


def reset():
	"""A new scenario on this worker: no slow factor, nothing held or noted, nothing released yet."""
	_release.clear()
	_slow_factor[0] = 1.0
	with _lock:
		_spans.clear()
		_shared.clear()
	drop_unmanaged()
	return True


def release():
	"""Wake every waiting task, stop a ramp and a loop probe, drop held memory."""
	_release.set()
	stop_loop_probe()
	with _lock:
		_shared.clear()
	drop_unmanaged()
	return True
