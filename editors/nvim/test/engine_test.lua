-- Playing against the engine in a real Neovim against the real server:
-- :GamelsEngine (its completion), a move played on the board with Enter,
-- the engine's reply written by the server (gamels.playEngineMove through
-- workspace/applyEdit), `u` taking back each on its own; the engine at
-- once when turned on with its side to move; off; :GamelsEngineLevel.
--
-- Run through test/e2e.sh (GAMELS_BIN, GAMELS_E2E_DIR, GAMELS_EXAMPLES).

local h = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':h') .. '/board_harness.lua')
local ok, wait, press, open, wait_board = h.ok, h.wait, h.press, h.open, h.wait_board

h.run('engine_test.lua', function(board)

local engine = require('gamels.engine')

local function lines(b)
  return table.concat(vim.api.nvim_buf_get_lines(b, 0, -1, false), '/')
end
local function wait_lines(b, pred)
  wait(function() return pred(lines(b)) end)
  return lines(b)
end

-- The first look: line 1 of sample.pousse is outside every game; the
-- board shows game 1 at move 0, and says so; ]m goes to its first move.
local sample = open('sample.pousse', vim.fn.readfile(h.examples .. '/sample.pousse'))
vim.api.nvim_win_set_cursor(0, { 1, 0 })
vim.cmd('GamelsBoard')
local s = wait_board('before the first move')
ok(s:find('outside every game: showing game 1', 1, true) and s:find('Pousse 4x4, game 1, before the first move', 1, true),
  ':GamelsBoard on line 1: "outside every game: showing game 1", game 1 before its first move', s)
press(']m')
wait(function() return h.cursor_line() == 6 end)
ok(h.cursor_line() == 6, ']m from line 1: the first move of game 1 (line 6)', h.cursor_line())
s = wait_board('after move 1 of 5')
ok(not s:find('outside every game', 1, true), 'in the game: no "outside" line', s)

