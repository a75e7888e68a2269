"""Keys on chosen workers, and who holds them, for the retire test.

Usage:
  /usr/bin/python3 retire_data.py hold SCHEDULER_ADDRESS WORKER_ADDRESS=N [WORKER_ADDRESS=N ...]
      scatters N small values to each worker (keys `held-<name>-i`), prints one JSON line
      {"keys": [...], "who_has": {key: [address, ...]}}, then holds them until stdin closes.
  /usr/bin/python3 retire_data.py who_has SCHEDULER_ADDRESS
      prints {key: [address, ...]} for every key the scheduler knows, and exits.
"""

import json
import sys

from distributed import Client


def main():
	mode, address = sys.argv[1], sys.argv[2]
	with Client(address, timeout=20) as client:
		if mode == "who_has":
			print(json.dumps({str(k): sorted(v) for k, v in client.who_has().items()}), flush=True)
			return
		futures = []
		for spec in sys.argv[3:]:
			worker, count = spec.rsplit("=", 1)
			data = {f"held-{worker.rsplit(':', 1)[1]}-{i}": list(range(1000 + i)) for i in range(int(count))}
			futures += client.scatter(data, workers=[worker], broadcast=False).values()
		who_has = {str(k): sorted(v) for k, v in client.who_has(futures).items()}
		print(json.dumps({"keys": [f.key for f in futures], "who_has": who_has}), flush=True)
		sys.stdin.read()


main()
