-- Exploring a line on the board in a real Neovim against the real server:
-- in the board window x starts a scratch line after the position shown,
-- Enter tries a move (the server draws the board it reaches and the
-- engine judges it, gamels/board and gamels/evaluate with moves), <Left>
-- takes the last one back, <Esc> discards the line, w writes it (one
-- gamels/play a move; in the middle of a game vim.ui.select asks first,
-- "Cancel" keeps the line). A move after the end of the game is refused
-- with the server's reason and the board shown stays; an edit of the
-- transcript and ]m discard the line; a Spot move takes the sign the
-- server gives it. The transcript is unchanged until w.
--
-- Run through test/e2e.sh (GAMELS_BIN, GAMELS_E2E_DIR, GAMELS_EXAMPLES).

local h = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':h') .. '/board_harness.lua')
local ok, wait, press, open, wait_board, grid = h.ok, h.wait, h.press, h.open, h.wait_board, h.grid

h.run('explore_test.lua', function(board)

local st = board.state
local function lines(b)
  return table.concat(vim.api.nvim_buf_get_lines(b, 0, -1, false), '/')
end
local function wait_lines(b, want)
  wait(function() return lines(b) == want end)
  return lines(b)
end
-- judged waits for the engine's answer about the board shown and returns it.
local function judged()
  wait(function()
    local e = st.evaluation
    return e and not e.pending and st.board and e.move == st.board.move
  end)
  return st.evaluation
end

local buf = open('explore.pousse', { '4', 'T1', 'L2', 'QUIT' })
local src_win = vim.api.nvim_get_current_win()
vim.api.nvim_win_set_cursor(src_win, { 3, 0 }) -- L2: move 2
vim.cmd('GamelsBoard')
local s = wait_board('after move 2 of 2')
ok(grid(4)[1] == 'X...' and grid(4)[2] == 'O...', 'the board after T1 L2', s)
vim.api.nvim_set_current_win(st.win)

-- x: the line starts after move 2, nothing tried yet.
press('x')
s = wait_board('EXPLORING after move 2')
ok(s:find('EXPLORING after move 2 (not written): none yet', 1, true), 'x: the banner says where the line starts', s)
ok(s:find('Enter: try T1', 1, true), 'exploring, the footer says Enter tries the move', s)

-- Enter tries T1: the explored board, the transcript as it was.
press('<CR>')
s = wait_board('not written%): T1')
local g = grid(4)
ok(g[1] == 'X...' and g[2] == 'X...' and g[3] == 'O...', 'Enter tries T1: the server draws the board it reaches', s)
ok(s:find('move 2 of 2 + 1 explored', 1, true), 'the title counts the moves explored apart from the game\'s', s)
ok(s:find('[2 L2]', 1, true), 'the moves listed are the transcript\'s, the one the line starts from marked', s)
ok(lines(buf) == '4/T1/L2/QUIT', 'the transcript is unchanged', lines(buf))
local e = judged()
ok(e and e.move == 3 and (e.value or e.estimateText), 'the engine judges the explored position (gamels/evaluate with moves)',
  vim.inspect(e))
s = wait_board('engine: ')
ok(s:find('engine: ', 1, true) and not s:find('engine: searching', 1, true), 'the value line follows the line', s)
-- The engine's best move in the explored position, marked on the border.
local best = require('gamels.engine').best(st.board)
local bl, bc, bw
if best and best.slot then
  local d, i = best.slot:sub(1, 1), tonumber(best.slot:sub(2))
  bl, bc, bw = board.place(st.board, ({ L = i, R = i, T = 0, B = 5 })[d], ({ L = 0, R = 5, T = i, B = i })[d])
end
ok(bl and h.groups_at(bl, bc).GamelsBoardBest, 'the best move of the explored position is highlighted GamelsBoardBest',
  vim.inspect(best) .. ' ' .. tostring(bl) .. ':' .. tostring(bc))

-- j (B1), Enter: a second move tried; <Left> takes it back.
press('j')
press('<CR>')
s = wait_board('not written%): T1 B1')
ok(grid(4)[4] == 'O...', 'B1 tried: O at the bottom of column 1', s)
press('<Left>')
s = wait_board('not written%): T1\n')
ok(grid(4)[4] == '....' and grid(4)[2] == 'X...', '<Left> takes back B1: the board after T1 again', s)
-- <Esc>: discarded.
press('<Esc>')
s = wait_board('discarded')
ok(not s:find('EXPLORING', 1, true) and s:find('after move 2 of 2', 1, true), '<Esc> discards the line: the board of move 2', s)
ok(s:find('the explored line is discarded: the transcript is as it was', 1, true), 'and says so under the board', s)
ok(grid(4)[2] == 'O...' and lines(buf) == '4/T1/L2/QUIT', 'the board and the transcript as they were', lines(buf))

-- w writes the line at the end of the game.
press('x')
wait_board('EXPLORING')
press('<CR>')
wait_board('not written%): B1')
press('k')
press('<CR>')
wait_board('not written%): B1 T1')
press('w')
local t = wait_lines(buf, '4/T1/L2/B1/T1/QUIT')
ok(t == '4/T1/L2/B1/T1/QUIT', 'w writes the two moves tried after move 2', t)
s = wait_board('wrote the explored line')
ok(s:find('wrote the explored line: 2 move(s), 3 to 4', 1, true) and not s:find('EXPLORING', 1, true),
  'the line is written and the board leaves exploring', s)
press('u')
t = wait_lines(buf, '4/T1/L2/B1/QUIT')
ok(t == '4/T1/L2/B1/QUIT', 'u in the board window takes back the second move written alone', t)
press('u')
wait_lines(buf, '4/T1/L2/QUIT')

-- In the middle of the game: vim.ui.select asks; "Cancel" keeps the line.
vim.api.nvim_win_set_cursor(src_win, { 2, 0 }) -- T1: move 1
wait_board('after move 1 of 2')
local asked
local real_select = vim.ui.select
vim.ui.select = function(items, opts, cb)
  asked = opts.prompt
  cb('Cancel')
end
press('x')
wait_board('EXPLORING after move 1')
st.target = { 0, 2 } -- slot T2
board.redraw()
press('<CR>')
wait_board('not written%): T2')
press('w')
wait(function() return asked ~= nil end)
ok(asked and asked:find('replace the 1 move', 1, true), 'w in the middle of the game: vim.ui.select asks first', asked)
s = wait_board('nothing written')
ok(s:find('EXPLORING after move 1 (not written): T2', 1, true) and lines(buf) == '4/T1/L2/QUIT',
  '"Cancel": nothing written, the line kept', s)
vim.ui.select = function(items, _, cb)
  cb(items[1])
end
press('w')
t = wait_lines(buf, '4/T1/T2/QUIT')
ok(t == '4/T1/T2/QUIT', '"Replace the rest": T2 replaces L2', t)
s = wait_board('replacing 1 move')
ok(s:find('1 move(s), 2 to 2, replacing 1 move(s)', 1, true), 'and says what it replaced', s)
vim.ui.select = real_select

-- An edit of the transcript discards the line.
press('x')
wait_board('EXPLORING')
press('<CR>')
wait_board('not written%): T2')
vim.api.nvim_buf_set_lines(buf, -1, -1, false, { '# a comment' })
s = wait_board('discarded')
ok(s:find('the explored line is discarded: the transcript changed', 1, true) and not s:find('EXPLORING', 1, true),
  'an edit of the transcript discards the line', s)
-- ]m discards it too.
press('x')
wait_board('EXPLORING')
press('<CR>')
wait_board('not written%): T2')
press('[m')
s = wait_board('after move 1 of 2')
ok(not s:find('EXPLORING', 1, true), '[m leaves the explored line for move 1', s)

