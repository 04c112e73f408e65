-- gamels.engine: the engine in the :GamelsBoard window, and playing
-- against it.
--
-- For each position the board shows, the engine's value ("X wins in 3";
-- unproven, the estimate and the judgment's main line: "X 54% (judged)")
-- and its best move come from gamels/evaluate, asked in the background;
-- stepping on cancels the request still running ($/cancelRequest), so a
-- search never outlives the position it was for. The best move is marked
-- on the drawing (a Pousse edge slot, a Spot cell: GamelsBoardBest). The
-- values along the game come from gamels/evaluations, once a version of
-- the transcript and game (asked again when the server says an
-- annotation job finished, gamels/annotated): one character a position
-- around the one shown, the annotated moves marked under it.
--
--   :GamelsEngine X|O|off   the engine plays that side: after a move
--                           played on the board, its reply is written by
--                           the server (gamels.playEngineMove), its own
--                           undo step
--
-- A server without these requests (MethodNotFound) is asked no more.
-- Works on Neovim 0.7 and later.

local M = {}

M.evaluate_method = 'gamels/evaluate'
M.evaluations_method = 'gamels/evaluations'
M.command = 'gamels.playEngineMove'
M.side = nil -- 'X', 'O' or nil: the side the engine plays
M.marks = { ['missed-win'] = 'm', blunder = 'b', decisive = 'd' }

local board = require('gamels.board')
local st = board.state
local unsupported = {}

local method_not_found = -32601
local request_cancelled = -32800
local content_modified = -32801

local function err_message(err)
  if type(err) ~= 'table' then
    return tostring(err)
  end
  return (tostring(err.message or vim.inspect(err)):gsub('^gamels: ', ''))
end

--- to_move is the side to move after k moves: X (Spot: player 1) moves
--- first.
function M.to_move(k)
  return k % 2 == 0 and 'X' or 'O'
end

-- values_key names a game of a version of transcript src.
local function values_key(src, game)
  local v = vim.lsp.util.buf_versions and vim.lsp.util.buf_versions[src] or vim.api.nvim_buf_get_var(src, 'changedtick')
  return vim.uri_from_bufnr(src) .. '#' .. tostring(v) .. '#' .. tostring(game)
end

-----------------------------------------------------------------------
-- The value and best move of the position shown.

--- evaluate asks gamels/evaluate for the position of board b (asked at
--- pos in transcript src, then the scratch line moves when exploring:
--- lua/gamels/explore.lua), cancelling the request for the position
--- shown before; the answer is kept in st.evaluation and drawn.
function M.evaluate(src, b, pos, moves)
  -- The same position of the same version: the answer held, or the
  -- search under way, stands.
  local key = values_key(src, b.game) .. '#' .. tostring(b.move) .. '#' .. table.concat(moves or {}, ',')
  if st.evaluation and st.evaluation.key == key then
    return
  end
  local prev = st.eval_req
  if prev then
    board.cancel(prev.client, prev.id)
    st.eval_req = nil
  end
  st.evaluation = nil
  if b.kind == 'path' or unsupported[M.evaluate_method] or not pos then
    return
  end
  local client = board.client(src)
  if not client then
    return
  end
  st.evaluation = { pending = true, game = b.game, move = b.move, key = key }
  local req = { client = client }
  local params = { textDocument = { uri = vim.uri_from_bufnr(src) }, position = pos }
  if moves and #moves > 0 then
    params.moves, params.nearest = moves, true
  end
  local ok, id = board.send(client, M.evaluate_method, params, function(err, res)
    if st.eval_req ~= req then
      return -- cancelled or replaced: another position is shown
    end
    st.eval_req = nil
    if err then
      if err.code == method_not_found then
        unsupported[M.evaluate_method] = true
        st.evaluation = nil
      elseif err.code == request_cancelled or err.code == content_modified then
        -- The server's own doing (a cancel of ours is not ours any
        -- more, above): no line; the next update asks again.
        st.evaluation = nil
      else
        st.evaluation = { error = err_message(err), game = b.game, move = b.move, key = key }
      end
    elseif type(res) ~= 'table' then
      st.evaluation = { none = true, game = b.game, move = b.move, key = key }
    else
      res.game, res.move, res.key = b.game, b.move, key
      st.evaluation = res
    end
    board.redraw()
  end, src)
  if ok then
    req.id = id
    st.eval_req = req
  else
    st.evaluation = nil
  end
