#!/usr/bin/env bash
# Records the bundled demo (media/demo.ndjson.gz) from a real cluster: starts Debian's Dask
# (scheduler + alpha 2 threads 2 GiB nanny, beta 1 thread 600 MB nanny, gamma 2 threads 1 GiB no
# nanny) on free loopback ports, records it with dask-top itself (`--record` under its full screen,
# in tmux) while scripts/demo/demo_workload.py goes busy → memory pressure and spilling → errors
# → gamma SIGKILLed → recovery (a replacement worker, delta, joins), then stops everything. On the
# way it opens what a user would: alpha's call stacks (S) while busy, the erred tasks (E) after the
# errors and the scheduler's log (L) after the kill, so the recording carries those pages as a live
# session records them, and the demo's S, E and L show them.
# Re-runnable; every process it started is stopped on any exit. Takes about 3 minutes.
# Usage: scripts/record-demo.sh [OUTPUT]   (default media/demo.ndjson.gz)
#        DASK_TOP_CLI=path/to/dask-top.cjs scripts/record-demo.sh   (record with another build)
set -euo pipefail
cd "$(dirname "$0")/.."

PY=/usr/bin/python3
out=${1:-media/demo.ndjson.gz}
work=$(mktemp -d)
groups=()
socket="dask-top-demo-$$"

