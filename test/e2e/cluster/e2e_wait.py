"""Polling shared by the end-to-end client scripts (workload.py, progress_workload.py, the scenarios)."""

import time


def wait_for(description, check, timeout_seconds=60, every=0.1):
	"""Call `check` every `every` s until it returns something truthy (returned), or fail after the timeout."""
	deadline = time.monotonic() + timeout_seconds
	while True:
		result = check()
		if result:
			return result
		if time.monotonic() > deadline:
			raise RuntimeError(f"timed out after {timeout_seconds} s waiting for {description}")
		time.sleep(every)
