#!/usr/bin/env bash
# Regenerates the README pictures from the real program: the built CLI plays the bundled demo
# recording (captured from a real Dask cluster) in tmux; each view is captured, rendered to HTML
# and photographed by headless Chromium; the frames also make an animated GIF.
# Needs: tmux, chromium, fonts-dejavu-core, imagemagick (apt-get install -y --no-install-recommends …).
set -euo pipefail
cd "$(dirname "$0")/.."

cols=${COLS:-120}
rows=${ROWS:-40}
socket="dask-top-media-$$"
work=$(mktemp -d)
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT

for tool in tmux chromium /usr/bin/convert; do
	command -v "$tool" >/dev/null || { echo "media.sh: $tool is missing (apt-get install tmux chromium fonts-dejavu-core imagemagick)"; exit 1; }
done
[ -f dist/dask-top.cjs ] || npm run build

# The demo opens paused at a telling moment: beta paused and spilling, gamma just killed.
at=${DEMO_AT:-+86s}
tmux -L "$socket" new-session -d -x "$cols" -y "$rows" "CI=true node dist/dask-top.cjs --demo --at $at"
sleep "${WARMUP:-3}"

shot() { # name, then keys to send before the capture
	local name=$1; shift
	for key in "$@"; do tmux -L "$socket" send-keys "$key"; sleep 0.4; done
	sleep 1.2
	tmux -L "$socket" capture-pane -p -e > "$work/$name.ansi"
	node scripts/to-html.mjs "$work/$name.ansi" "$work/$name.html" "$cols" "$rows"
	chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
		--disable-component-update --disable-sync --hide-scrollbars --user-data-dir="$work/chrome" \
		--window-size=$((cols * 14 * 6021 / 10000 + 25)),$((rows * 18 + 24)) \
		--screenshot="$work/$name.png" "file://$work/$name.html" >/dev/null 2>&1
	echo "captured $name"
}

shot 1-workers
shot 2-detail j Enter
shot 3-back Escape
shot 4-progress 2
shot 5-events 3
shot 6-help '?'
tmux -L "$socket" send-keys q

mkdir -p media
cp "$work/1-workers.png" media/screenshot.png
/usr/bin/convert -delay 180 -loop 0 "$work"/[1-6]-*.png -layers Optimize media/tour.gif
ls -l media/screenshot.png media/tour.gif