cleanup() {
	local status=$?
	trap - EXIT INT TERM HUP
	tmux -L "$socket" kill-server 2>/dev/null || true
	for group in "${groups[@]}"; do kill -TERM -- "-$group" 2>/dev/null || true; done
	for _ in $(seq 30); do
		local alive=0
		for group in "${groups[@]}"; do kill -0 -- "-$group" 2>/dev/null && alive=1; done
		[ "$alive" = 0 ] && break
		sleep 0.1
	done
	for group in "${groups[@]}"; do kill -KILL -- "-$group" 2>/dev/null || true; done
	case $status in
		0) ;;
		129 | 130 | 143) echo "record-demo: stopped by a signal; $out left as it was" >&2 ;;
		*)
			echo "record-demo: failed (exit $status); logs:" >&2
			tail -n 15 "$work"/*.log >&2 2>/dev/null || true
			;;
	esac
	rm -rf "$work"
	exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

"$PY" -c 'import distributed, prometheus_client' 2>/dev/null || {
	echo "record-demo: Debian's Dask is missing: apt-get install -y --no-install-recommends python3-distributed python3-prometheus-client" >&2
	exit 1
}
cli=${DASK_TOP_CLI:-dist/dask-top.cjs}
[ -n "${DASK_TOP_CLI:-}" ] || node scripts/build.mjs --if-stale

# Every process is the leader of its own group (setsid), so a nanny and its worker stop together.
start() { # name, then the command
	local name=$1; shift
	setsid "$@" >"$work/$name.log" 2>&1 < /dev/null &
	disown "$!" 2>/dev/null || true
	groups+=("$!")
}

read -r sched_port http_port a_port a_http a_nanny b_port b_http b_nanny g_port g_http d_port d_http < <("$PY" - <<'PY'
import socket
socks = [socket.socket() for _ in range(12)]
for s in socks: s.bind(("127.0.0.1", 0))
print(" ".join(str(s.getsockname()[1]) for s in socks))
PY
)
sched="tcp://127.0.0.1:$sched_port"
url="http://127.0.0.1:$http_port/"
mkdir -p "$work/dask-config"
export DASK_CONFIG="$work/dask-config" PYTHONPATH="$PWD/scripts/demo" PYTHONUNBUFFERED=1
export DASK_DISTRIBUTED__SCHEDULER__HTTP__ROUTES="['distributed.http.scheduler.prometheus', 'distributed.http.scheduler.info', 'distributed.http.scheduler.json', 'distributed.http.health', 'distributed.http.proxy', 'distributed.http.statics', 'distributed.http.scheduler.api']"

worker() { # name threads memory worker-port http-port nanny-port|none
	local nanny=(--no-nanny)
	[ "$6" != none ] && nanny=(--nanny --nanny-port "$6")
	start "$1" "$PY" -m distributed.cli.dask_worker "$sched" --host 127.0.0.1 --name "$1" --nthreads "$2" \
		--memory-limit "$3" --worker-port "$4" --dashboard-address "127.0.0.1:$5" --local-directory "$work/work-$1" "${nanny[@]}"
}

start scheduler "$PY" -m distributed.cli.dask_scheduler --host 127.0.0.1 --port "$sched_port" \
	--dashboard-address "127.0.0.1:$http_port" --no-show
worker alpha 2 2147483648 "$a_port" "$a_http" "$a_nanny"
worker beta 1 600000000 "$b_port" "$b_http" "$b_nanny"
worker gamma 2 1073741824 "$g_port" "$g_http" none

echo "record-demo: waiting for the scheduler at $url and 3 workers"
for _ in $(seq 600); do
	n=$(curl -fsS "${url}json/identity.json" 2>/dev/null | "$PY" -c 'import json,sys; print(len(json.load(sys.stdin)["workers"]))' 2>/dev/null || echo 0)
	[ "$n" = 3 ] && break
	sleep 0.1
done
[ "$n" = 3 ] || { echo "record-demo: the cluster did not start" >&2; exit 1; }

command -v tmux >/dev/null || { echo "record-demo: tmux is missing (apt-get install tmux)" >&2; exit 1; }
tmp="$work/demo.ndjson.gz"
# The recorder is a live session on a terminal (tmux, 120x40): keys open the drill-down panels.
tmux -L "$socket" new-session -d -x 120 -y 40 "CI=true node $cli --record $tmp $url 2>$work/recorder.log; echo \$? >$work/recorder.exit"
sleep 2
[ -f "$work/recorder.exit" ] && { echo "record-demo: dask-top --record exited: $(cat "$work/recorder.log")" >&2; exit 1; }
panel() { # keys that open a panel; it stays open a few seconds (its page is read), then Escape
	sleep "$1"; shift
	for key in "$@"; do tmux -L "$socket" send-keys "$key"; sleep 0.3; done
	sleep 4
	tmux -L "$socket" send-keys Escape
}

echo "record-demo: recording; workload running"
: >"$work/workload.log"
start workload "$PY" scripts/demo/demo_workload.py "$sched"
workload=${groups[-1]}
shown=0
delta=
opened=
report() { # prints the workload's new story lines
	local lines
	lines=$(wc -l < "$work/workload.log")
	[ "$lines" -gt "$shown" ] && sed -n "$((shown + 1)),${lines}p" "$work/workload.log" | grep -E '^(phase|gamma-killed|note|done)' | sed 's/^/record-demo: /'
	shown=$lines
}
while kill -0 "$workload" 2>/dev/null; do
	report || true
	# S on the table's first row (alpha) while it computes; E once tasks erred; L once gamma is gone.
	if [ -z "$opened" ] && grep -q '^phase busy' "$work/workload.log"; then panel 6 S & opened=stacks; fi
	if [ "$opened" = stacks ] && grep -q '^phase kill' "$work/workload.log"; then panel 0 E & opened=errors; fi
	if [ "$opened" = errors ] && grep -q '^gamma-killed' "$work/workload.log"; then panel 2 L & opened=logs; fi
	if [ -z "$delta" ] && grep -q '^gamma-killed' "$work/workload.log"; then
		sleep 8 # the cluster runs on two workers for a while, then a replacement joins
		worker delta 2 1073741824 "$d_port" "$d_http" none
		delta=started
	fi
	sleep 0.5
done
report || true
grep -q '^done' "$work/workload.log" || { echo "record-demo: the workload failed" >&2; exit 1; }

wait # the last panel closed
[ "$opened" = logs ] || { echo "record-demo: the panels were not all opened ($opened)" >&2; exit 1; }
tmux -L "$socket" send-keys q
for _ in $(seq 50); do [ -f "$work/recorder.exit" ] && break; sleep 0.1; done
[ "$(cat "$work/recorder.exit" 2>/dev/null)" = 0 ] || { echo "record-demo: the recorder did not stop on q: $(cat "$work/recorder.log")" >&2; exit 1; }
mkdir -p "$(dirname "$out")"
mv "$tmp" "$out"
rounds=$(( $(gzip -dc "$out" | wc -l) - 1 ))
echo "record-demo: wrote $out: $rounds rounds, $(stat -c %s "$out") bytes"
