-- gamels.explore: a line explored on the board of :GamelsBoard, moves
-- tried without writing them. The board window holds the scratch line (the
-- moves after the position shown when exploring began); the server draws
-- and judges the position it reaches (gamels/board and gamels/evaluate
-- with moves, docs/protocol.md "A scratch line") and refuses a move that
-- cannot be played there. The plugin computes nothing of the rules.
--
--   x        (in the board window) explore after the position shown
--   Enter    while exploring: try the move at the board cursor
--   <Left>   take back the last move tried (none left: discard)
--   w        write the moves tried into the transcript, one gamels/play a
--            move (one undo step each), the first asking "Replace the
--            rest" in the middle of a game as Enter does
--   <Esc>    discard the line
--
-- A step to another move (]m, [m, ]a, [a), another file or an edit of
-- the transcript discards it too. The same states as the VS Code and page
-- board session (editors/board/session.ts).
--
-- Works on Neovim 0.7 and later.

local M = {}

-- The most scratch moves a line holds: the server's bound
-- (MaxScratchMoves, docs/protocol.md).
M.max_moves = 1000

local board = require('gamels.board')
local st = board.state

--- active is the scratch line being explored, or nil: { src, tick, at,
--- game, from, moves, drawn } (drawn: how many of moves the server drew;
--- a move it refuses is taken back).
function M.active()
  return st.scratch
end

-- say puts msg under the board shown now (it goes with the next board).
local function say_here(msg, level)
  board.tell_here(msg)
  vim.notify('gamels: ' .. msg, level or vim.log.levels.INFO)
  board.redraw()
end

-- say_next puts msg under the next board drawn.
local function say_next(msg)
  board.tell(msg)
  vim.notify('gamels: ' .. msg, vim.log.levels.INFO)
end

--- start begins a scratch line after the position the board shows.
function M.start()
  local b, src = st.board, st.src
  if st.scratch then
    return
  end
  if not b or not src or b.src ~= src or not vim.api.nvim_buf_is_valid(src) or b.kind == 'path' then
    say_here('exploring tries moves on a Pousse or Spot board', vim.log.levels.WARN)
    return
  end
  if b.tick ~= vim.api.nvim_buf_get_changedtick(src) then
    board.schedule(0) -- the text changed since this board: draw it first
    return
  end
  st.scratch = { src = src, tick = b.tick, at = b.asked, game = b.game, from = b.move, moves = {}, drawn = 0 }
  say_next(string.format('exploring after move %d: moves on the board are tried, not written', b.move))
  board.schedule(0)
end

--- discard drops the scratch line (why: the line said, or the default).
function M.discard(why)
  if not st.scratch then
    return
  end
  st.scratch = nil
  say_next(why or 'the explored line is discarded: the transcript is as it was')
  board.schedule(0)
end

--- back takes back the last move tried; with none, discards the line.
function M.back()
  local s = st.scratch
  if not s then
    return
  end
  if #s.moves == 0 then
    return M.discard()
  end
  s.moves = vim.list_slice(s.moves, 1, s.drawn - 1)
  s.drawn = #s.moves -- a prefix of the line drawn: as valid as it was
  board.schedule(0)
end

