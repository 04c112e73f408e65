-- Playing on the board in a real Neovim against the real server:
-- :GamelsNewGame 3 on a copy of testdata/examples/sample.pousse (the UVa
-- count line raised), :GamelsBoard, then in the board window the keys:
-- Enter on slot T1 twice, j j j j l l to slot B3 and Enter; the transcript
-- holds the three moves; `u` three times in the transcript takes them back
-- one by one. Then a move in the middle of the game (vim.ui.select answered
-- "Replace the rest", then "Cancel"), a refusal after the end of a game,
-- Spot cells placed and removed, a PATH cell cycled, :GamelsNewGame asking
-- the size with vim.ui.input; the engine's move through the code action.
--
-- Run through test/e2e.sh (GAMELS_BIN, GAMELS_E2E_DIR, GAMELS_EXAMPLES).
-- The test is a coroutine that yields to Neovim's main loop whenever it
-- waits, so that keys are typed (nvim_feedkeys without 'x') and CursorMoved
-- fires as in a session: the board follows the cursor by itself.

local h = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':h') .. '/board_harness.lua')
local examples, ok, wait, press, open = h.examples, h.ok, h.wait, h.press, h.open
local board_lines, wait_board, grid, groups_at, cell, cursor_line = h.board_lines, h.wait_board, h.grid, h.groups_at, h.cell, h.cursor_line

