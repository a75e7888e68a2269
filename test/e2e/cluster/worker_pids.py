"""Print {worker address: PID of the process running the Worker} as JSON.

Usage: /usr/bin/python3 worker_pids.py SCHEDULER_ADDRESS

For a worker under a nanny this is the spawned worker process, not the nanny: killing it with
SIGKILL kills the worker itself.
"""

import json
import os
import sys

from distributed import Client


def main():
	with Client(sys.argv[1], timeout=30) as client:
		print(json.dumps(client.run(os.getpid)))


if __name__ == "__main__":
	main()