-- After the end of the game: refused, the board shown stays.
vim.api.nvim_set_current_win(src_win)
local won = open('won.pousse', { '3', 'T1', 'T3', 'T1', 'T3', 'QUIT' })
vim.api.nvim_win_set_cursor(0, { 5, 0 })
wait_board('game 1, after move 4 of 4')
vim.api.nvim_set_current_win(st.win)
st.target = { 0, 1 } -- T1: X's third in column 1
board.redraw()
press('x')
wait_board('EXPLORING after move 4')
press('<CR>')
s = wait_board('X WINS')
ok(s:find('not written): T1', 1, true), 'T1 tried: X wins on the explored board', s)
press('<CR>')
s = wait_board('cannot be played')
ok(s:find('scratch move 2', 1, true) and s:find('EXPLORING after move 4 (not written): T1\n', 1, true),
  'a move after the end is refused with the server\'s reason, the line kept', s)
ok(grid(3)[3] == 'X..' and grid(3)[2] == 'X.O', 'the board shown stays the explored one', s)
press('<Esc>')
wait_board('discarded')
ok(lines(won) == '3/T1/T3/T1/T3/QUIT', 'the finished game\'s transcript is unchanged', lines(won))

-- Spot: the move takes the sign the server gives it.
vim.api.nvim_set_current_win(src_win)
open('explore.spot', { '3', '1 1 +', '', '0' })
vim.api.nvim_win_set_cursor(0, { 2, 0 })
wait_board('Spot 3x3, game 1, after move 1 of 1')
vim.api.nvim_set_current_win(st.win)
st.target = { 2, 2 }
board.redraw()
press('x')
wait_board('EXPLORING after move 1')
press('<CR>')
s = wait_board('not written%): 2 2')
ok(s:find('not written): 2 2 +', 1, true), 'a Spot cell tried: the line holds it as the transcript would, "2 2 +"', s)
ok(grid(3)[2] == '.*.', 'the explored Spot board has the spot', s)

end)