h.run('play_test.lua', function(board)


local play = require('gamels.play')

-- tail returns the last k lines of buf joined by "/".
local function tail(b, k)
  local lines = vim.api.nvim_buf_get_lines(b, 0, -1, false)
  return table.concat(vim.list_slice(lines, math.max(1, #lines - k + 1), #lines), '/')
end
local function wait_tail(b, k, want)
  wait(function() return tail(b, k) == want end)
  return tail(b, k)
end

local sample = vim.fn.readfile(examples .. '/sample.pousse')
local buf = open('play.pousse', sample)
local src_win = vim.api.nvim_get_current_win()

-- A new 3 x 3 game: written after game 2, the count line raised to 3.
vim.cmd('GamelsNewGame 3')
local t = wait_tail(buf, 3, '/3/QUIT')
ok(t == '/3/QUIT', ':GamelsNewGame 3 writes a blank line, 3 and QUIT after game 2', t)
ok(vim.api.nvim_buf_get_lines(buf, 0, -1, false)[3] == '3', 'the UVa count line is now 3',
  table.concat(vim.api.nvim_buf_get_lines(buf, 0, 4, false), '/'))
ok(vim.api.nvim_win_get_cursor(src_win)[1] == #vim.api.nvim_buf_get_lines(buf, 0, -1, false) - 1,
  'the cursor is on the new game\'s size line')

vim.cmd('GamelsBoard')
local s = wait_board('game 3, before the first move')
ok(s:find('Pousse 3x3, game 3, before the first move', 1, true), ':GamelsBoard shows the new game', s)
ok(s:find('Enter: push T1', 1, true), 'the board cursor starts on slot T1 (above column 1)', s)

-- In the board window: Enter plays T1.
vim.api.nvim_set_current_win(board.state.win)
press('<CR>')
t = wait_tail(buf, 3, '3/T1/QUIT')
ok(t == '3/T1/QUIT', 'Enter on T1: the server writes T1 after the size line', t)
s = wait_board('after move 1 of 1')
ok(grid(3)[1] == 'X..', 'the board after T1: X in the top left', s)
-- Pointing at T1 again previews the push: the X moves down.
local l11, c11 = cell(1, 1)
local l21, c21 = cell(2, 1)
ok(l11 and groups_at(l11, c11).GamelsBoardPreview and groups_at(l21, c21).GamelsBoardPreview,
  'the push of T1 is previewed: cells 1 1 and 2 1 highlighted GamelsBoardPreview', s)
ok(vim.api.nvim_win_get_cursor(board.state.win)[1] == l11, 'the window cursor sits on the slot, above row 1')

press('<CR>')
t = wait_tail(buf, 4, '3/T1/T1/QUIT')
ok(t == '3/T1/T1/QUIT', 'Enter on T1 again: the second move', t)
wait_board('after move 2 of 2')
press('jjjjll')
s = wait_board('Enter: push B3')
ok(s:find('Enter: push B3', 1, true), 'j j j j l l: the board cursor on slot B3 (below column 3)', s)
press('<CR>')
t = wait_tail(buf, 5, '3/T1/T1/B3/QUIT')
ok(t == '3/T1/T1/B3/QUIT', 'Enter on B3: the transcript is 3, T1, T1, B3, QUIT', t)
s = wait_board('after move 3 of 3')
local g = grid(3)
ok(g[1] == 'O..' and g[2] == 'X..' and g[3] == '..X', 'the board after T1 T1 B3: O.. / X.. / ..X', s)

-- `u` in the transcript: one move each.
vim.api.nvim_set_current_win(src_win)
press('u')
t = wait_tail(buf, 4, '3/T1/T1/QUIT')
ok(t == '3/T1/T1/QUIT', 'u takes back B3 alone', t)
press('u')
t = wait_tail(buf, 3, '3/T1/QUIT')
ok(t == '3/T1/QUIT', 'u again takes back the second T1', t)
press('u')
t = wait_tail(buf, 2, '3/QUIT')
ok(t == '3/QUIT' and not tail(buf, 3):find('T1'), 'a third u: the game is empty again', t)

-- The middle of a game: vim.ui.select asks.
press('<C-r><C-r>')
t = wait_tail(buf, 4, '3/T1/T1/QUIT')
ok(t == '3/T1/T1/QUIT', '<C-r> twice redoes the two moves', t)
local nlines = #vim.api.nvim_buf_get_lines(buf, 0, -1, false)
vim.api.nvim_win_set_cursor(src_win, { nlines - 2, 0 }) -- the first T1: move 1
wait_board('after move 1 of 2')
local asked
local real_select = vim.ui.select
vim.ui.select = function(items, opts, cb)
  asked = opts.prompt
  cb('Cancel')
end
vim.api.nvim_set_current_win(board.state.win)
board.state.target = { 2, 0 } -- slot L2
board.redraw()
press('<CR>')
wait(function() return asked ~= nil end)
ok(asked and asked:find('replaces the 1 move', 1, true), 'in the middle of the game vim.ui.select asks first', asked)
vim.wait(200)
ok(tail(buf, 4) == '3/T1/T1/QUIT', '"Cancel": nothing written', tail(buf, 4))
asked = nil
vim.ui.select = function(items, opts, cb)
  asked = opts.prompt
  cb(items[1])
end
press('<CR>')
t = wait_tail(buf, 4, '3/T1/L2/QUIT')
ok(t == '3/T1/L2/QUIT', '"Replace the rest": L2 replaces the second T1', t)
vim.ui.select = real_select

-- After the end of a game: refused with the reason, nothing written.
local one = open('one.pousse', { '1', 'L1', 'QUIT' })
vim.api.nvim_win_set_cursor(0, { 2, 0 })
vim.cmd('GamelsBoard')
wait_board('X WINS')
local before = table.concat(vim.api.nvim_buf_get_lines(one, 0, -1, false), '/')
play.play({ slot = 'T1' })
s = wait_board('the game ended')
ok(s:find('the game ended at move 1: X WINS', 1, true), 'a move after the end: "the game ended at move 1: X WINS"', s)
ok(table.concat(vim.api.nvim_buf_get_lines(one, 0, -1, false), '/') == before, 'nothing written after the end')

-- Spot: a cell places a spot, then removes it.
local spot = open('play.spot', { '2', '', '0' })
vim.api.nvim_win_set_cursor(0, { 1, 0 })
vim.cmd('GamelsBoard')
wait_board('Spot 2x2')
vim.api.nvim_set_current_win(board.state.win)
s = wait_board('Enter: play 1 1')
press('<CR>')
t = wait_tail(spot, 4, '2/1 1 +//0')
ok(t == '2/1 1 +//0', 'Spot: Enter on cell 1 1 places a spot: 1 1 +', t)
wait_board('after move 1')
press('<CR>')
t = wait_tail(spot, 5, '2/1 1 +/1 1 -//0')
ok(t == '2/1 1 +/1 1 -//0', 'Spot: Enter again removes it: 1 1 -', t)

-- PATH: a cell cycles W, B, U.
local path = open('play.path', { '2', '', 'WU', 'BB', '', '0' })
vim.api.nvim_win_set_cursor(0, { 3, 0 })
vim.cmd('GamelsBoard')
wait_board('PATH 2x2')
vim.api.nvim_set_current_win(board.state.win)
press('l<CR>')
wait(function() return vim.api.nvim_buf_get_lines(path, 2, 3, false)[1] == 'WW' end)
ok(vim.api.nvim_buf_get_lines(path, 2, 3, false)[1] == 'WW', 'PATH: l, Enter: cell 1 2 goes from U to W',
  vim.api.nvim_buf_get_lines(path, 2, 3, false)[1])

-- :GamelsNewGame without a size asks with vim.ui.input.
vim.api.nvim_set_current_win(vim.fn.bufwinid(path))
local real_input = vim.ui.input
local prompt
vim.ui.input = function(opts, cb)
  prompt = opts.prompt
  cb('1')
end
vim.cmd('GamelsNewGame')
vim.ui.input = real_input
t = wait_tail(path, 6, '/1//U//0')
ok(prompt and prompt:find('1 to 80', 1, true) and t == '/1//U//0', ':GamelsNewGame asks the size (1 to 80) and adds a 1x1 board before the 0', (prompt or '') .. ' | ' .. t)

-- The engine's move, as any client gets it: the code action at a move,
-- its command run by the server, the edit applied by Neovim's own
-- workspace/applyEdit handler.
local eng = open('engine.pousse', { '3', 'T1', 'B3', 'T2', 'B2', 'QUIT' })
vim.api.nvim_win_set_cursor(0, { 5, 0 }) -- move 4: X to move, X X . on row 1
local client
for _, c in pairs(vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = eng }) or vim.lsp.buf_get_clients(eng)) do
  client = c
end
local actions
local params = { textDocument = { uri = vim.uri_from_bufnr(eng) },
  range = { start = { line = 4, character = 0 }, ['end'] = { line = 4, character = 0 } },
  context = { diagnostics = {} } }
local function req(method, p, cb)
  if vim.fn.has('nvim-0.11') == 1 then
    client:request(method, p, cb, eng)
  else
    client.request(method, p, cb, eng)
  end
end
wait(function() return (vim.lsp.util.buf_versions[eng] or 0) > 0 or vim.fn.has('nvim-0.11') == 1 end)
req('textDocument/codeAction', params, function(err, res) actions = err and {} or res end)
wait(function() return actions ~= nil end)
local action
for _, a in ipairs(actions or {}) do
  if a.title == "Play the engine's move here" then
    action = a
  end
end
ok(action and action.command and action.command.command == 'gamels.playEngineMove',
  "the code action \"Play the engine's move here\" is offered at the last move", vim.inspect(actions))
if action then
  local done
  req('workspace/executeCommand', action.command, function(err) done = err or true end)
  wait(function() return done ~= nil end)
  local l5 = vim.api.nvim_buf_get_lines(eng, 5, 6, false)[1]
  ok(done == true and (l5 == 'T3' or l5 == 'L1') and vim.api.nvim_buf_get_lines(eng, 6, 7, false)[1] == 'QUIT',
    "the engine's move is written by the server through workspace/applyEdit: the win in one (T3 or L1) after move 4",
    vim.inspect(done) .. ' ' .. table.concat(vim.api.nvim_buf_get_lines(eng, 0, -1, false), '/'))
end

vim.cmd('GamelsBoardClose')
end)
