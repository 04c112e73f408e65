#!/usr/bin/env bash
# Captures the screen of Neovim (in tmux) showing a hover of the gamels
# server on a Pousse transcript, as plain text.
#
#   bash editors/nvim/test/capture-hover.sh /path/to/gamels [OUT.txt]
#
# Needs nvim and tmux. Writes OUT.txt (default: editors/screenshots/
# nvim-hover.txt beside this plugin).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
plugin=$(cd "$here/.." && pwd)
bin=${1:?usage: $0 /path/to/gamels [OUT.txt]}
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
out=${2:-$(cd "$plugin/.." && pwd)/screenshots/nvim-hover.txt}

scratch=$(mktemp -d)
session=gamels-capture-$$
cleanup() {
  tmux kill-session -t "$session" 2>/dev/null || true
  rm -rf "$scratch"
}
trap cleanup EXIT

cat > "$scratch/game.pousse" <<'GAME'
# rules: contest
# Game 1 has a malformed move; X wins game 2 at move 7.
4
L2
X9
T2
QUIT
4
L2
T2
L2
B2
R2
T1
L2
QUIT
GAME

. "$here/tmux_nvim.sh"
scratch_init "$scratch" "$plugin" "$bin" "vim.o.number = true"
start_nvim "$session" 100 36 "$scratch" "${NVIM:-nvim}" game.pousse

# Wait for the diagnostics (virtual text "X WINS" on the screen).
for _ in $(seq 1 100); do
  if tmux capture-pane -p -t "$session" | grep -q 'X WINS'; then
    break
  fi
  sleep 0.1
done
# Go to the winning move (line 15) and ask for the hover.
tmux send-keys -t "$session" ':15' Enter
sleep 0.3
tmux send-keys -t "$session" ':lua vim.lsp.buf.hover()' Enter
for _ in $(seq 1 50); do
  if tmux capture-pane -p -t "$session" | grep -q -- '+-+'; then
    break
  fi
  sleep 0.1
done
sleep 0.3
mkdir -p "$(dirname "$out")"
tmux capture-pane -p -t "$session" > "$out"
if ! grep -q -- '+-+' "$out"; then
  echo "capture-hover: FAIL: no board on the screen:" >&2
  cat "$out" >&2
  exit 1
fi
echo "capture-hover: wrote $out"
cat "$out"
