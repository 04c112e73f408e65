-- ]a and [a in a real Neovim against the real server: a Pousse file of two
-- games whose engine annotations (depth 6) are a blunder at move 2 (line
-- 4), a missed win and the decisive move at move 5 of game 1 (line 7),
-- and a blunder at move 4 of game 2 (line 15). The keys are typed; the
-- cursor goes from one to the next, wraps at the end as ]d does, takes a
-- count, echoes the annotations; in the :GamelsBoard window ]a moves the
-- transcript's cursor and the board follows; a file without annotations
-- says so (and, from a server with gamels/evaluations, that a large file
-- is still being annotated).
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

-- A large file right after opening: from a server answering
-- gamels/evaluations, "still annotating"; from one without, the fallback.
if h.examples then
  local icfp = vim.fn.readfile(h.examples .. '/icfp1998.pousse')
  local big = open('big.pousse', icfp)
  vim.api.nvim_win_set_cursor(0, { math.floor(#icfp / 2), 0 })
  local why
  annotated.why(big, vim.api.nvim_get_current_win(), function(m) why = m end)
  wait(function() return why ~= nil end)
  local client = board.client(big)
  local evals
  board.send(client, 'gamels/evaluations', { textDocument = { uri = vim.uri_from_bufnr(big) }, position = { line = 0, character = 0 } },
    function(err, res) evals = { err = err, res = res } end, big)
  wait(function() return evals ~= nil end)
  if evals.err and evals.err.code == -32601 then
    ok(why and why:find('yet: the engine annotates in the background', 1, true),
      'a server without gamels/evaluations: "no annotated move ... (yet: the engine annotates in the background)"', why)
  else
    ok(why and (why:find('still annotating', 1, true) or #annotated.list(big) > 0),
      'just opened, icfp1998.pousse: "the engine is still annotating this file"', why)
  end
  vim.cmd('bwipeout! ' .. big)
end
end)
