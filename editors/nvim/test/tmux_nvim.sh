# Sourced by the tests and captures that run Neovim in tmux and read its
# screen (board_window.sh, explore_window.sh, capture-board.sh, capture-hover.sh): the
# plugin's init.lua in a scratch folder and the XDG folders there, so that
# nothing of the user's configuration is read.
#
#   scratch_init SCRATCH PLUGIN BIN [LUA]   writes SCRATCH/init.lua (LUA: extra lines) and exports XDG_*
#   start_nvim SESSION COLS ROWS SCRATCH NVIM FILE   starts NVIM on FILE in a detached tmux session
#
# and, for the tmux session named by $session, the screen and its checks:
# screen, pass, fail (counting in $failed), until_on and until_off
# PATTERN, check_on and check_off PATTERN WHAT, keys KEY...

scratch_init() {
  local scratch=$1 plugin=$2 bin=$3 extra=${4:-}
  cat > "$scratch/init.lua" <<INIT
vim.opt.runtimepath:prepend('$plugin')
vim.cmd('filetype plugin on')
vim.cmd('syntax on')
vim.cmd('runtime! plugin/gamels.vim')
vim.o.shortmess = vim.o.shortmess .. 'I'
vim.o.swapfile = false
$extra
require('gamels').setup({ cmd = { '$bin', 'serve' } })
INIT
  export XDG_CONFIG_HOME=$scratch/config XDG_DATA_HOME=$scratch/data \
    XDG_STATE_HOME=$scratch/state XDG_CACHE_HOME=$scratch/cache
}

start_nvim() {
  tmux new-session -d -s "$1" -x "$2" -y "$3" \
    "cd '$4' && TERM=xterm-256color '$5' -u '$4/init.lua' -i NONE $6"
}

screen() { tmux capture-pane -p -t "$session"; }
pass() { echo "ok   $1"; }
fail() {
  echo "FAIL $1"
  screen | sed 's/^/     /'
  failed=$((failed + 1))
}
# until PATTERN: up to 10 s for it on the screen.
until_on() {
  for _ in $(seq 1 100); do
    if screen | grep -q -- "$1"; then
      return 0
    fi
    sleep 0.1
  done
  return 1
}
# until_off PATTERN: up to 10 s for it to leave the screen.
until_off() {
  for _ in $(seq 1 100); do
    if ! screen | grep -q -- "$1"; then
      return 0
    fi
    sleep 0.1
  done
  return 1
}
check_on() { if until_on "$1"; then pass "$2"; else fail "$2 (no \"$1\" on the screen)"; fi; }
check_off() { if until_off "$1"; then pass "$2"; else fail "$2 (\"$1\" stays on the screen)"; fi; }
keys() { tmux send-keys -t "$session" "$@"; sleep 0.3; }
