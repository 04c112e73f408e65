#!/usr/bin/env bash
# Captures the screen of Neovim (in tmux) with :GamelsBoard open beside
# testdata/examples/sample.pousse, stepped with ]m to move 3, as plain text.
#
#   bash editors/nvim/test/capture-board.sh /path/to/gamels [OUT.txt]
#
# Needs nvim (NVIM names another) and tmux. Writes OUT.txt (default:
# editors/screenshots/nvim-board.txt).
set -euo pipefail
NVIM=${NVIM:-nvim}

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
plugin=$(cd "$here/.." && pwd)
bin=${1:?usage: $0 /path/to/gamels [OUT.txt]}
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
out=${2:-$(cd "$plugin/.." && pwd)/screenshots/nvim-board.txt}

scratch=$(mktemp -d)
session=gamels-board-$$
cleanup() {
  tmux kill-session -t "$session" 2>/dev/null || true
  rm -rf "$scratch"
}
trap cleanup EXIT
cp "$plugin/../../testdata/examples/sample.pousse" "$scratch/"
. "$here/tmux_nvim.sh"
scratch_init "$scratch" "$plugin" "$bin" "vim.o.number = true"
start_nvim "$session" 110 26 "$scratch" "$NVIM" sample.pousse
wait_for() { # wait_for PATTERN: up to 10 s for it on the screen
  for _ in $(seq 1 100); do
    if tmux capture-pane -p -t "$session" | grep -q -- "$1"; then
      return 0
    fi
    sleep 0.1
  done
  return 1
}
wait_for 'X WINS'
tmux send-keys -t "$session" ':5' Enter
tmux send-keys -t "$session" ':GamelsBoard' Enter
wait_for 'before the first move'
for _ in 1 2 3; do
  tmux send-keys -t "$session" ']m'
  sleep 0.4
done
wait_for 'after move 3 of 5' || true
sleep 0.3
mkdir -p "$(dirname "$out")"
tmux capture-pane -p -t "$session" > "$out"
if ! grep -q 'after move 3 of 5' "$out" || ! grep -q '2 >X|X| | |' "$out"; then
  echo "capture-board: FAIL: not the board after move 3:" >&2
  cat "$out" >&2
  exit 1
fi
echo "capture-board: wrote $out"
cat "$out"
