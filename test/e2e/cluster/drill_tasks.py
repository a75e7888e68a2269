"""Task functions of the drill-down end-to-end test (drill_workload.py): one that blocks in a
function the test names, one that raises an exception with a text the test chooses, one that logs a
line on a worker's `distributed.worker` logger. On the workers' PYTHONPATH (the harness puts this
directory there), so their frames point at this file.
"""

import logging
import threading

_lock = threading.Lock()
_events = {}


def _event(token):
	with _lock:
		return _events.setdefault(token, threading.Event())


def drill_blocked_here(token, max_seconds):
	"""Wait, at 0 % CPU, until release(token) (max_seconds is a backstop)."""
	_event(token).wait(max_seconds)
	return "released"


class DrillError(Exception):
	"""An exception whose repr (what Dask shows as the exception's text) is its text as it is, controls included."""

	def __repr__(self):
		return f"DrillError({self.args[0]})"


def drill_raise_chosen(text):
	raise DrillError(text)


def drill_log_line(text):
	logging.getLogger("distributed.worker").warning(text)
	return True


def release(token):
	_event(token).set()
	return True
