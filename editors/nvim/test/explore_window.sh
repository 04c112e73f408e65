#!/usr/bin/env bash
# Exploring a line in the board window as a person sees it: Neovim in
# tmux, the screen read back (capture-pane). x starts the line, Enter
# tries a move and the explored board is drawn with the banner above it
# while the transcript on the left keeps its moves; <Left> takes the move
# back, <Esc> discards the line, w writes it into the transcript. A
# row's edge slots may hold a ply number of the engine's line (1-4).
#
#   bash editors/nvim/test/explore_window.sh /path/to/gamels
#
# Needs nvim (NVIM names another) and tmux. Exits non-zero on any failure.
set -euo pipefail
NVIM=${NVIM:-nvim}

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
plugin=$(cd "$here/.." && pwd)
bin=${1:?usage: $0 /path/to/gamels}
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
if ! command -v tmux >/dev/null 2>&1; then
  echo "explore_window: SKIP: tmux is not installed"
  exit 0
fi

scratch=$(mktemp -d)
session=gamels-explore-$$
cleanup() {
  tmux kill-session -t "$session" 2>/dev/null || true
  rm -rf "$scratch"
}
trap cleanup EXIT
printf '4\nT1\nL2\nQUIT\n' > "$scratch/e.pousse"
. "$here/tmux_nvim.sh"
scratch_init "$scratch" "$plugin" "$bin"

# 110 columns, the board window 44 of them.
start_nvim "$session" 110 45 "$scratch" "$NVIM" e.pousse

failed=0

until_on 'QUIT' || true
keys 3G
keys ':GamelsBoard' Enter
check_on 'Pousse 4x4, game 1, after move 2 of 2' ':GamelsBoard shows move 2'
check_on '│2 [>1-4]O| | | [|1-4]' 'the board of the transcript: O pushed in at L2'
keys C-w l
keys x
check_on '│EXPLORING after move 2 (not written): none' 'x: the banner above the board'
check_on 'Enter: try T1' 'the footer: Enter tries the move'

keys Enter
check_on '│EXPLORING after move 2 (not written): T1' 'Enter: the banner lists the move tried'
check_on 'move 2 of 2 + 1' 'the title counts it apart from the game'"'"'s'
check_on '│2 [|1-4]X| | | [|1-4]' 'the explored board: T1 pushed column 1 down (row 2 X)'
check_on '│3 [|1-4]O| | | [|1-4]' 'the explored board: row 3 O'
check_on '│engine: ' 'the engine judges the explored position'
check_off 'engine: searching' 'its answer comes'
check_on '\[2 L2\]' 'the moves listed are the transcript'"'"'s, move 2 marked'
# The transcript's code lens (its verdict) counts its moves.
check_on 'game 1: TIE GAME: no winner after 2 moves' 'the transcript is not written to (its verdict still after 2 moves)'

keys Left
check_on '│EXPLORING after move 2 (not written): none' '<Left> takes the move back'
check_on '│2 [>1-4]O| | | [|1-4]' 'the board of move 2 again'
keys Enter
check_on '│3 [|1-4]O| | | [|1-4]' 'T1 tried again'
keys Escape
check_on 'the explored line is discarded' '<Esc> discards the line and says so'
check_off 'EXPLORING' 'the banner goes'
check_on '│2 [>1-4]O| | | [|1-4]' 'the board of the transcript again'

keys x
keys Enter
check_on '│3 [|1-4]O| | | [|1-4]' 'x, Enter: T1 tried'
keys w
check_on 'wrote the explored line: 1 move' 'w writes the line and says so'
check_on 'game 1: TIE GAME: no winner after 3 moves' 'the transcript holds the move written (its verdict after 3 moves)'
check_off 'EXPLORING' 'the board leaves exploring'
capture=${GAMELS_EXPLORE_CAPTURE:-}
if [ -n "$capture" ]; then screen > "$capture"; fi

if [ $failed -gt 0 ]; then
  echo "explore_window: $failed failed"
  exit 1
fi
echo "explore_window: all passed"
