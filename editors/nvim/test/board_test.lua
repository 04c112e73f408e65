-- The board view in a real Neovim against the real server: :GamelsBoard on
-- testdata/examples/sample.pousse, ]m three times, and the window shows the
-- board after move 3 with its highlights; [m, a straight, a Spot repeat
-- with the earlier pattern beside, a PATH winning path; the verdicts
-- option; the highlight groups.
--
-- Run through test/e2e.sh (GAMELS_BIN, GAMELS_E2E_DIR, GAMELS_EXAMPLES).
-- The test is a coroutine that yields to Neovim's main loop whenever it
-- waits, so that keys are typed (nvim_feedkeys without 'x') and CursorMoved
-- fires as in a session: the board follows the cursor by itself.

local h = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':h') .. '/board_harness.lua')
local examples, ok, wait, press, open = h.examples, h.ok, h.wait, h.press, h.open
local board_lines, wait_board, grid, groups_at, cell, cursor_line = h.board_lines, h.wait_board, h.grid, h.groups_at, h.cell, h.cursor_line

h.run('board_test.lua', function(board)

local sample = vim.fn.readfile(examples .. '/sample.pousse')
local buf = open('sample.pousse', sample)
ok(vim.fn.maparg(']m', 'n') ~= '' or vim.fn.mapcheck(']m', 'n') ~= '', 'sample.pousse: ]m is mapped in the transcript buffer')

-- On the N line of game 1 (line 5): the empty board.
vim.api.nvim_win_set_cursor(0, { 5, 0 })
vim.cmd('GamelsBoard')
local src_win = vim.api.nvim_get_current_win()
ok(board.state.win and vim.api.nvim_win_is_valid(board.state.win) and board.state.win ~= src_win,
  ':GamelsBoard opens a side window and leaves the cursor in the transcript')
local text = wait_board('before the first move')
ok(text:find('Pousse 4x4, game 1, before the first move', 1, true), 'the board at the N line: game 1 before its first move', text)

-- ]m three times: L2, T2, L2.
local want_lines = { 6, 7, 8 }
for i = 1, 3 do
  press(']m')
  wait(function()
    return cursor_line() == want_lines[i]
  end)
  ok(cursor_line() == want_lines[i], string.format(']m #%d: the cursor on move %d (line %d)', i, i, want_lines[i]),
    'cursor line ' .. cursor_line())
end
text = wait_board('after move 3 of 5')
ok(text:find('game 1, after move 3 of 5 (L2)', 1, true), 'the window follows: after move 3 of 5 (L2)', text)
local rows = grid(4)
ok(vim.deep_equal(rows, { '.O..', 'XX..', '....', '....' }), 'the drawn board is the one after move 3: .O.. / XX.. / .... / ....',
  vim.inspect(rows) .. '\n' .. text)
local l21, c21 = cell(2, 1)
local l22, c22 = cell(2, 2)
local l12, c12 = cell(1, 2)
if ok(l21 ~= nil, 'the cells are found in the window', text) then
  local g = groups_at(l21, c21)
  ok(g.GamelsBoardX and g.GamelsBoardLast, 'row 2 col 1: GamelsBoardX on the X, GamelsBoardLast (the square L2 entered)', vim.inspect(g))
  g = groups_at(l22, c22)
  ok(g.GamelsBoardX and g.GamelsBoardPushed and not g.GamelsBoardLast, 'row 2 col 2: GamelsBoardX, pushed', vim.inspect(g))
  g = groups_at(l12, c12)
  ok(g.GamelsBoardO and not g.GamelsBoardLast, 'row 1 col 2: GamelsBoardO', vim.inspect(g))
  ok(board_lines()[l21 + 1]:find('^%s*2 >') ~= nil, 'the arrow > where L2 came in, on row 2', board_lines()[l21 + 1])
end

