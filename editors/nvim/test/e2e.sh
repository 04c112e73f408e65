#!/usr/bin/env bash
# End-to-end test of the Neovim plugin against the real gamels binary.
#
#   bash editors/nvim/test/e2e.sh /path/to/gamels
#
# Needs nvim (0.7 or later) on PATH. Runs headless Neovim sessions with
# only this plugin on the runtimepath (-u NONE): the filetype/syntax test,
# the start strategy test, then the language server test (diagnostics,
# hover, an edit), :checkhealth, what setup({}) gives a new user (virtual
# text, inlay hints, omnifunc, :GamelsFormat, code lens), completion as
# typed, vim.lsp.enable (0.11+), the expected output beside a transcript,
# the board view, playing on it, exploring a line, the engine's annotated moves, the board
# window read from the screen in tmux (board_window.sh, explore_window.sh); then screen.sh
# reads the screen in tmux. Each is bounded in time. Exits non-zero with a message
# on any failure.
set -euo pipefail
# NVIM names the Neovim to test (default: nvim on PATH).
NVIM=${NVIM:-nvim}

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
plugin=$(cd "$here/.." && pwd)

if [ $# -ne 1 ]; then
  echo "usage: $0 /path/to/gamels" >&2
  exit 2
fi
bin=$1
case $bin in
  /*) ;;
  *) bin=$(pwd)/$bin ;;
esac
if [ ! -x "$bin" ]; then
  echo "e2e: FAIL: $bin is not an executable gamels binary" >&2
  exit 1
fi
if ! command -v "$NVIM" >/dev/null 2>&1; then
  echo "e2e: FAIL: $NVIM is not found (apt-get install -y neovim)" >&2
  exit 1
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# Keep Neovim's state, cache and logs (lsp.log) inside the scratch
# directory.
export XDG_CONFIG_HOME=$scratch/config XDG_DATA_HOME=$scratch/data \
  XDG_STATE_HOME=$scratch/state XDG_CACHE_HOME=$scratch/cache
mkdir -p "$scratch/work" "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_STATE_HOME" "$XDG_CACHE_HOME"

nvim_run() { # nvim_run LUAFILE: a headless session with the plugin, at most 120 s.
  timeout -k 5 120 "$NVIM" --headless -u NONE -i NONE -n \
    --cmd "set rtp^=$plugin" \
    -c 'filetype plugin on' -c 'syntax on' \
    -c "lua local ok, err = pcall(dofile, '$1') if not ok then io.stderr:write('e2e: Lua error: ' .. tostring(err) .. '\\n') vim.cmd('cquit 3') end" \
    -c 'lua io.stderr:write("e2e: the test script returned without quitting\n") vim.cmd("cquit 4")' </dev/null
}

nvim_run_loop() { # nvim_run_loop LUAFILE: as nvim_run, for a script that yields to the main loop and quits by itself.
  timeout -k 5 120 "$NVIM" --headless -u NONE -i NONE -n \
    --cmd "set rtp^=$plugin" \
    -c 'filetype plugin on' -c 'syntax on' \
    -c "lua local ok, err = pcall(dofile, '$1') if not ok then io.stderr:write('e2e: Lua error: ' .. tostring(err) .. '\\n') vim.cmd('cquit 3') end" </dev/null
}

echo "== nvim: $("$NVIM" --version | head -n 1) ($NVIM)"
echo "== filetype, ftplugin and syntax"
status=0
( cd "$scratch/work" && nvim_run "$here/syntax_test.lua" ) || status=$?
if [ $status -ne 0 ]; then
  echo "e2e: FAIL: the filetype/syntax test failed (exit $status)" >&2
  exit 1
fi

echo "== start strategies (vim.lsp.config/enable, vim.lsp.start), recorded"
status=0
( cd "$scratch/work" && nvim_run "$here/dispatch_test.lua" ) || status=$?
if [ $status -ne 0 ]; then
  echo "e2e: FAIL: the start strategy test failed (exit $status)" >&2
  exit 1
fi

echo "== language server: $bin serve"
status=0
( cd "$scratch/work" &&
  GAMELS_BIN=$bin GAMELS_E2E_DIR=$scratch/work nvim_run "$here/e2e.lua" ) || status=$?
if [ $status -ne 0 ]; then
  echo "e2e: FAIL: the language server test failed (exit $status)" >&2
  for log in "$XDG_CACHE_HOME/nvim/lsp.log" "$XDG_STATE_HOME/nvim/lsp.log"; do
    if [ -s "$log" ]; then
      echo "---- $log (last 40 lines)" >&2
      tail -n 40 "$log" >&2
    fi
  done
  exit 1
fi
mkdir -p "$scratch/bin"
ln -sf "$bin" "$scratch/bin/gamels"
echo "== :checkhealth gamels"
status=0
( cd "$scratch/work" &&
  PATH=$scratch/bin:$PATH GAMELS_BIN=$bin GAMELS_E2E_DIR=$scratch/work nvim_run "$here/health_test.lua" ) || status=$?
if [ $status -ne 0 ]; then
  echo "e2e: FAIL: the health check test failed (exit $status)" >&2
  exit 1
fi

echo "== the first ten minutes: setup({}) with gamels on PATH (virtual text, inlay hints, omnifunc, :GamelsFormat, code lens)"
status=0
( cd "$scratch/work" &&
  PATH=$scratch/bin:$PATH GAMELS_E2E_DIR=$scratch/work nvim_run "$here/first_test.lua" ) || status=$?
if [ $status -ne 0 ]; then
  echo "e2e: FAIL: the first-ten-minutes test failed (exit $status)" >&2
  exit 1
fi

echo "== completion typed: CTRL-X CTRL-O, the info popup drawn as markdown on 0.11"
status=0
( cd "$scratch/work" &&
  PATH=$scratch/bin:$PATH GAMELS_E2E_DIR=$scratch/work nvim_run_loop "$here/completion_test.lua" ) || status=$?
if [ $status -ne 0 ]; then
  echo "e2e: FAIL: the completion test failed (exit $status)" >&2
  exit 1
fi

if "$NVIM" --headless -u NONE -i NONE -n -c 'if has("nvim-0.11") | qall! | else | cquit 1 | endif' </dev/null >/dev/null 2>&1; then
  echo "== vim.lsp.enable('gamels') with no setup(): lsp/gamels.lua, gamels on PATH"
  status=0
  ( cd "$scratch/work" &&
    PATH=$scratch/bin:$PATH GAMELS_E2E_DIR=$scratch/work nvim_run "$here/enable_test.lua" ) || status=$?
  if [ $status -ne 0 ]; then
    echo "e2e: FAIL: the vim.lsp.enable test failed (exit $status)" >&2
    exit 1
  fi
else
  echo "== vim.lsp.enable('gamels'): SKIP (Neovim before 0.11 has no vim.lsp.enable)"
fi

echo "== the expected output beside a transcript: the warning, the lens, the .out edited, (0.11) changed on disk"
status=0
( cd "$scratch/work" &&
  GAMELS_BIN=$bin GAMELS_E2E_DIR=$scratch/work GAMELS_EXAMPLES=$plugin/../../testdata/examples \
    nvim_run "$here/expected_test.lua" ) || status=$?
if [ $status -ne 0 ]; then
  echo "e2e: FAIL: the expected output test failed (exit $status)" >&2
  exit 1
fi

echo "== the board view: :GamelsBoard, ]m and [m"
status=0
( cd "$scratch/work" &&
  GAMELS_BIN=$bin GAMELS_E2E_DIR=$scratch/work GAMELS_EXAMPLES=$plugin/../../testdata/examples \
    nvim_run_loop "$here/board_test.lua" ) || status=$?
if [ $status -ne 0 ]; then
  echo "e2e: FAIL: the board view test failed (exit $status)" >&2
  exit 1
fi
echo "== playing on the board: :GamelsNewGame, h/j/k/l and Enter, u"
status=0
( cd "$scratch/work" &&
  GAMELS_BIN=$bin GAMELS_E2E_DIR=$scratch/work GAMELS_EXAMPLES=$plugin/../../testdata/examples \
    nvim_run_loop "$here/play_test.lua" ) || status=$?
if [ $status -ne 0 ]; then
  echo "e2e: FAIL: the play test failed (exit $status)" >&2
  exit 1
fi
echo "== exploring a line: x, Enter tries, <Left>, <Esc>, w writes (the would-replace question), refusals"
status=0
( cd "$scratch/work" &&
  GAMELS_BIN=$bin GAMELS_E2E_DIR=$scratch/work GAMELS_EXAMPLES=$plugin/../../testdata/examples \
    nvim_run_loop "$here/explore_test.lua" ) || status=$?
if [ $status -ne 0 ]; then
  echo "e2e: FAIL: the explore test failed (exit $status)" >&2
  exit 1
fi
echo "== the engine's annotated moves: ]a and [a in the transcript and the board window"
status=0
( cd "$scratch/work" &&
  GAMELS_BIN=$bin GAMELS_E2E_DIR=$scratch/work GAMELS_EXAMPLES=$plugin/../../testdata/examples \
    nvim_run_loop "$here/annotated_test.lua" ) || status=$?
if [ $status -ne 0 ]; then
  echo "e2e: FAIL: the annotated moves test failed (exit $status)" >&2
  exit 1
fi
echo "== against the engine: :GamelsEngine, its replies, u; its values on the board"
status=0
( cd "$scratch/work" &&
  GAMELS_BIN=$bin GAMELS_E2E_DIR=$scratch/work GAMELS_EXAMPLES=$plugin/../../testdata/examples \
    nvim_run_loop "$here/engine_test.lua" ) || status=$?
if [ $status -ne 0 ]; then
  echo "e2e: FAIL: the engine test failed (exit $status)" >&2
  exit 1
fi
echo "== the board window on the screen (tmux): u, ]m, [m, q, the word under the board"
status=0
NVIM=$NVIM bash "$here/board_window.sh" "$bin" || status=$?
if [ $status -ne 0 ]; then
  echo "e2e: FAIL: the board window screen test failed (exit $status)" >&2
  exit 1
fi
echo "== exploring on the screen (tmux): the banner and the explored board, <Left>, <Esc>, w"
status=0
NVIM=$NVIM bash "$here/explore_window.sh" "$bin" || status=$?
if [ $status -ne 0 ]; then
  echo "e2e: FAIL: the explore screen test failed (exit $status)" >&2
  exit 1
fi
echo "== the screen, as a new user sees it (tmux): annotations drawn, lenses kept, PATH, lsp.log, no echo, keys"
status=0
NVIM=$NVIM bash "$here/screen.sh" "$bin" || status=$?
if [ $status -ne 0 ]; then
  echo "e2e: FAIL: the screen test failed (exit $status)" >&2
  exit 1
fi
echo "e2e: all Neovim tests passed"
