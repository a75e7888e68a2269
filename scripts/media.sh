#!/usr/bin/env bash
# Regenerates the README pictures from the real program: the built CLI plays the bundled demo
# recording (captured from a real Dask cluster) in tmux; each shot of media/shots.json is captured,
# rendered to HTML and photographed by headless Chromium; the frames also make an animated GIF.
# Each shot's text is kept beside its picture (media/NAME.txt): test/e2e/media.test.ts fails when
# the program no longer draws what the pictures show, and this script is how to bring them back.
# Needs: tmux, chromium, fonts-dejavu-core, imagemagick (apt-get install -y --no-install-recommends …).
set -euo pipefail
cd "$(dirname "$0")/.."

shots=media/shots.json
setting() { node -e "process.stdout.write(String(JSON.parse(require('fs').readFileSync('$shots','utf8'))['$1']))"; }
cols=$(setting columns)
rows=$(setting rows)
at=$(setting at)
socket="dask-top-media-$$"
work=$(mktemp -d)
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT

for tool in tmux chromium /usr/bin/convert; do
	command -v "$tool" >/dev/null || { echo "media.sh: $tool is missing (apt-get install tmux chromium fonts-dejavu-core imagemagick)"; exit 1; }
done
[ -f dist/dask-top.cjs ] || npm run build

# The demo opens paused at a telling moment: beta paused and spilling, gamma just killed. Times are
# shown in UTC, so the pictures and their check agree on every machine.
tmux -L "$socket" new-session -d -x "$cols" -y "$rows" "TZ=UTC CI=true node dist/dask-top.cjs --demo --at $at"
sleep "${WARMUP:-3}"

frames=()
while IFS=$'\t' read -r index name picture keys; do
	for key in $keys; do tmux -L "$socket" send-keys "$key"; sleep 0.4; done
	sleep 1.2
	tmux -L "$socket" capture-pane -p -e > "$work/$name.ansi"
	tmux -L "$socket" capture-pane -p > "media/$name.txt"
	node scripts/to-html.mjs "$work/$name.ansi" "$work/$name.html" "$cols" "$rows"
	chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
		--disable-component-update --disable-sync --hide-scrollbars --user-data-dir="$work/chrome" \
		--window-size=$((cols * 14 * 6021 / 10000 + 25)),$((rows * 18 + 24)) \
		--screenshot="$work/$index-$name.png" "file://$work/$name.html" >/dev/null 2>&1
	frames+=("$work/$index-$name.png")
	[ "$picture" = true ] && cp "$work/$index-$name.png" "media/$name.png"
	echo "captured $name"
done < <(node -e "
	const {shots} = JSON.parse(require('fs').readFileSync('$shots', 'utf8'));
	shots.forEach((s, i) => console.log([i + 1, s.name, s.picture !== false, s.keys.join(' ')].join('\t')));
")
tmux -L "$socket" send-keys q

/usr/bin/convert -delay 180 -loop 0 "${frames[@]}" -layers Optimize media/tour.gif
ls -l media/*.png media/tour.gif