-- [m: back to move 2.
press('[m')
wait(function()
  return cursor_line() == 7
end)
ok(cursor_line() == 7, '[m: back to move 2 (line 7)', 'cursor line ' .. cursor_line())
wait_board('after move 2 of 5')
ok(vim.deep_equal(grid(4), { '.O..', 'X...', '....', '....' }), 'the board after move 2', vim.inspect(grid(4)))
-- [m twice more: move 0; once more stays.
press('2[m')
wait(function()
  return cursor_line() == 5
end)
ok(cursor_line() == 5, '2[m: back to the N line (move 0)', 'cursor line ' .. cursor_line())

-- Game 2, move 7 (line 21): X WINS with a straight in row 2.
press('21G')
text = wait_board('game 2, after move 7')
ok(vim.deep_equal(grid(4), { 'OO..', 'XXXX', '....', '.O..' }), 'game 2 move 7: the board', vim.inspect(grid(4)) .. '\n' .. text)
ok(text:find('straights: X 1, O 0 (row 2: X)', 1, true), 'the straight is listed', text)
local sl, sc = cell(2, 4)
ok(sl and groups_at(sl, sc).GamelsBoardStraight, 'row 2 is highlighted GamelsBoardStraight', sl and vim.inspect(groups_at(sl, sc)))

-- The verdicts option: 'hint' made the verdict a Hint.
wait(function()
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.message:find('X WINS', 1, true) then
      return true
    end
  end
end)
local verdict
for _, d in ipairs(vim.diagnostic.get(buf)) do
  if d.message:find('X WINS', 1, true) then
    verdict = d
  end
end
ok(verdict and verdict.severity == vim.diagnostic.severity.HINT and verdict.lnum == 20,
  "verdicts = 'hint': X WINS is a Hint at line 21", verdict and vim.inspect({ verdict.severity, verdict.lnum }))

-- A Spot repeat after a quarter turn: the earlier pattern beside.
open('turn.spot', { '2', '1 2 +', '1 2 -', '2 2 +', '2 1 +', '0' })
press('4G')
text = wait_board('game 1, after move 3')
text = wait_board('move 1, turned 90° clockwise')
ok(text:find('move 1, turned 90° clockwise', 1, true) and text:find('the pattern after move 1 recurs', 1, true), 'Spot: the repeat shows the earlier pattern, "move 1, turned 90° clockwise", and says so', text)
local found = false
for _, l in ipairs(board_lines()) do
  if l:match('^%s*1 | | |%s+1 | |%*|$') then
    found = true
  end
end
ok(found, 'Spot: row 1 now "| | |" beside row 1 of move 1 "| |*|"', text)

-- A game of 400 moves: the server lists only the moves around the one
-- shown (gamels/board version 2, movesAround), the view still counts 400
-- and steps; 150]m goes past the 60 listed in strides.
local long = { '1', '4' }
for _ = 1, 400 do
  table.insert(long, 'L1')
end
table.insert(long, 'QUIT')
open('long.pousse', long)
press('102G')
text = wait_board('after move 100 of 400')
ok(text:find('game 1, after move 100 of 400 (L1)', 1, true), 'long game: after move 100 of 400', text)
local b = board.state.board
ok(b and b.version == 2 and #b.moves == 2 * board.moves_around + 1 and b.count == 400,
  'long game: a version 2 answer listing 2 x moves_around + 1 moves', b and vim.inspect({ b.version, #b.moves, b.count }))
press('150]m')
wait(function()
  return cursor_line() == 252
end)
ok(cursor_line() == 252, 'long game: 150]m from move 100 to move 250 (line 252)', 'cursor line ' .. cursor_line())
press('G')
press('500[m')
wait(function()
  return cursor_line() == 2
end)
ok(cursor_line() == 2, 'long game: 500[m from QUIT to the N line (move 0)', 'cursor line ' .. cursor_line())

-- PATH: the winning path.
open('marks.path', { '3', 'WWW', 'BUB', 'BBB', '', '0' })
press('1G')
text = wait_board('PATH 3x3, board 1')
ok(vim.deep_equal(grid(3), { 'WWW', 'BUB', 'BBB' }), 'PATH: the board', vim.inspect(grid(3)) .. '\n' .. text)
local pl, pc = cell(1, 3)
ok(pl and groups_at(pl, pc).GamelsBoardPath, 'PATH: row 1 is highlighted GamelsBoardPath', pl and vim.inspect(groups_at(pl, pc)))

ok(text:find('winning path: 1 1, 1 2, 1 3', 1, true), 'PATH: the path in words, "winning path: 1 1, 1 2, 1 3"', text)

-- PATH: the cells where a move wins at once.
open('one.path', { '3', 'WBB', 'WWU', 'WBB', '', '0' })
press('1G')
text = wait_board('White can win in one move')
local ol, oc = cell(2, 3)
ok(ol and groups_at(ol, oc).GamelsBoardOneMove, 'PATH: cell 2 3 is highlighted GamelsBoardOneMove', ol and vim.inspect(groups_at(ol, oc)))
ok(text:find('wins in one move at: 2 3', 1, true), 'PATH: "wins in one move at: 2 3"', text)
ol, oc = cell(1, 1)
ok(ol and not groups_at(ol, oc).GamelsBoardOneMove, 'PATH: cell 1 1 is not', ol and vim.inspect(groups_at(ol, oc)))

-- Highlight groups: defined, as links.
for _, g in ipairs({ 'GamelsBoardX', 'GamelsBoardO', 'GamelsBoardLast', 'GamelsBoardStraight', 'GamelsBoardPath' }) do
  ok(vim.fn.hlexists(g) == 1 and vim.fn.synIDattr(vim.fn.synIDtrans(vim.fn.hlID(g)), 'name') ~= g,
    g .. ' is defined as a link', vim.fn.execute('highlight ' .. g))
end
if vim.fn.has('nvim-0.9') == 1 then
  ok(vim.fn.execute('highlight @lsp.mod.winningPath'):find('links to GamelsBoardPath', 1, true),
    '@lsp.mod.winningPath links to GamelsBoardPath', vim.fn.execute('highlight @lsp.mod.winningPath'))
  ok(vim.fn.execute('highlight @lsp.mod.oneMoveWin'):find('links to GamelsBoardOneMove', 1, true),
    '@lsp.mod.oneMoveWin links to GamelsBoardOneMove')
end

vim.cmd('GamelsBoardClose')
ok(board.state.win == nil, ':GamelsBoardClose closes the window')
end)
