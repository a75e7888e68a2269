"""Dask preload: stop this process when the test process that started the cluster is gone.

The harness passes `--preload` (scheduler, worker without nanny) or `--preload-nanny` with this file
and sets DASK_TOP_E2E_OWNER_PID. If that PID disappears (the test run was killed and its own cleanup
never ran), the process sends itself SIGTERM, which Dask handles as a graceful close, and exits hard
10 s later if it is still alive. A nanny's close also stops its worker.
"""

import os
import signal
import threading
import time


def _owner_alive(pid):
	try:
		os.kill(pid, 0)
	except ProcessLookupError:
		return False
	except PermissionError:
		return True
	return True


def _watch(pid):
	while _owner_alive(pid):
		time.sleep(1)
	os.kill(os.getpid(), signal.SIGTERM)
	time.sleep(10)
	os._exit(1)


def dask_setup(server):
	pid = int(os.environ.get("DASK_TOP_E2E_OWNER_PID", "0"))
	if pid > 0:
		threading.Thread(target=_watch, args=(pid,), name="dask-top-e2e-owner-watch", daemon=True).start()
