-- ]a and [a in a real Neovim against the real server: a Pousse file of two
-- games whose engine annotations (depth 6) are a blunder at move 2 (line
-- 4), a missed win and the decisive move at move 5 of game 1 (line 7),
-- and a blunder at move 4 of game 2 (line 15). The keys are typed; the
-- cursor goes from one to the next, wraps at the end as ]d does, takes a
-- count, echoes the annotations; in the :GamelsBoard window ]a moves the
-- transcript's cursor and the board follows; a file without annotations
-- says so; a file of 120 games just opened: the server's annotations
-- pending, ]a says the engine is still annotating (with none listed, and
-- with some listed: "these may change").
--
-- Run through test/e2e.sh (GAMELS_BIN, GAMELS_E2E_DIR, GAMELS_EXAMPLES).

local h = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':h') .. '/board_harness.lua')
local ok, wait, press, open, wait_board, cursor_line = h.ok, h.wait, h.press, h.open, h.wait_board, h.cursor_line

h.run('annotated_test.lua', function(board)

local annotated = require('gamels.annotated')
local buf = open('annotated.pousse', { '2', '3', 'T1', 'B3', 'T2', 'B2', 'B1', 'B1', 'T3', 'QUIT',
  '3', 'L1', 'R1', 'L2', 'R2', 'QUIT' })
ok(vim.fn.maparg(']a', 'n') ~= '' and vim.fn.maparg('[a', 'n') ~= '', ']a and [a are mapped in the transcript')
wait(function() return #annotated.list(buf) == 3 end)
local list = annotated.list(buf)
ok(#list == 3 and list[1].lnum == 3 and list[2].lnum == 6 and list[3].lnum == 14,
  'three annotated moves, at lines 4, 7 and 15 (two annotations on line 7 count once)',
  vim.inspect(vim.tbl_map(function(e) return { e.lnum, e.kinds } end, list)))

local function key(keys, line, what)
  annotated.last_message = nil
  press(keys)
  wait(function() return cursor_line() == line and annotated.last_message ~= nil end)
  ok(cursor_line() == line, what, 'cursor line ' .. cursor_line() .. ', message ' .. tostring(annotated.last_message))
  return annotated.last_message or ''
end

vim.api.nvim_win_set_cursor(0, { 1, 0 })
local msg = key(']a', 4, ']a from line 1: the blunder B3 of game 1 (line 4)')
ok(msg:find('[1/3]', 1, true) and msg:find('blunder', 1, true), 'its annotation is echoed: "[1/3] ... blunder ..."', msg)
msg = key(']a', 7, ']a: move 5 of game 1 (line 7)')
ok(msg:find('missed', 1, true) and msg:find('decisive', 1, true), 'both annotations of line 7 echoed (missed win, decisive)', msg)
key(']a', 15, ']a: the blunder of game 2 (line 15)')
msg = key(']a', 4, ']a past the last: wraps to the first, as ]d does')
ok(msg:find('past the last', 1, true), 'the wrap is said', msg)
msg = key('[a', 15, '[a past the first: wraps to the last')
ok(msg:find('past the first', 1, true), 'the wrap back is said', msg)
key('2[a', 4, '2[a: two back, line 4')
vim.api.nvim_win_set_cursor(0, { 7, 1 }) -- inside the move on line 7
key('[a', 4, '[a from inside an annotated move: the previous one, not its own start')
vim.api.nvim_win_set_cursor(0, { 7, 1 })
key(']a', 15, ']a from inside an annotated move: the next one')

-- In the board window: the transcript's cursor moves, the board follows.
vim.api.nvim_win_set_cursor(0, { 1, 0 })
vim.cmd('GamelsBoard')
local src_win = vim.api.nvim_get_current_win()
vim.api.nvim_set_current_win(board.state.win)
ok(vim.fn.maparg(']a', 'n') ~= '', ']a is mapped in the board window')
press(']a')
wait(function() return vim.api.nvim_win_get_cursor(src_win)[1] == 4 end)
ok(vim.api.nvim_win_get_cursor(src_win)[1] == 4, ']a in the board window: the transcript cursor on line 4',
  vim.api.nvim_win_get_cursor(src_win)[1])
local s = wait_board('after move 2 of 7')
ok(s:find('game 1, after move 2 of 7 (B3)', 1, true), 'the board follows: game 1 after move 2 (B3)', s)
press('2]a')
wait(function() return vim.api.nvim_win_get_cursor(src_win)[1] == 15 end)
s = wait_board('game 2, after move 4')
ok(s:find('game 2, after move 4 of 4 (R2)', 1, true), '2]a in the board window: game 2 after move 4 (R2)', s)
ok(vim.api.nvim_get_current_win() == board.state.win, 'the focus stays in the board window')
vim.api.nvim_set_current_win(src_win)
vim.cmd('GamelsBoardClose')

-- No annotated move: said, the cursor stays.
open('none.pousse', { '1', '3', 'L1', 'QUIT' })
vim.api.nvim_win_set_cursor(0, { 3, 0 })
vim.wait(300)
annotated.last_message = nil
press(']a')
wait(function() return annotated.last_message ~= nil end)
msg = annotated.last_message or ''
ok(cursor_line() == 3 and msg:find('no annotated move', 1, true), 'a file without annotations: "no annotated move", the cursor stays', msg)

-- PATH: no engine, said.
open('none.path', { '2', 'WU', 'BB', '', '0' })
annotated.last_message = nil
press(']a')
wait(function() return annotated.last_message ~= nil end)
ok(annotated.last_message and annotated.last_message:find('not PATH boards', 1, true), ']a in a PATH file: "the engine annotates Pousse and Spot games, not PATH boards"',
  annotated.last_message)

-- A large file right after opening (120 games of 8x8 Pousse, 40 moves
-- each, from a fixed pseudo-random sequence: seconds of annotation work):
-- the server answers that its annotations are pending, and ]a says the
-- engine is still annotating, whether it finds no annotated move yet or
-- jumps among the first ones published.
local lines, seed = { '120' }, 12345
local slots = { 'L', 'R', 'T', 'B' }
for _ = 1, 120 do
  table.insert(lines, '8')
  for _ = 1, 40 do
    seed = (seed * 1103515245 + 12345) % 2147483648
    table.insert(lines, slots[seed % 4 + 1] .. tostring(math.floor(seed / 4) % 8 + 1))
  end
  table.insert(lines, 'QUIT')
end
local big = open('big.pousse', lines)
local client = board.client(big)
local evals
board.send(client, 'gamels/evaluations', { textDocument = { uri = vim.uri_from_bufnr(big) }, position = { line = #lines - 5, character = 0 } },
  function(err, res) evals = { err = err, res = res } end, big)
wait(function() return evals ~= nil end)
if evals.err and evals.err.code == -32601 then
  io.stdout:write('SKIP the pending annotations: this server has no gamels/evaluations\n')
else
  ok(type(evals.res) == 'table' and evals.res.pending == true, 'just opened, a file of 120 games: gamels/evaluations says pending',
    vim.inspect(evals))
  vim.api.nvim_win_set_cursor(0, { #lines - 5, 0 })
  annotated.last_message = nil
  press(']a')
  wait(function() return annotated.last_message and annotated.last_message:find('still annotating', 1, true) end)
  ok(annotated.last_message and annotated.last_message:find('still annotating', 1, true),
    ']a while pending: "the engine is still annotating" (' .. #annotated.list(big) .. ' annotated moves published so far)',
    annotated.last_message)
  -- Annotated moves listed while the server's are pending (the server
  -- publishes a version's annotations when its job ends: until then the
  -- list is the last version's). Set here as the server's would be: ]a
  -- jumps, and the server's pending answer makes it add that they may
  -- change.
  local ns = vim.api.nvim_create_namespace('annotated_test')
  vim.diagnostic.set(ns, big, { { lnum = 5, col = 0, end_lnum = 5, end_col = 2, severity = vim.diagnostic.severity.HINT,
    source = 'gamels', code = 'blunder', message = '?? blunder (an earlier version\'s)' } })
  vim.api.nvim_win_set_cursor(0, { 1, 0 })
  annotated.last_message = nil
  press(']a')
  wait(function() return annotated.last_message and annotated.last_message:find('these may change', 1, true) end)
  ok(cursor_line() == 6 and annotated.last_message and annotated.last_message:find('(the engine is still annotating: these may change) gamels [1/1]', 1, true),
    ']a among the listed annotated moves while the server\'s are pending: the jump (line 6), and "these may change"', annotated.last_message)
end
vim.cmd('bwipeout! ' .. big)
end)