--- try adds tg ({ slot = 'L2' } or { cell = { row, col } }) to the
--- scratch line; the server draws it, or refuses it and update takes it
--- back.
function M.try(tg)
  local s = st.scratch
  if not s or not tg then
    return
  end
  if #s.moves > s.drawn then
    return -- the last move is still being drawn
  end
  if #s.moves >= M.max_moves then
    say_here(string.format('a scratch line holds at most %d moves: write or discard it', M.max_moves), vim.log.levels.WARN)
    return
  end
  local tok = tg.slot or string.format('%d %d', tg.cell.row, tg.cell.col)
  s.moves = vim.list_extend(vim.list_slice(s.moves, 1, #s.moves), { tok })
  board.schedule(0)
end

--- check is update's first look at the scratch line: nil when none, or
--- discarded (another file, an edit); else the position the line starts
--- at and the moves to ask with.
function M.check(src)
  local s = st.scratch
  if not s then
    return nil
  end
  if s.src ~= src then
    M.discard('the explored line is discarded: another file is shown')
    return nil
  elseif not vim.api.nvim_buf_is_valid(src) or vim.api.nvim_buf_get_changedtick(src) ~= s.tick then
    M.discard('the explored line is discarded: the transcript changed')
    return nil
  end
  return s.at, vim.list_slice(s.moves, 1, #s.moves)
end

--- refused is update's when the server refuses the board asked with
--- moves: the last move tried is taken back and the board shown stays,
--- the reason said under it. Returns true when that was the case.
function M.refused(moves, err)
  local s = st.scratch
  if not s or not moves or #moves ~= #s.moves or #moves <= s.drawn then
    return false
  end
  s.moves = vim.list_slice(s.moves, 1, s.drawn)
  say_here((tostring(err):gsub('^gamels: ', '')), vim.log.levels.WARN)
  return true
end

--- drawn is update's once the server drew board b, asked with moves:
--- the line takes the moves as the transcript would hold them (a Spot
--- move's sign); a server that ignores moves ends it.
function M.drawn(moves, b)
  local s = st.scratch
  if not s or not moves then
    return
  end
  if type(b.scratch) == 'table' and type(b.scratch.moves) == 'table' then
    s.moves, s.drawn = b.scratch.moves, #b.scratch.moves
  elseif #moves > 0 then
    st.scratch = nil
    board.tell('this gamels does not explore lines (gamels/board with moves): the plugin needs a newer gamels')
  end
end

--- target reads a scratch move as the transcript holds it into a
--- gamels/play target: { slot = 'L2' } or { cell = { row, col } }.
function M.target(kind, mv)
  if kind == 'pousse' then
    return { slot = mv }
  end
  local r, c = mv:match('^(%d+)%s+(%d+)')
  return r and { cell = { row = tonumber(r), col = tonumber(c) } } or nil
end

--- write writes the moves tried into the transcript, one gamels/play a
--- move as Enter would: in the middle of the game the first asks the
--- would-replace question; the rest follow at the game's new end.
function M.write()
  local s, b = st.scratch, st.board
  if not s or not b then
    return
  end
  local moves = vim.list_slice(s.moves, 1, s.drawn)
  if #moves == 0 then
    return M.discard()
  end
  local play = require('gamels.play')
  local src = s.src
  local client = board.client(src)
  if not client then
    say_here('no gamels language server is attached to the transcript', vim.log.levels.ERROR)
    return
  end
  local wrote, replaced = 0, 0
  local function finish(why)
    if why then
      board.tell(why)
    end
    if wrote > 0 then
      board.tell(string.format('wrote the explored line: %d move(s), %d to %d%s', wrote, s.from + 1, s.from + wrote,
        replaced > 0 and string.format(', replacing %d move(s)', replaced) or '') .. (why and ('; ' .. why) or ''))
    end
    board.schedule(0)
    if wrote == #moves then
      require('gamels.engine').after_move(src, s.game, s.from + wrote)
    end
  end
  local function one(replace)
    local k = wrote + 1
    if k > #moves then
      return finish(nil)
    end
    local tg = M.target(b.kind, moves[k])
    if not tg then
      return finish('the move ' .. moves[k] .. ' is no cell')
    end
    local params = {
      textDocument = { uri = vim.uri_from_bufnr(src), version = play.version(src) },
      game = s.game, move = s.from + wrote, slot = tg.slot, cell = tg.cell, replaceRest = replace or nil,
    }
    board.send(client, play.play_method, params, function(err, res)
      if err then
        local msg, code, data = play.refusal(err)
        if code == 'would-replace' and wrote == 0 and not replace then
          local choices = { 'Replace the rest', 'Cancel' }
          vim.ui.select(choices, {
            prompt = string.format('Write the %d explored move(s) at move %d? They replace the %d move(s) after it.',
              #moves, s.from + 1, data.replaced or 0),
          }, function(choice)
            if choice == choices[1] then
              one(true)
            else
              say_here('nothing written: the explored line and the moves after it are kept')
            end
          end)
          return
        end
        if wrote == 0 then
          say_here('nothing written: ' .. msg, vim.log.levels.WARN)
          return
        end
        return finish('nothing more written: ' .. msg)
      end
      if type(res) ~= 'table' or type(res.edit) ~= 'table' then
        return finish('the answer to the move is not an edit')
      end
      st.scratch = nil -- being written: the text changes under it
      play.apply(src, client, res)
      wrote = wrote + 1
      replaced = replaced + (tonumber(res.replaced) or 0)
      one(false)
    end, src)
  end
  one(false)
end

--- banner is the lines above the board while exploring: where the line
--- starts, its moves (apart from the game's) and the keys.
function M.banner(s)
  local k = math.min(s.drawn, #s.moves)
  local tried = k > 0 and table.concat(s.moves, ' ', 1, k) or 'none yet'
  return {
    string.format('EXPLORING after move %d (not written): %s', s.from, tried),
    'Enter tries, <Left> takes back, w writes, <Esc> discards',
  }
end

--- map sets the explore keys of the board window's buffer.
function M.map(buf)
  board.nmap(buf, 'x', 'gamels: explore a line from the board', M.start)
  board.nmap(buf, '<Left>', 'gamels: take back the last explored move', M.back)
  board.nmap(buf, '<Esc>', 'gamels: discard the explored line', function() M.discard() end)
  board.nmap(buf, 'w', 'gamels: write the explored line', M.write)
end

return M
