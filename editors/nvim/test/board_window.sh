#!/usr/bin/env bash
# The board window as a person sees it: Neovim in tmux, the screen read
# back (capture-pane), for what the buffer tables cannot show (E21, a
# macro being recorded, a stale line).
#
#   bash editors/nvim/test/board_window.sh /path/to/gamels
#
# Needs nvim (NVIM names another) and tmux. In the board window: Enter
# plays, u undoes in the transcript (not E21), ]m and [m step the
# transcript, the word under the board goes with its board (after an
# undo, the engine's reply undone, on another file), ? shows the keys,
# q closes the window (no macro recorded), the engine's line on the board. Exits non-zero on any failure.
set -euo pipefail
NVIM=${NVIM:-nvim}

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
plugin=$(cd "$here/.." && pwd)
bin=${1:?usage: $0 /path/to/gamels}
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
if ! command -v tmux >/dev/null 2>&1; then
  echo "board_window: SKIP: tmux is not installed"
  exit 0
fi

scratch=$(mktemp -d)
session=gamels-window-$$
cleanup() {
  tmux kill-session -t "$session" 2>/dev/null || true
  rm -rf "$scratch"
}
trap cleanup EXIT
printf '3\nQUIT\n' > "$scratch/a.pousse"
printf '4\nL1\nQUIT\n' > "$scratch/b.pousse"
printf '2\n3\nT1\nB3\nT2\nB2\nB1\nB1\nT3\nQUIT\n\n3\nL1\nR1\nL2\nR2\nQUIT\n' > "$scratch/values.pousse"
. "$here/tmux_nvim.sh"
scratch_init "$scratch" "$plugin" "$bin"

# 100 columns, the board window 40 of them: its lines wrap within it.
start_nvim "$session" 100 40 "$scratch" "$NVIM" a.pousse

failed=0

until_on 'QUIT' || true
keys ':GamelsBoard' Enter
check_on 'Pousse 3x3, game 1, before the first' ':GamelsBoard shows the empty board'
check_on 'X to move' 'the server says whose turn it is'
keys C-w l
keys Enter
check_on 'played move 1: T1' 'Enter in the board window plays T1'
check_on 'after move 1 of 1' 'the board follows the move'

keys u
check_on 'before the first' 'u in the board window undoes the move in the transcript'
if screen | grep -q 'E21'; then fail 'u gives no E21'; else pass 'u gives no E21'; fi
check_off 'played move 1' 'the word about the move undone goes with it'

keys Enter
until_on 'after move 1 of 1' || true
keys Enter
check_on 'after move 2 of 2' 'two moves played'
keys '[m'
check_on 'after move 1 of 2' '[m in the board window steps the transcript back'
keys ']m'
check_on 'after move 2 of 2' ']m steps it on'

# The engine's reply, then undone.
keys ':GamelsEngine X' Enter
check_on 'the engine played move 3' ':GamelsEngine X: the engine replies at once'
keys u
check_on 'after move 2 of 2' 'u takes the engine'"'"'s move back'
check_off 'the engine played move' 'the word about the engine'"'"'s move goes with it'
keys ':GamelsEngine off' Enter

# A word said on one file's board is not shown on another's.
keys Enter
check_on 'played move 3' 'a move played on a.pousse'
keys C-w h
keys ':edit b.pousse' Enter
check_on 'Pousse 4x4' 'the board follows b.pousse'
check_off 'played move 3' 'the word about a.pousse is not on b.pousse'"'"'s board'

keys C-w l
keys '?'
check_on 'undo / redo in the' '? shows the board window'"'"'s keys'
check_on '│ *transcript *$' 'the keys wrap within the window'
check_on '│            edge slots) *$' 'the key lines wrap in their column, every word kept'
keys '?'
check_off 'undo / redo in the' '? again hides them'
keys q
check_off 'Pousse 4x4' 'q closes the board window'
if screen | grep -q 'recording'; then fail 'q records no macro'; else pass 'q records no macro'; fi