end

-- current returns the evaluation of board b, or nil.
local function current(b)
  local e = st.evaluation
  local line = type(b.scratch) == 'table' and table.concat(b.scratch.moves or {}, ',') or ''
  if e and e.game == b.game and e.move == b.move and e.key and e.key:sub(-#line - 1) == '#' .. line then
    return e
  end
  return nil
end

-- judged returns the judgment of evaluation e when it proves nothing
-- (a newer server's estimate and judged search), else nil.
local function judged(e)
  if e.proven == false and type(e.estimateText) == 'string' and type(e.judged) == 'table'
    and type(e.judged.best) == 'table' then
    return e.judged
  end
  return nil
end

--- value_line is the line under the board: the engine's value and best
--- move of the position shown, or that it is being searched.
function M.value_line(b)
  local e = current(b)
  if not e then
    return nil
  end
  if e.pending then
    return 'engine: searching...'
  elseif e.error then
    return 'engine: ' .. e.error
  elseif e.none then
    return nil -- the game is over here
  end
  local s = 'engine: ' .. tostring(e.value or '?')
  local best, depth = e.best, e.depth
  local j = judged(e)
  if j then
    -- No proof: the estimate (docs/engine.md), the judgment's best move
    -- and main line.
    s = 'engine: ' .. e.estimateText .. ' (judged)'
    best, depth = j.best, j.depth
  end
  if type(best) == 'table' and best.text then
    s = s .. ', best ' .. best.text
  end
  local notes = {}
  if depth then
    table.insert(notes, 'depth ' .. tostring(depth))
  end
  if e.complete == false then
    table.insert(notes, 'cut short')
  end
  if #notes > 0 then
    s = s .. ' (' .. table.concat(notes, ', ') .. ')'
  end
  return s
end

--- main_line is the judgment's main line from the position shown, "line
--- L1 L5 L2 ..." (its first 8 moves), or nil (a proof, one move, none).
function M.main_line(b)
  local e = current(b)
  local j = e and judged(e)
  if not j or type(j.line) ~= 'table' or #j.line < 2 then
    return nil
  end
  return 'line ' .. table.concat(j.line, ' ', 1, math.min(#j.line, 8)) .. (#j.line > 8 and ' ...' or '')
end

--- best returns the engine's best move in the position of b: { slot =
--- 'T3' } or { cell = { row, col } }, or nil.
function M.best(b)
  local e = current(b)
  local best = e and (judged(e) or e).best
  if type(best) ~= 'table' then
    return nil
  end
  if type(best.slot) == 'string' then
    return { slot = best.slot }
  elseif type(best.cell) == 'table' then
    return { cell = best.cell }
  end
  return nil
end

--- target turns a move's text into what M.best returns: { slot = 'T3' }
--- (Pousse) or { cell = { row, col } } (Spot, "2 3 +"), or nil.
function M.target(kind, text)
  if type(text) ~= 'string' then
    return nil
  end
  if kind == 'pousse' then
    local slot = text:match('^%s*([LRTBlrtb]%d+)%s*$')
    return slot and { slot = slot:upper() } or nil
  end
  local r, c = text:match('^%s*(%d+)%s+(%d+)')
  return r and { cell = { row = tonumber(r), col = tonumber(c) } } or nil
end

M.line_plies = 4 -- the plies of the engine's line drawn on the board

--- line_labels is the engine's main line of the position b shows, for
--- the board: its first M.line_plies moves grouped by target, each {
--- target (as M.target), plies = { 1, 3 }, side = 'X' or 'O' (who plays
--- its first ply) }; empty unless the line starts with the best move.
function M.line_labels(b)
  local e = current(b)
  local j = e and judged(e)
  local best = j and j.best
  if not j or type(j.line) ~= 'table' or type(best) ~= 'table' or type(j.line[1]) ~= 'string'
    or type(best.text) ~= 'string' or vim.trim(j.line[1]) ~= vim.trim(best.text) then
    return {}
  end
  local first = e.toMove == 'O' and 'O' or 'X'
  local other = first == 'X' and 'O' or 'X'
  local out, by = {}, {}
  for i = 1, math.min(#j.line, M.line_plies) do
    local t = M.target(b.kind, j.line[i])
    if t then
      local key = t.slot or (t.cell.row .. ' ' .. t.cell.col)
      if by[key] then
        table.insert(by[key].plies, i)
      else
        by[key] = { target = t, plies = { i }, side = i % 2 == 1 and first or other }
        table.insert(out, by[key])
      end
    end
  end
  return out
end

-----------------------------------------------------------------------
-- The values along the game.

local values = { key = nil, res = nil, asking = nil }
M.values_state = values

-- The annotation kinds by weight: the one a move shows when it has two.
local rank = { blunder = 5, ['missed-win'] = 4, mistake = 3, inaccuracy = 2, decisive = 1 }

--- held is the move that held at the annotated move b shows (the
--- annotation's best, for ??, ? and ?!; a decisive move has none), as
--- M.target, or nil.
function M.held(b)
  local res = values.res
  if type(b.scratch) == 'table' or not res or values.key ~= values_key(st.src, b.game) or res.game ~= b.game then
    return nil
  end
  local top
  for _, a in ipairs(type(res.annotations) == 'table' and res.annotations or {}) do
    if tonumber(a.move) == b.move and (not top or (rank[a.kind] or 0) > (rank[top.kind] or 0)) then
      top = a
    end
  end
  if not top or top.kind == 'decisive' then
    return nil
  end
  return M.target(b.kind, top.best)
end



--- evaluations asks gamels/evaluations for the game of b, unless the
--- answer for this version and game is held and final.
function M.evaluations(src, b, pos)
  if b.kind == 'path' or unsupported[M.evaluations_method] or not pos then
    return
  end
  local key = values_key(src, b.game)
  if (values.key == key and values.res and not values.res.pending) or values.asking == key then
    return
  end
  local client = board.client(src)
  if not client then
    return
  end
  values.asking = key
  local params = { textDocument = { uri = vim.uri_from_bufnr(src) }, position = pos }
  board.send(client, M.evaluations_method, params, function(err, res)
    if values.asking == key then
      values.asking = nil
    end
    if err then
      if err.code == method_not_found then
        unsupported[M.evaluations_method] = true
      end
      return
    end
    values.key, values.res = key, type(res) == 'table' and res or nil
    board.redraw()
  end, src)
end

--- annotated is the handler of the server's gamels/annotated: the
--- values are asked again for the board shown.
function M.annotated(_, params)
  local uri = type(params) == 'table' and type(params.textDocument) == 'table' and params.textDocument.uri
  if values.key and uri and values.key:sub(1, #uri + 1) == uri .. '#' then
    values.key, values.res = nil, nil
    if st.board then
      board.schedule(0)
    end
  end
end

--- strip returns the values line and the marks line for board b within
--- width columns, and their highlights { group, line offset (0 or 1),
--- col_start, col_end }; nil when there are no values for b's game.
function M.strip(b, width)
  local res = values.res
  if not res or values.key ~= values_key(st.src, b.game) or res.game ~= b.game or type(res.values) ~= 'string' then
    return nil
  end
  local v = res.values
  local last = #v - 1 -- positions 0..last
  -- Exploring: the transcript's values, from where the line starts.
  local shown = type(b.scratch) == 'table' and b.scratch.from or b.move
  local cur = math.max(0, math.min(shown, last))
  local label = 'values '
  local room = math.max(9, width - #label - 16)
  local lo = math.max(0, cur - math.floor(room / 2))
  local hi = math.min(last, lo + room - 1)
  lo = math.max(0, math.min(lo, hi - room + 1))
  local marks = {}
  for _, a in ipairs(type(res.annotations) == 'table' and res.annotations or {}) do
    local c = M.marks[a.kind] or '*'
    local k = tonumber(a.move)
    if k then
      marks[k] = marks[k] and marks[k] ~= c and '*' or c
    end
  end
  local top, bot, hl = { label }, { string.rep(' ', #label) }, {}
  local col = #label
  for k = lo, hi do
    local ch = v:sub(k + 1, k + 1)
    local group = ch == 'X' and 'GamelsBoardX' or ch == 'O' and 'GamelsBoardO' or nil
    if ch == ' ' then
      ch = '_' -- not analysed
    end
    table.insert(top, ch)
    if group then
      table.insert(hl, { group, 0, col, col + 1 })
    end
    if k == cur then
      table.insert(hl, { 'GamelsBoardTarget', 0, col, col + 1 })
    end
    -- The current position is marked ^; an annotated one keeps its
    -- mark, highlighted as the current one, so that neither is lost.
    local m = marks[k]
    table.insert(bot, m or (k == cur and '^' or ' '))
    if m then
      table.insert(hl, { k == cur and 'GamelsBoardTarget' or 'GamelsBoardAnnotated', 1, col, col + 1 })
    end
    col = col + 1
  end
  local tail = string.format(' %d-%d of %d', lo, hi, last)
  if res.pending then
    tail = tail .. ', pending'
  end
  local top_line = table.concat(top) .. tail
  local bot_line = (table.concat(bot):gsub('%s+$', ''))
  if bot_line:match('^%s*$') then
    bot_line = nil
  end
  return { top_line, bot_line }, hl
end

-----------------------------------------------------------------------
-- Playing against the engine.

--- set sets the side the engine plays: 'X', 'O' or 'off'. When the
--- board shows the end of a game that goes on with that side to move,
--- the engine plays at once.
function M.set(arg)
  arg = vim.trim(arg or ''):upper()
  if arg == '' then
    vim.notify('gamels: the engine plays ' .. (M.side or 'no side (off)'), vim.log.levels.INFO)
    return
  end
  if arg == 'OFF' then
    M.side = nil
    board.tell('the engine plays no side')
    vim.notify('gamels: ' .. st.message, vim.log.levels.INFO)
    board.redraw()
    return
  end
  if arg ~= 'X' and arg ~= 'O' then
    vim.notify(string.format('gamels: :GamelsEngine X, O or off, not %q', arg), vim.log.levels.ERROR)
    return
  end
  M.side = arg
  board.tell('the engine plays ' .. arg .. (st.board and st.board.kind == 'spot' and (arg == 'X' and ' (player 1)' or ' (player 2)') or ''))
  vim.notify('gamels: ' .. st.message, vim.log.levels.INFO)
  local b, src = st.board, st.src
  -- Only a board drawn from the transcript followed, as it is now.
  if b and src and b.src == src and vim.api.nvim_buf_is_valid(src) and b.tick == vim.api.nvim_buf_get_changedtick(src)
    and b.kind ~= 'path' and not st.scratch then
    local count = b.count or 0
    local over = (b['end'] or 0) > 0
    if not over and b.move >= count and M.to_move(count) == M.side then
      M.play(src, b.game, count)
      return
    end
  end
  board.redraw()
end

--- complete completes :GamelsEngine's argument.
function M.complete(lead)
  local out = {}
  for _, s in ipairs({ 'X', 'O', 'off' }) do
    if s:lower():sub(1, #lead) == (lead or ''):lower() then
      table.insert(out, s)
    end
  end
  return out
end

--- after_move is called by play.lua once the user's move (the k-th of
--- game) is in src: when the engine plays the side to move next, it
--- replies.
function M.after_move(src, game, k)
  if M.side and k and k > 0 and M.to_move(k) == M.side then
    M.play(src, game, k)
  end
end

--- play asks the server for the engine's move after the first k moves
--- of game in src (gamels.playEngineMove with the version the client
--- sent last); the server applies it through workspace/applyEdit, its
--- own undo step.
function M.play(src, game, k)
  local play = require('gamels.play')
  local client = board.client(src)
  if not client then
    play.say('no gamels language server is attached to the transcript', vim.log.levels.ERROR)
    return
  end
  local cmd = { command = M.command, arguments = { vim.uri_from_bufnr(src), play.version(src), game, k } }
  board.tell(string.format('the engine (%s) is thinking...', M.side or '?'))
  board.redraw()
  play.undo_break(src)
  board.send(client, 'workspace/executeCommand', cmd, function(err, res)
    play.undo_break(src)
    if err then
      local msg, code = play.refusal(err)
      play.say((code == 'game-over' and '' or 'the engine: ') .. msg, code == 'game-over' and vim.log.levels.INFO or vim.log.levels.WARN)
      return
    end
    if type(res) == 'table' and res.text then
      board.tell(string.format('the engine played move %d: %s', res.move or 0, res.text))
      play.reveal(src, client, res.position)
    end
    board.schedule(0)
  end, src)
end

return M