-- The engine's value and best move: game 1 of sample.pousse after move
-- 4 (B2, line 9), X to move.
vim.api.nvim_win_set_cursor(0, { 9, 0 })
wait_board('game 1, after move 4 of 5')
s = wait_board('engine: [^s]')
local e = board.state.evaluation
ok(e and e.move == 4 and e.game == 1, 'the evaluation is of the position shown: game 1, move 4', vim.inspect(e))
-- Nothing proven (a server with the estimate): its percentage, and the
-- judgment's best move and main line; else the proof's value and move.
local judged = e and e.proven == false and e.estimateText and type(e.judged) == 'table' and e.judged
local head = judged and (e.estimateText .. ' (judged)') or (e and e.value)
local best = judged and judged.best or (e and e.best)
ok(head and s:find('engine: ' .. head, 1, true), 'after move 4: the line "engine: <value>" (or "<estimate> (judged)") from gamels/evaluate', s)
ok(best and best.slot and s:find('best ' .. best.slot .. ' (depth', 1, true), 'and its best move, a slot (on a line of its own when the window is narrow)', s)
if judged and #judged.line > 1 then
  ok(s:find('line ' .. table.concat(judged.line, ' ', 1, math.min(#judged.line, 8)), 1, true), 'and the main line under it', s)
end
-- The main line drawn on the board: ply 1 over the best move's slot, in
-- X's colour (X is to move).
if judged and #judged.line > 0 and best and best.slot then
  local bl, bc = board.place_target(board.state.board, { slot = best.slot })
  local one
  for _, o in ipairs(h.overlays()) do
    if o.text:match('^1') then
      one = o
    end
  end
  ok(one and one.line == bl and one.col == bc and one.group == 'GamelsBoardLineX',
    'the line on the board: "1" over the best slot ' .. best.slot .. ', GamelsBoardLineX', vim.inspect({ h.overlays(), bl, bc }))
  ok(#h.overlays() >= math.min(2, #judged.line), 'and the next plies numbered on their slots', vim.inspect(h.overlays()))
end
if best and best.slot then
  local d, i = best.slot:sub(1, 1), tonumber(best.slot:sub(2))
  local l, c
  if d == 'L' or d == 'R' then
    local c1
    l, c1 = h.cell(i, 1)
    local line = h.board_lines()[l + 1]
    c = d == 'L' and c1 - 1 or (#line:gsub('%s+$', '') - 1)
  else
    for k, line in ipairs(h.board_lines()) do
      if line:match('^%s*%+%-') then
        if (d == 'T' and not l) or d == 'B' then
          l = k - 1
        end
      end
    end
    local r1, c1 = h.cell(1, i)
    c = c1
  end
  local ch = h.board_lines()[l + 1]:sub(c + 1, c + 1)
  ok(h.groups_at(l, c).GamelsBoardBest and (ch == '|' or ch == '-' or ch == '>' or ch == '<' or ch == 'v' or ch == '^'),
    'the slot ' .. best.slot .. ' is highlighted on the border (the server\'s drawing: | or -, or the arrow of the last push), GamelsBoardBest',
    string.format('line %s col %s char %q groups %s', tostring(l), tostring(c), ch, vim.inspect(h.groups_at(l, c))))
end

-- Stepping cancels the search of the position left: two positions asked
-- in one go, the first is cancelled, its answer (if any) not drawn. (The
-- board closed, so that it asks nothing meanwhile.)
local b9 = board.state.board
vim.cmd('GamelsBoardClose')
local cancelled = {}
local real_cancel = board.cancel
board.cancel = function(client, id)
  table.insert(cancelled, id)
  return real_cancel(client, id)
end
local b8 = vim.deepcopy(b9)
b8.move = 3
engine.evaluate(sample, b8, b9.moves[3].range.start)
local first = board.state.eval_req and board.state.eval_req.id
engine.evaluate(sample, b9, b9.moves[2].range.start)
local b7 = vim.deepcopy(b9)
b7.move = 2
engine.evaluate(sample, b7, b9.moves[2].range.start)
board.cancel = real_cancel
ok(first and cancelled[1] == first, 'a new position cancels the request of the one before (client.cancel_request with its id)',
  vim.inspect({ first = first, cancelled = cancelled }))
wait(function() return board.state.evaluation and not board.state.evaluation.pending end)
ok(board.state.evaluation and board.state.evaluation.move == 2, 'the evaluation kept is the last position asked (move 2)',
  vim.inspect(board.state.evaluation))

-- Spot: the best move is a cell, highlighted.
open('eval.spot', { '3', '1 1 +', '0' })
vim.api.nvim_win_set_cursor(0, { 2, 0 })
vim.cmd('GamelsBoard')
wait_board('Spot 3x3, game 1, after move 1')
s = wait_board('engine: [^s]')
e = board.state.evaluation
-- The judgment's best move when nothing is proven (as above).
best = e and (e.proven == false and e.estimateText and type(e.judged) == 'table' and e.judged.best or e.best)
ok(best and best.cell, 'Spot: the engine\'s best move is a cell', vim.inspect(e))
if best and best.cell then
  local l, c = h.cell(best.cell.row, best.cell.col)
  ok(l and h.groups_at(l, c).GamelsBoardBest, 'Spot: cell ' .. best.cell.row .. ' ' .. best.cell.col .. ' highlighted GamelsBoardBest',
    l and vim.inspect(h.groups_at(l, c)) .. '\n' .. s)
end
-- No ply number of the line hides a spot: a cell that holds one is only
-- coloured, so no overlay lies over a '*'.
do
  local shown = vim.api.nvim_buf_get_lines(board.state.buf, 0, -1, false)
  for _, o in ipairs(h.overlays()) do
    local under = (shown[o.line + 1] or ''):sub(o.col + 1, o.col + #o.text)
    ok(not under:find('[^%. ]'), 'Spot: the line\'s "' .. o.text .. '" lies over an empty cell, not "' .. under .. '"',
      vim.inspect(h.overlays()) .. '\n' .. table.concat(shown, '\n'))
  end
end

-- The values along the game (gamels/evaluations): game 1 of a file whose
-- annotations are a blunder at move 2 and a missed win and the decisive
-- move at move 5; the cursor on move 5. Asked at once, pending perhaps;
-- the server's gamels/annotated makes the board ask again (the cursor
-- does not move).
local vbuf = open('values.pousse', { '2', '3', 'T1', 'B3', 'T2', 'B2', 'B1', 'B1', 'T3', 'QUIT',
  '3', 'L1', 'R1', 'L2', 'R2', 'QUIT' })
local direct
board.send(board.client(vbuf), 'gamels/evaluations', { textDocument = { uri = vim.uri_from_bufnr(vbuf) },
  position = { line = 6, character = 0 } }, function(err, res) direct = { err = err, res = res } end, vbuf)
wait(function() return direct ~= nil end)
if direct.err and direct.err.code == -32601 then
  io.stdout:write('SKIP the values along the game: this server has no gamels/evaluations\n')
else
  vim.api.nvim_win_set_cursor(0, { 7, 0 })
  wait_board('Pousse 3x3, game 1, after move 5 of 7')
  wait(function()
    local t = table.concat(h.board_lines(), '\n')
    return t:find('\nvalues ') and not t:find(', pending', 1, true)
  end)
  s = table.concat(h.board_lines(), '\n')
  local vl, ml
  for k, l in ipairs(h.board_lines()) do
    if l:match('^values ') then
      vl, ml = k - 1, h.board_lines()[k + 1]
    end
  end
  local res = engine.values_state.res
  ok(vl and res and not res.pending and #res.values == 8, 'the values line, no longer pending (gamels/annotated): 8 positions, 0 to 7', s)
  if vl and res then
    local line = h.board_lines()[vl + 1]
    local drawn = line:sub(8, 15)
    ok(drawn == res.values:gsub(' ', '_'), 'one character a position, as the server sent them: ' .. res.values, line)
    ok(line:find(' 0-7 of 7', 1, true), 'the range shown: " 0-7 of 7"', line)
    ok(h.groups_at(vl, 7 + 5).GamelsBoardTarget, 'position 5 (the board shown) highlighted GamelsBoardTarget', vim.inspect(h.groups_at(vl, 12)))
    ok(ml and ml:sub(8 + 2, 8 + 2) == 'b' and ml:sub(8 + 5, 8 + 5) == '*',
      'the marks under them: b (blunder) under move 2, * (missed win and decisive) under move 5', tostring(ml))
    ok(h.groups_at(vl + 1, 7 + 2).GamelsBoardAnnotated, 'the marks highlighted GamelsBoardAnnotated')
    ok(h.groups_at(vl + 1, 7 + 5).GamelsBoardTarget,
      'the current move (5) is annotated: its mark stands for ^, highlighted GamelsBoardTarget as the current value is',
      vim.inspect(h.groups_at(vl + 1, 7 + 5)))
    for k = 0, 7 do
      local ch = res.values:sub(k + 1, k + 1)
      if ch == 'X' or ch == 'O' then
        ok(h.groups_at(vl, 7 + k)['GamelsBoard' .. ch], 'position ' .. k .. ' (' .. ch .. ') highlighted GamelsBoard' .. ch)
        break
      end
    end
    -- On a move without a mark, ^ shows where the board is.
    vim.api.nvim_win_set_cursor(0, { 6, 0 })
    wait_board('Pousse 3x3, game 1, after move 4 of 7')
    local ml4
    wait(function()
      for k, l in ipairs(h.board_lines()) do
        if l:match('^values ') then
          ml4 = h.board_lines()[k + 1]
        end
      end
      return ml4 ~= nil
    end)
    ok(ml4:sub(8 + 4, 8 + 4) == '^' and ml4:sub(8 + 5, 8 + 5) == '*', 'on move 4: ^ under it, and move 5 keeps its *', ml4)
    -- At the blunder (move 2), the move that held is marked on the board.
    local blunder
    for _, a in ipairs(res.annotations or {}) do
      if a.move == 2 and a.kind == 'blunder' then
        blunder = a
      end
    end
    vim.api.nvim_win_set_cursor(0, { 4, 0 })
    wait_board('Pousse 3x3, game 1, after move 2 of 7')
    local hl_, hc = board.place_target(board.state.board, engine.target('pousse', blunder and blunder.best))
    wait(function() return hl_ and h.groups_at(hl_, hc).GamelsBoardHeld end)
    ok(blunder and hl_ and h.groups_at(hl_, hc).GamelsBoardHeld,
      'at the blunder (move 2), its move that held (' .. tostring(blunder and blunder.best) .. ') highlighted GamelsBoardHeld',
      vim.inspect({ blunder, hl_, hc, hl_ and h.groups_at(hl_, hc) }))
    vim.api.nvim_win_set_cursor(0, { 6, 0 })
    wait_board('Pousse 3x3, game 1, after move 4 of 7')
    local any = false
    for k = 0, #h.board_lines() - 1 do
      for c = 0, 20 do
        any = any or h.groups_at(k, c).GamelsBoardHeld == true
      end
    end
    ok(not any, 'on move 4 (no mark): no move that held')
  end
end

-- The values while the annotations are pending: a file of 30 generated
-- games (8x8 Pousse, 40 moves each), the board on game 30 at once. The
-- strip says "pending"; when the job ends the server's gamels/annotated
-- makes the board ask again, with no cursor move: the final values.
if not (direct.err and direct.err.code == -32601) then
  local lines, seed = { '30' }, 4242
  local slots = { 'L', 'R', 'T', 'B' }
  for _ = 1, 30 do
    table.insert(lines, '8')
    for _ = 1, 40 do
      seed = (seed * 1103515245 + 12345) % 2147483648
      table.insert(lines, slots[seed % 4 + 1] .. tostring(math.floor(seed / 4) % 8 + 1))
    end
    table.insert(lines, 'QUIT')
  end
  local asked = 0
  local real_send = board.send
  board.send = function(c, method, ...)
    if method == 'gamels/evaluations' then
      asked = asked + 1
    end
    return real_send(c, method, ...)
  end
  local pend = open('pending.pousse', lines)
  vim.api.nvim_win_set_cursor(0, { #lines - 3, 0 })
  local seen = wait_board('values .*, pending')
  ok(seen:find(', pending', 1, true), 'just opened: the values line says "pending"', seen)
  local before = asked
  local line = vim.api.nvim_win_get_cursor(0)[1]
  h.timeout_ms = 60000
  wait(function()
    local t = table.concat(h.board_lines(), '\n')
    return t:find('\nvalues ') and not t:find(', pending', 1, true)
  end)
  h.timeout_ms = 15000
  board.send = real_send
  seen = table.concat(h.board_lines(), '\n')
  ok(seen:find('\nvalues ') and not seen:find(', pending', 1, true) and asked > before and vim.api.nvim_win_get_cursor(0)[1] == line,
    'when the job ends, gamels/annotated: asked again with the cursor still, the values no longer pending',
    string.format('asked %d times (%d before), cursor line %d\n%s', asked, before, vim.api.nvim_win_get_cursor(0)[1], seen))
  vim.cmd('bwipeout! ' .. pend)
end
vim.cmd('GamelsBoardClose')

local comp = vim.fn.getcompletion('GamelsEngine ', 'cmdline')
ok(vim.deep_equal(comp, { 'X', 'O', 'off' }), ':GamelsEngine completes X, O, off', vim.inspect(comp))
comp = vim.fn.getcompletion('GamelsEngine o', 'cmdline')
ok(vim.deep_equal(comp, { 'O', 'off' }), ':GamelsEngine o<Tab>: O, off', vim.inspect(comp))

local buf = open('engine.pousse', { '1', '3', 'QUIT' })
local src_win = vim.api.nvim_get_current_win()
vim.api.nvim_win_set_cursor(0, { 2, 0 })
vim.cmd('GamelsEngine O')
ok(engine.side == 'O', ':GamelsEngine O: the engine plays O')
vim.cmd('GamelsBoard')
wait_board('game 1, before the first move')

-- Enter on T1: X's move, then O's reply by the engine.
vim.api.nvim_set_current_win(board.state.win)
press('<CR>')
local t = wait_lines(buf, function(s) return s:match('^1/3/T1/[LRTB][123]/QUIT$') ~= nil end)
ok(t:match('^1/3/T1/[LRTB][123]/QUIT$'), 'Enter on T1, then the engine replies for O on its own: 1/3/T1/<slot>/QUIT', t)
local reply = vim.api.nvim_buf_get_lines(buf, 3, 4, false)[1]
s = wait_board('the engine played move 2')
ok(s:find('the engine played move 2: ' .. reply, 1, true), 'the board says "the engine played move 2: ' .. tostring(reply) .. '"', s)
wait_board('after move 2 of 2')
ok(vim.api.nvim_win_get_cursor(src_win)[1] == 4, "the transcript's cursor on the engine's move (line 4)",
  vim.api.nvim_win_get_cursor(src_win)[1])

-- A second move: T2, and the reply.
press('l<CR>')
t = wait_lines(buf, function(s2) return s2:match('^1/3/T1/[LRTB][123]/T2/[LRTB][123]/QUIT$') ~= nil end)
ok(t:match('^1/3/T1/[LRTB][123]/T2/[LRTB][123]/QUIT$'), 'T2 played, the engine replies again', t)

-- `u` in the transcript: the engine's move, then the user's, one each.
vim.api.nvim_set_current_win(src_win)
press('u')
t = wait_lines(buf, function(s2) return s2 == '1/3/T1/' .. reply .. '/T2/QUIT' end)
ok(t == '1/3/T1/' .. reply .. '/T2/QUIT', "u takes back the engine's reply alone", t)
press('u')
t = wait_lines(buf, function(s2) return s2 == '1/3/T1/' .. reply .. '/QUIT' end)
ok(t == '1/3/T1/' .. reply .. '/QUIT', 'u again takes back T2 alone', t)
press('u')
t = wait_lines(buf, function(s2) return s2 == '1/3/T1/QUIT' end)
ok(t == '1/3/T1/QUIT', "a third u: the engine's first reply", t)

-- Turned on with its side to move at the end of the game: it plays.
vim.api.nvim_win_set_cursor(src_win, { 3, 0 }) -- T1: O to move
wait_board('after move 1 of 1')
vim.cmd('GamelsEngine X')
vim.wait(300)
ok(lines(buf) == '1/3/T1/QUIT', ':GamelsEngine X with O to move: nothing played', lines(buf))
vim.cmd('GamelsEngine O')
t = wait_lines(buf, function(s2) return s2:match('^1/3/T1/[LRTB][123]/QUIT$') ~= nil end)
ok(t:match('^1/3/T1/[LRTB][123]/QUIT$'), ':GamelsEngine O with O to move at the end: the engine plays at once', t)

-- Off: a move, no reply.
vim.cmd('GamelsEngine off')
ok(engine.side == nil, ':GamelsEngine off')
wait_board('after move 2 of 2')
vim.api.nvim_set_current_win(board.state.win)
board.state.target = { 0, 3 } -- T3
board.redraw()
press('<CR>')
t = wait_lines(buf, function(s2) return s2:match('/T3/QUIT$') ~= nil end)
vim.wait(500)
t = lines(buf)
ok(t:match('^1/3/T1/[LRTB][123]/T3/QUIT$'), 'off: T3 played, no reply', t)
vim.api.nvim_set_current_win(src_win)

-- Spot: the engine plays player 2 (O); a spot placed with Enter, its reply.
local spot = open('engine.spot', { '3', '', '0' })
vim.api.nvim_win_set_cursor(0, { 1, 0 })
vim.cmd('GamelsEngine O') -- before the board follows: the Pousse board drawn is not this file's, nothing played
wait_board('Spot 3x3')
vim.api.nvim_set_current_win(board.state.win)
wait_board('Enter: play 1 1')
press('<CR>')
t = wait_lines(spot, function(s2) return s2:match('^3/1 1 %+/%d %d [+-]//0$') ~= nil end)
ok(t:match('^3/1 1 %+/%d %d [+-]//0$'), 'Spot: Enter on 1 1 places a spot, the engine (player 2) replies: 3/1 1 +/<r c +->//0', t)
vim.cmd('GamelsEngine off')
vim.api.nvim_set_current_win(vim.fn.bufwinid(spot))
vim.cmd('buffer ' .. buf)

-- The engine's moves to the end of the game (the server's second code
-- action, from a server with the engine's work merged).
local client = board.client(buf)
local actions
local p = { textDocument = { uri = vim.uri_from_bufnr(buf) },
  range = { start = { line = 2, character = 0 }, ['end'] = { line = 2, character = 0 } }, context = { diagnostics = {} } }
board.send(client, 'textDocument/codeAction', p, function(err, res) actions = err and {} or res or {} end, buf)
wait(function() return actions ~= nil end)
local rest
for _, a in ipairs(actions or {}) do
  if a.title and a.title:find("Play the engine's moves to the end of the game", 1, true) then
    rest = a
  end
end
if not rest then
  io.stdout:write("SKIP the code action \"Play the engine's moves to the end of the game\": not offered by this server\n")
else
  local done
  board.send(client, 'workspace/executeCommand', rest.command, function(err) done = err or true end, buf)
  wait(function() return done ~= nil end)
  t = lines(buf)
  local n = select(2, t:gsub('/[LRTB][123]', ''))
  ok(done == true and t:match('^1/3/T1/') and t:match('/QUIT$') and n > 2,
    "\"Play the engine's moves to the end of the game\": the moves after move 1 replaced by the engine's, to the end", vim.inspect(done) .. ' ' .. t)
  press('u')
  t = wait_lines(buf, function(s2) return s2:match('^1/3/T1/[LRTB][123]/T3/QUIT$') ~= nil end)
  ok(t:match('^1/3/T1/[LRTB][123]/T3/QUIT$'), 'one u takes all of them back', t)
end

-- :GamelsEngineLevel: gamels.engine.level sent to the server
-- (workspace/didChangeConfiguration), a level it does not know refused.
for _, level in ipairs({ 'easy', 'strong' }) do
  vim.cmd('GamelsEngineLevel ' .. level)
  local sent = client.config.settings and client.config.settings.gamels.engine or {}
  ok(sent.level == level, ':GamelsEngineLevel ' .. level .. ': gamels.engine.level is ' .. level, vim.inspect(sent))
end
local said
local real_notify = vim.notify
vim.notify = function(msg) said = msg end
vim.cmd('GamelsEngineLevel brutal')
wait(function() return said ~= nil end)
vim.notify = real_notify
ok(said and said:find('easy, normal or strong', 1, true) and client.config.settings.gamels.engine.level == 'strong',
  ':GamelsEngineLevel brutal is refused, the level kept', said)
ok(vim.deep_equal(vim.fn.getcompletion('GamelsEngineLevel s', 'cmdline'), { 'strong' }), ':GamelsEngineLevel completes the levels',
  vim.inspect(vim.fn.getcompletion('GamelsEngineLevel s', 'cmdline')))
vim.cmd('GamelsEngineLevel normal')

vim.cmd('GamelsBoardClose')
end)