# The strip's marks as drawn: at an annotated current move its mark (*)
# stands for ^, in the current value's colours; the other mark (b) in its
# own. Read with the colours (capture-pane -e).
keys C-w h
keys ':edit values.pousse' Enter
keys ':7' Enter
keys ':GamelsBoard' Enter
check_on 'game 1, after move 5 of 7' 'the board of values.pousse at move 5'
check_on '│ *b  \* *$' 'the marks under the values: b at move 2, * at move 5 (no ^)'
# The SGR sequence before a character on the screen line after "values".
esc=$'\x1b'
sgr_before() { # sgr_before CHAR LINE: the SGR sequences just before CHAR's first match
  local m
  m=$(grep -o -E "(${esc}\[[0-9;]*m)+$1" <<<"$2" | head -n 1 || true)
  printf '%s' "${m%?}"
}
colour=$(tmux capture-pane -p -e -t "$session" | grep -A1 'values ' | tail -n 2)
value_sgr=$(sgr_before 'O' "$(head -n 1 <<<"$colour")")
mark_sgr=$(sgr_before '\*' "$(tail -n 1 <<<"$colour")")
b_sgr=$(sgr_before 'b' "$(tail -n 1 <<<"$colour")")
# The same sequence (0.11), or both in reverse video (0.7 draws the value
# as the target over the O's colour).
reverse() { grep -q -E "\[([0-9;]*;)?7(;[0-9;]*)?m" <<<"$1"; }
if [ -n "$mark_sgr" ] && [ "$b_sgr" != "$mark_sgr" ] &&
  { [ "$mark_sgr" = "$value_sgr" ] || { reverse "$mark_sgr" && reverse "$value_sgr" && ! reverse "$b_sgr"; }; }; then
  pass 'the current move'"'"'s mark in the current value'"'"'s colours, b in its own'
else
  fail "the current move's mark colours: * $(cat -v <<<"$mark_sgr"), value $(cat -v <<<"$value_sgr"), b $(cat -v <<<"$b_sgr")"
fi

# The engine's line drawn on the board, as the screen shows it: ply 1
# over the slot of the line's first move (the line as the window
# words it under the board), on sample.pousse after move 4.
cp "$here/../../../testdata/examples/sample.pousse" "$scratch/sample.pousse"
keys C-w h
keys ':edit sample.pousse' Enter
keys ':9' Enter
check_on 'after move 4 of 5' 'the board of sample.pousse at move 4'
if until_on ' line [LRTB][0-9]'; then
  pane=$(screen | sed -n 's/^[^│]*│//p')
  first=$(grep -o -E '^ +line [LRTB][0-9]+' <<<"$pane" | head -n 1 | awk '{print $2}')
  dir=${first:0:1} i=${first:1}
  case $dir in
    L) row=$(grep -E "^$i " <<<"$pane" | head -n 1 || true); on=$([ "${row:2:1}" = 1 ] && echo y || true) ;;
    R) row=$(grep -E "^$i " <<<"$pane" | head -n 1 | sed 's/ *$//' || true); on=$([ "${row: -1}" = 1 ] && echo y || true) ;;
    T) row=$(grep -E '^  [-+0-9<>v^]+ *$' <<<"$pane" | head -n 1 || true); on=$([ "${row:$((2 * i + 1)):1}" = 1 ] && echo y || true) ;;
    B) row=$(grep -E '^  [-+0-9<>v^]+ *$' <<<"$pane" | tail -n 1 || true); on=$([ "${row:$((2 * i + 1)):1}" = 1 ] && echo y || true) ;;
  esac
  if [ -n "${on:-}" ]; then pass "the engine's line on the board: 1 on slot $first"; else fail "no 1 on slot $first of the line: '${row:-}'"; fi
else
  fail "the engine's line under the board (no \" line L2 ...\" on the screen)"
fi

if [ $failed -gt 0 ]; then
  echo "board_window: $failed failed"
  exit 1
fi
echo "board_window: all passed"
