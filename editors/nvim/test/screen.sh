#!/usr/bin/env bash
# What a new user sees: Neovim in tmux with the documented two-line
# init.lua (the plugin on the runtimepath, require('gamels').setup({})) and
# gamels on PATH, read from the screen (tmux capture-pane), not from the
# client's tables.
#
#   NVIM=nvim bash editors/nvim/test/screen.sh /path/to/gamels [CHECK...]
#
# CHECKs (default: all): hints, lens, newgame, ring, path, log, echo, keys,
# complete. "hints" runs with a CPU hog alongside. Needs tmux; exits non-zero on any failure.
set -uo pipefail
NVIM=${NVIM:-nvim}

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
plugin=$(cd "$here/.." && pwd)
examples=$(cd "$plugin/../../testdata/examples" && pwd)
bin=${1:?usage: $0 /path/to/gamels [CHECK...]}
shift
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
case $NVIM in */*) NVIM=$(cd "$(dirname "$NVIM")" && pwd)/$(basename "$NVIM") ;; esac
if ! command -v tmux >/dev/null 2>&1; then
  echo "screen: SKIP: tmux is not installed (apt-get install -y tmux)"
  exit 0
fi
checks=${*:-hints lens newgame ring path log echo keys complete}

scratch=$(mktemp -d)
base=gamels-screen-$$
runs=0
sock=$base-0
hog=
cleanup() {
  tmux -L "$sock" kill-server 2>/dev/null || true
  if [ -n "$hog" ]; then kill "$hog" 2>/dev/null || true; fi
  rm -rf "$scratch"
}
trap cleanup EXIT
mkdir -p "$scratch/bin" "$scratch/work"
ln -sf "$bin" "$scratch/bin/gamels"
cat > "$scratch/init.lua" <<INIT
vim.opt.runtimepath:append('$plugin')
require('gamels').setup({})
INIT
minor=$("$NVIM" --headless -u NONE -i NONE -n -c 'lua io.stdout:write(vim.version().minor)' -c 'qall!' 2>/dev/null)
echo "== screen: $("$NVIM" --version | head -n 1), tmux 100x30, load: $(uptime | sed 's/.*load/load/')"

failures=0
fail() { echo "screen: FAIL: $*" >&2; failures=$((failures + 1)); }
ok() { echo "screen: ok: $*"; }

# start FILE [LUA [OPTS]]: Neovim on FILE (in the work directory) with
# the user's init.lua; LUA, run before it, is the test's own probe; OPTS
# replace setup's {} (the user's init.lua otherwise).
start() {
  sed "s|setup({})|setup(${3:-{\}})|" "$scratch/init.lua" > "$scratch/init-run.lua"
  tmux -L "$sock" kill-server 2>/dev/null || true
  runs=$((runs + 1))
  sock=$base-$runs # a server of its own: no race with the last one's end
  rm -rf "$scratch/state" "$scratch/probe" "$scratch/exit"
  printf '%s\n' "${2:-}" > "$scratch/probe.lua"
  tmux -L "$sock" new-session -d -x 100 -y 30 \
    "cd '$scratch/work' && PATH='$scratch/bin':\$PATH XDG_CONFIG_HOME='$scratch/config' \
XDG_STATE_HOME='$scratch/state' XDG_CACHE_HOME='$scratch/state' XDG_DATA_HOME='$scratch/data' \
TERM=xterm-256color '$NVIM' -i NONE -n --cmd 'luafile $scratch/probe.lua' -u '$scratch/init-run.lua' '$1'; echo \$? > '$scratch/exit'; sleep 600"
}
screen() { tmux -L "$sock" capture-pane -p; }
keys() { tmux -L "$sock" send-keys "$@"; }
# wait_for REGEX SECONDS: until the screen shows REGEX.
now_ms() { date +%s%3N; }
wait_for() {
  local end=$(($(now_ms) + $(awk "BEGIN { print int($2 * 1000) }")))
  while [ "$(now_ms)" -lt "$end" ]; do
    if screen | grep -q -E -- "$1"; then return 0; fi
    sleep 0.2
  done
  return 1
}
# wait_file FILE SECONDS
wait_file() {
  local end=$((SECONDS + $2))
  while [ $SECONDS -lt "$end" ]; do
    if [ -s "$1" ]; then return 0; fi
    sleep 0.1
  done
  return 1
}
show() {
  screen | sed 's/^/    | /' >&2
  if [ -s "$scratch/exit" ]; then echo "    Neovim exited with status $(cat "$scratch/exit")" >&2; fi
}

# A probe: probe(TEXT, LINE) writes $scratch/probe once the client holds
# an inlay hint containing TEXT on 0-based LINE (a timer: it draws
# nothing itself).
hint_probe() {
  cat <<LUA
function _G.probe(text, line)
  local t = vim.loop.new_timer()
  t:start(100, 100, vim.schedule_wrap(function()
    for _, h in ipairs(vim.lsp.inlay_hint.get({ bufnr = vim.fn.bufnr('%') })) do
      local l = h.inlay_hint.label
      if type(l) == 'table' then l = l[1] and l[1].value or '' end
      if h.inlay_hint.position.line == line and l:find(text, 1, true) then
        local f = io.open('$scratch/probe', 'a') f:write(line, '\\n') f:close()
        t:stop()
        return
      end
    end
  end))
end
vim.api.nvim_create_autocmd('VimEnter', { callback = function() probe('$1', $2) end })
LUA
}

# hints: the engine's annotation reaches the screen once the client holds
# it (neovim#33391), on first open and after an edit, with a CPU hog.
check_hints() {
  if [ "$minor" -lt 10 ]; then
    echo "screen: SKIP hints: Neovim 0.$minor has no inlay hints"
    return
  fi
  cp "$examples/icfp1998.pousse" "$scratch/work/"
  sh -c 'while :; do :; done' &
  hog=$!
  local i
  for i in 1 2 3 4 5; do
    start icfp1998.pousse "$(hint_probe 'blunder' 15)"
    if ! wait_file "$scratch/probe" 60; then
      fail "hints (open $i): the client got no annotation in 60 s"; show; continue
    fi
    if wait_for '12\. T4 \?\? blunder' 3; then
      ok "hints (open $i): the annotation on the screen"
    else
      fail "hints (open $i): the client holds the annotation, the screen does not show it 3 s later"; show
      continue
    fi
    # An edit: a new version, a new analysis, its annotation drawn.
    rm -f "$scratch/probe"
    keys ':lua vim.api.nvim_buf_set_lines(0, 0, 0, false, { "# a note" })' Enter
    if ! wait_for '^  # a note' 10; then fail "hints (open $i): the edit is not on the screen"; show; continue; fi
    keys ":lua probe('blunder', 16)" Enter
    if ! wait_file "$scratch/probe" 60; then
      fail "hints (edit $i): the client got no annotation in 60 s"; show; continue
    fi
    if wait_for '12\. T4 \?\? blunder' 3; then
      ok "hints (edit $i): the new annotation on the screen"
    else
      fail "hints (edit $i): the client holds the annotation, the screen does not show it 3 s later"; show
    fi
  done
  kill "$hog" 2>/dev/null
  wait "$hog" 2>/dev/null
  hog=
}

# new_board FILE CHECK: a new 4x4 Pousse game in FILE, its board window
# open and focused, the board cursor on T1.
new_board() {
  printf '4\nQUIT\n' > "$scratch/work/$1"
  start "$1"
  if ! wait_for 'game 1: .*after 0 moves' 30; then fail "$2: no lens on $1"; show; return 1; fi
  keys ':GamelsBoard' Enter
  if ! wait_for 'Enter: push T1' 10; then fail "$2: no board window, its cursor on T1"; show; return 1; fi
  keys C-w l
  sleep 0.5
}

# lens: the code lens follows Normal-mode edits (dd, u, a new game from
# :GamelsNewGame) within 2.5 s, before CursorHold ('updatetime' 4 s).
check_lens() {
  cp "$examples/icfp1998.pousse" "$scratch/work/"
  start icfp1998.pousse
  if ! wait_for '^  6 game 1: X WINS at move 13' 30; then fail "lens: no lens on the size line"; show; return; fi
  keys ':17' Enter
  sleep 0.3
  keys dd
  if wait_for '^  6 game 1: .*12 moves' 2.5; then ok "lens: after dd, 'game 1: ... 12 moves'"; else
    fail "lens: after dd, the lens still says the game ends at move 13 (or is gone)"; show; fi
  keys u
  if wait_for '^  6 game 1: X WINS at move 13' 2.5; then ok "lens: after u, 'game 1: X WINS at move 13'"; else
    fail "lens: after u, the lens is not back"; show; fi
  keys ':GamelsNewGame 4' Enter
  if wait_for 'game 2: ' 2.5; then ok "lens: :GamelsNewGame 4 gives the new game its lens"; else
    fail "lens: the new game from :GamelsNewGame has no lens"; show; fi
  # A quick fix (gra, then the first action) and :GamelsFormat.
  printf '4\nL2\nX9\nT2\nQUIT\n4\nT1\nQUIT\n' > "$scratch/work/fix.pousse"
  start fix.pousse
  if ! wait_for '^. 4 game 1: .*after 2 moves \(computed despite errors\)' 30; then fail "lens: no lens on fix.pousse"; show; return; fi
  keys ':3' Enter
  sleep 0.3
  keys gra
  if ! wait_for '1: Change X9 to L4' 5; then fail "lens: gra offers no quick fix for X9"; show; return; fi
  keys 1 Enter
  if wait_for '^. 4 game 1: TIE GAME: no winner after 3 moves *$' 2.5; then ok "lens: after the quick fix X9 -> L4, 'game 1: ... after 3 moves'"; else
    fail "lens: after a quick fix, the lens still says 'computed despite errors'"; show; fi
  keys ':GamelsFormat' Enter
  # The blank line format puts between the games moves game 2 down a line.
  if wait_for '^. 4 game 2: ' 2.5 && screen | sed -n 6p | grep -q '^ *$'; then ok "lens: after :GamelsFormat, game 2's lens on its size line, below the blank line"; else
    fail "lens: after :GamelsFormat, game 2's lens is not on its size line"; show; fi
  # A move played in the board window (Enter at its cursor): the
  # transcript, not the current buffer, changed.
  new_board board.pousse lens || return
  keys Enter
  if wait_for 'game 1: .*after 1 move' 2.5; then ok "lens: a move played on the board: 'game 1: ... after 1 move'"; else
    fail "lens: after a move played on the board, the lens still says 0 moves"; show; fi
}

# newgame: :GamelsNewGame asks the size with an empty answer line (the
# default is said in the prompt, not typed in): 5 and Enter is 5x5, and
# Enter alone takes the default.
check_newgame() {
  printf '4\nL1\nQUIT\n' > "$scratch/work/new.pousse"
  start new.pousse
  if ! wait_for 'game 1: ' 30; then fail "newgame: no lens on new.pousse"; show; return; fi
  keys ':GamelsNewGame' Enter
  if ! wait_for '^Board size \(1 to [0-9]+, Enter: 4\): *$' 5; then fail "newgame: no empty size prompt"; show; return; fi
  ok "newgame: the prompt: '$(screen | grep '^Board size' | sed 's/ *$//')'"
  keys 5 Enter
  # The verdict once (the lens), not also as 0.7's virtual text.
  if wait_for '^. ?5 +game 2: TIE GAME: no winner after 0 moves *$' 5; then ok "newgame: 5, Enter: a 5x5 game, its verdict once"; else
    fail "newgame: 5, Enter did not give a 5x5 game"; show; fi
  keys ':GamelsNewGame' Enter
  wait_for '^Board size \(.*\): *$' 5 || true
  keys Enter
  if wait_for '^. ?4 +game 3: ' 5; then ok "newgame: Enter alone: the default, 4x4"; else
    fail "newgame: Enter alone did not give a 4x4 game"; show; fi
  keys ':GamelsNewGame' Enter
  wait_for '^Board size \(.*\): *$' 5 || true
  keys 7 Escape
  sleep 1
  if screen | grep -q 'game 4: '; then fail "newgame: Escape added a game"; show; else ok "newgame: Escape adds no game"; fi
}

# ring: on a Pousse board h/j/k/l walk the edge slots, never the cells
# (Enter plays only at a slot): a step into the cells crosses to the far
# edge, a step into a corner turns it. Read from the word under the board.
check_ring() {
  new_board ring.pousse ring || return
  local step want
  for step in h:L1 j:L2 l:R2 k:R1 k:T4 h:T3 j:B3 l:B4 l:R4 j:B4 3h:B1 h:L4; do
    keys "${step%%:*}"
    want=${step#*:}
    if wait_for "Enter: push $want " 3; then ok "ring: ${step%%:*} -> $want"; else
      fail "ring: ${step%%:*} should reach slot $want"; show; return; fi
  done
}

# path: each PATH board's verdict once on its size line (the code lens),
# not twice (the lens and an inlay hint on 0.10+, the lens and the
# diagnostic's virtual text before).
check_path() {
  cp "$examples/boards.path" "$scratch/work/"
  start boards.path
  if ! wait_for '^.{0,2}7 .*board 1: White has a winning path' 30; then fail "path: no verdict on board 1's size line"; show; return; fi
  sleep 1 # the inlay hints, on 0.10+
  local row
  row=$(screen | grep -E '^.{0,2}7 ' | head -n 1)
  if [ "$(grep -o 'White has a winning path' <<<"$row" | wc -l)" -eq 1 ]; then
    ok "path: the verdict once: '$(sed 's/ *$//' <<<"$row")'"
  else
    fail "path: the verdict more than once on the size line: '$row'"; show
  fi
  # An error keeps its text at the end of the line; inlay hints off, the
  # verdict is still said once.
  printf '2\nWW\nW\n0\n' > "$scratch/work/short.path"
  start short.path '' '{ inlay_hints = false }'
  if wait_for 'W .*row 2 has 1 cell' 30 && wait_for 'board 1: White has a winning path' 10; then
    sleep 1
    row=$(screen | grep -E '^.{0,2}2 ' | head -n 1)
    if [ "$(grep -o 'White has a winning path' <<<"$row" | wc -l)" -eq 1 ]; then
      ok "path: inlay_hints = false: the error's text, the verdict once: '$(sed 's/ *$//' <<<"$row")'"
    else
      fail "path: inlay_hints = false: the verdict more than once: '$row'"; show
    fi
  else
    fail "path: inlay_hints = false: no error text or no lens"; show
  fi
}

# log: a healthy session leaves no [ERROR] line in lsp.log (Neovim logs
# whatever a server writes on stderr as [ERROR]), read in :LspLog's way.
check_log() {
  cp "$examples/sample.pousse" "$scratch/work/"
  start sample.pousse
  if ! wait_for 'game 1: ' 30; then fail "log: no lens on sample.pousse"; show; return; fi
  keys ":exe 'view' v:lua.vim.lsp.get_log_path()" Enter
  sleep 1
  if screen | grep -q 'ERROR'; then
    fail "log: lsp.log of a healthy session has [ERROR] lines"; show
  elif screen | grep -q 'lsp.log'; then
    ok "log: lsp.log has no [ERROR] line"
  else
    fail "log: lsp.log not shown"; show
  fi
}

# echo: the engine's move is written without "Workspace edit ..." echoed
# (Neovim prints an edit's label; the server labels each engine move).
check_echo() {
  printf '4\nQUIT\n' > "$scratch/work/new.pousse"
  start new.pousse
  if ! wait_for 'game 1: ' 30; then fail "echo: no lens on new.pousse"; show; return; fi
  keys ':GamelsBoard' Enter
  sleep 1
  keys ':GamelsEngine X' Enter
  if ! wait_for '^.{0,2}(1\. )?[LRTB][1-4]( |$)' 20; then fail "echo: the engine wrote no move"; show; return; fi
  sleep 1
  if screen | grep -q 'Workspace edit'; then
    fail "echo: 'Workspace edit' on the screen"; show
  else
    ok "echo: the engine's move written, no 'Workspace edit': '$(screen | tail -n 1 | sed 's/ *$//')'"
  fi
}

# keys: K shows the hover (before 0.10 K ran :Man), with a border on
# 0.11; gra offers the code actions (0.11 maps it itself); :GamelsStop,
# :GamelsRestart, :GamelsLog; keymaps = false leaves ]m out.
check_keys() {
  printf '# Game 1 has a malformed move.\n4\nL2\nX9\nT2\nQUIT\n' > "$scratch/work/keys.pousse"
  start keys.pousse
  if ! wait_for 'game 1: ' 30; then fail "keys: no lens on keys.pousse"; show; return; fi
  keys ':3' Enter
  sleep 0.3
  keys K
  if wait_for '\+-\+' 5; then
    if [ "$minor" -ge 11 ] && ! screen | grep -q '╭'; then
      fail "keys: K's hover has no border on 0.$minor"; show
    else
      ok "keys: K shows the board$( [ "$minor" -ge 11 ] && echo ', in a rounded border')"
    fi
  else
    fail "keys: K shows no hover"; show
  fi
  keys Escape
  sleep 0.3
  keys ':4' Enter
  sleep 0.3
  keys gra
  if wait_for '[Cc]ode actions|Remove|Delete|Replace' 5; then ok "keys: gra offers the code actions"; else
    fail "keys: gra offers no code action"; show; fi
  keys Escape
  sleep 0.3
  keys Escape ':GamelsStop' Enter
  sleep 1
  keys ':echo luaeval("#require(\"gamels\").clients()") . " gamels clients"' Enter
  if wait_for '^0 gamels clients' 5; then ok "keys: :GamelsStop stops the server"; else fail "keys: :GamelsStop"; show; fi
  keys ':GamelsRestart' Enter
  if wait_for 'restarted' 10 && sleep 1 && keys ':echo luaeval("#require(\"gamels\").clients()") . " gamels clients"' Enter &&
    wait_for '^1 gamels clients' 5; then ok "keys: :GamelsRestart starts it again"; else fail "keys: :GamelsRestart"; show; fi
  keys ':GamelsLog' Enter
  if wait_for 'lsp\.log' 5; then ok "keys: :GamelsLog opens lsp.log"; else fail "keys: :GamelsLog"; show; fi
  start keys.pousse '' '{ keymaps = false }'
  if ! wait_for 'game 1: ' 30; then fail "keys: no lens with keymaps = false"; show; return; fi
  keys ':nmap ]m' Enter
  if wait_for 'No mapping found' 5; then ok "keys: keymaps = false: no ]m"; else fail "keys: keymaps = false still maps ]m"; show; fi
}

# complete: on 0.11 with autocomplete = true the moves pop up as you
# type, with no CTRL-X CTRL-O.
check_complete() {
  if [ "$minor" -lt 11 ]; then
    echo "screen: SKIP complete: Neovim 0.$minor has no vim.lsp.completion"
    return
  fi
  printf '4\nL2\nQUIT\n' > "$scratch/work/typed.pousse"
  start typed.pousse '' '{ autocomplete = true }'
  if ! wait_for 'game 1: ' 30; then fail "complete: no lens on typed.pousse"; show; return; fi
  keys ':2' Enter
  sleep 0.3
  keys o T
  if wait_for 'T[1-4] .*(Keyword|Value|Event|Text|Enum|Method|Function|Snippet)' 5; then
    ok "complete: typing T lists the moves: '$(screen | grep -E -m1 'T[1-4] .*(Keyword|Value|Event|Text|Enum|Method|Function|Snippet)' | sed 's/ *$//')'"
  else
    fail "complete: no menu as T is typed"; show
  fi
  keys Escape
}

for c in $checks; do
  "check_$c"
done
tmux -L "$sock" kill-server 2>/dev/null || true
if [ "$failures" -ne 0 ]; then
  echo "screen: $failures failure(s)" >&2
  exit 1
fi
echo "screen: all passed"
