-- gamels.play: playing on the board of :GamelsBoard. In the board window a
-- cursor goes over the board (h/j/k/l): over the cells of a Spot or PATH
-- board, and along the border of a Pousse board, whose characters beside
-- each line are its edge slots (L1 on the left of row 1, T3 above column 3
-- ...; a step into the cells crosses to the far edge). Enter plays there:
-- the server writes the move (gamels/play, docs/protocol.md) and the edit
-- is applied to the transcript, one undo step (`u`, in the transcript or
-- the board window, takes it back). In the middle of a game the
-- server refuses until asked again: vim.ui.select asks first. On a Pousse
-- slot the push it would make is highlighted (GamelsBoardPreview: the run
-- that moves; GamelsBoardOff: the marker that falls off), and the footer
-- says when the move wins, loses or repeats at once (the server's marks).
--
--   :GamelsNewGame [N]  a new game of size N (asked when not given) in the
--                       transcript, in its layout (gamels/newGame)
--
-- Works on Neovim 0.7 and later.

local M = {}

M.play_method = 'gamels/play'
M.new_game_method = 'gamels/newGame'

local board = require('gamels.board')
local st = board.state
local gamels_client, request = board.client, board.send
local transcripts = { pousse = true, spot = true, path = true }

--- sizes returns the sizes of a new game the server takes for kind, and
--- the one to offer: { min, max, default } from its initialize result
--- (experimental.gamelsNewGame, docs/protocol.md), or nil from a server
--- that does not say (it refuses a size out of range itself).
function M.sizes(client, kind)
  local caps = client and client.server_capabilities
  local exp = type(caps) == 'table' and caps.experimental
  local z = type(exp) == 'table' and type(exp.gamelsNewGame) == 'table' and exp.gamelsNewGame[kind]
  if type(z) == 'table' and type(z.min) == 'number' and type(z.max) == 'number' then
    return z
  end
  return nil
end

-- version is the version of bufnr that the client last sent the server.
local function version(bufnr)
  local v = vim.lsp.util.buf_versions and vim.lsp.util.buf_versions[bufnr]
  return v or vim.api.nvim_buf_get_var(bufnr, 'changedtick')
end

local function say(msg, level)
  board.tell(msg)
  vim.notify('gamels: ' .. msg, level or vim.log.levels.INFO)
  board.redraw()
end
M.version, M.say = version, say

-- refusal returns the message (without "gamels: ") and data.code of an error.
local function refusal(err)
  if type(err) ~= 'table' then
    return tostring(err), ''
  end
  local msg = tostring(err.message or vim.inspect(err)):gsub('^gamels: ', '')
  local data = type(err.data) == 'table' and err.data or {}
  return msg, data.code or '', data
end
M.refusal = refusal

--- undo_break closes the undo block of the transcript src. The edits
--- come in callbacks, while the cursor is often in the board window, so
--- nothing closes the transcript's undo block between two moves; setting
--- 'undolevels' to itself does (:help undo-break), in src's buffer.
function M.undo_break(src)
  vim.api.nvim_buf_call(src, function()
    vim.cmd('let &l:undolevels = &l:undolevels')
  end)
end

--- reveal puts the cursor of the window showing src at the LSP position
--- pos (of client's encoding), when there is one.
function M.reveal(src, client, pos)
  local win = vim.fn.bufwinid(src)
  if win ~= -1 and type(pos) == 'table' then
    local line = vim.api.nvim_buf_get_lines(src, pos.line, pos.line + 1, false)[1] or ''
    local col = require('gamels').byte_col(line, pos.character, client.offset_encoding or 'utf-16')
    vim.api.nvim_win_set_cursor(win, { pos.line + 1, col })
  end
end

-- apply applies the edit of a gamels/play or newGame answer, then puts the
-- transcript's cursor where it names and redraws the board there.
function M.apply(src, client, res)
  -- One undo step per move (M.undo_break).
  M.undo_break(src)
  vim.lsp.util.apply_workspace_edit(res.edit, client.offset_encoding or 'utf-16')
  M.undo_break(src)
  M.reveal(src, client, res.position)
  board.schedule(0)
end

--- target returns what the board cursor is on: { slot = 'T3' } or
--- { cell = { row, col } }, or nil (a Pousse cell, a corner).
function M.target(b, t)
  local n = b.n
  local r, c = t[1], t[2]
  if b.kind ~= 'pousse' then
    if r >= 1 and r <= n and c >= 1 and c <= n then
      return { cell = { row = r, col = c } }
    end
    return nil
  end
  if r >= 1 and r <= n and c == 0 then
    return { slot = 'L' .. r }
  elseif r >= 1 and r <= n and c == n + 1 then
    return { slot = 'R' .. r }
  elseif c >= 1 and c <= n and r == 0 then
    return { slot = 'T' .. c }
  elseif c >= 1 and c <= n and r == n + 1 then
    return { slot = 'B' .. c }
  end
  return nil
end

--- preview returns the squares slot pushes on board b (the entry square
--- first, to the first empty one) and, on a full line, the square whose
--- marker falls off. O(n).
function M.preview(b, slot)
  local dir, line = slot:sub(1, 1), tonumber(slot:sub(2))
  local n = b.n
  local function square(x)
    if dir == 'L' then
      return line, x + 1
    elseif dir == 'R' then
      return line, n - x
    elseif dir == 'T' then
      return x + 1, line
    end
    return n - x, line
  end
  local run = {}
  for x = 0, n - 1 do
    local r, c = square(x)
    table.insert(run, { r, c })
    local ch = (b.rows[r] or ''):sub(c, c)
    if ch ~= 'X' and ch ~= 'O' then
      return run, nil
    end
  end
  return run, run[n]
end

--- footer is the line under the board: the target, what it does, the keys.
function M.footer(b, t)
  local tg = M.target(b, t)
  local what
  if not tg then
    what = b.kind == 'pousse' and 'the border of the board holds the edge slots' or 'outside the board'
  elseif tg.slot then
    what = (st.scratch and 'Enter: try ' or 'Enter: push ') .. tg.slot
    for _, mk in ipairs(b.marks or {}) do
      if mk.slot == tg.slot then
        what = what .. ' (' .. (mk.mark == 'repeats' and 'repeats a position: loses' or mk.mark .. ' at once') .. ')'
      end
    end
  else
    local r, c = tg.cell.row, tg.cell.col
    what = string.format(st.scratch and 'Enter: try %d %d' or 'Enter: play %d %d', r, c)
    for _, mk in ipairs(b.marks or {}) do
      if mk.cell and mk.cell.row == r and mk.cell.col == c then
        what = what .. ' (repeats a pattern: loses)'
      end
    end
  end
  return what .. '   (? keys)'
end

--- step is one step of the board cursor from t by (dr, dc) on an n x n
--- board: over the cells, or for Pousse (ring) along the border, where
--- the edge slots are: a step into the cells crosses to the far edge, a
--- step into a corner turns it.
function M.step(n, t, dr, dc, ring)
  if not ring then
    return { math.max(1, math.min(n, t[1] + dr)), math.max(1, math.min(n, t[2] + dc)) }
  end
  local r, c = math.max(0, math.min(n + 1, t[1] + dr)), math.max(0, math.min(n + 1, t[2] + dc))
  if r >= 1 and r <= n and c >= 1 and c <= n then
    if dr ~= 0 then
      r = dr > 0 and n + 1 or 0
    else
      c = dc > 0 and n + 1 or 0
    end
  end
  if (r == 0 or r == n + 1) and (c == 0 or c == n + 1) then
    if dc ~= 0 then
      r = r == 0 and 1 or n
    else
      c = c == 0 and 1 or n
    end
  end
  return { r, c }
end

--- move moves the board cursor by (dr, dc), count times, and redraws.
function M.move(dr, dc)
  local b = st.board
  if not b then
    return
  end
  local t = st.target or (b.kind == 'pousse' and { 0, 1 } or { 1, 1 })
  for _ = 1, vim.v.count1 do
    t = M.step(b.n, t, dr, dc, b.kind == 'pousse')
  end
  st.target = t
  board.redraw()
end

--- play plays the move at the board cursor (or at target, when given:
--- { slot = 'T3' } or { cell = { row, col } }).
function M.play(tg)
  local b, src = st.board, st.src
  if not b or not src or not vim.api.nvim_buf_is_valid(src) then
    say('no board to play on', vim.log.levels.WARN)
    return
  end
  tg = tg or M.target(b, st.target or { 0, 0 })
  if not tg then
    say(b.kind == 'pousse' and 'point at an edge slot, on the border of the board, to push there' or 'point at a cell', vim.log.levels.WARN)
    return
  end
  if st.scratch then
    -- Exploring: the move is tried, not written (lua/gamels/explore.lua).
    require('gamels.explore').try(tg)
    return
  end
  local client = gamels_client(src)
  if not client then
    say('no gamels language server is attached to the transcript', vim.log.levels.ERROR)
    return
  end
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(src), version = version(src) },
    game = b.game,
    move = b.kind == 'path' and 0 or b.move,
    slot = tg.slot,
    cell = tg.cell,
  }
  local function send(replace)
    params.replaceRest = replace or nil
    request(client, M.play_method, params, function(err, res)
      if err then
        local msg, code, data = refusal(err)
        if code == 'would-replace' and not replace then
          local choices = { 'Replace the rest', 'Cancel' }
          vim.ui.select(choices, {
            prompt = string.format('Play at move %d? It replaces the %d move(s) after it.', b.move + 1, data.replaced or 0),
          }, function(choice)
            if choice == choices[1] then
              send(true)
            else
              say('nothing written: the moves after this one are kept')
            end
          end)
          return
        end
        say(msg, vim.log.levels.WARN)
        if code == 'stale-version' then
          board.schedule(0)
        end
        return
      end
      if type(res) ~= 'table' or type(res.edit) ~= 'table' then
        say('the answer to the move is not an edit', vim.log.levels.ERROR)
        return
      end
      board.tell(res.move and res.move > 0 and string.format('played move %d: %s', res.move, res.text) or ('played ' .. tostring(res.text)))
      M.apply(src, client, res)
      -- Against the engine (:GamelsEngine): its reply.
      require('gamels.engine').after_move(src, b.game, res.move)
    end, src)
  end
  send(false)
end

-- ask is vim.ui.input with an empty answer kept apart from a cancel
-- (nil): before 0.9 the built-in one answers nil for both, so a
-- cancelreturn of our own tells them apart there.
local cancelled = '\27gamels: cancelled'
local function ask(opts, cb)
  local builtin = vim.fn.has('nvim-0.9') == 0
    and (debug.getinfo(vim.ui.input, 'S').source or ''):find('vim/ui.lua', 1, true) ~= nil
  opts.cancelreturn = cancelled
  vim.ui.input(opts, function(answer)
    if answer == cancelled or (answer == nil and not builtin) then
      return cb(nil)
    end
    cb(answer or '')
  end)
end

--- new_game adds a new game of size n (asked when nil) to the transcript
--- in the current window (or the one the board follows). The prompt says
--- the server's bounds and offers its default size for an empty answer;
--- it is not pre-filled, so that what is typed is the size.
function M.new_game(n)
  local src = vim.api.nvim_get_current_buf()
  if not transcripts[vim.bo[src].filetype] then
    src = st.src
  end
  if not src or not vim.api.nvim_buf_is_valid(src) or not transcripts[vim.bo[src].filetype] then
    vim.notify('gamels: open a .pousse, .spot or .path file to add a game to it', vim.log.levels.WARN)
    return
  end
  local client = gamels_client(src)
  if not client then
    vim.notify('gamels: no gamels language server is attached to this buffer', vim.log.levels.ERROR)
    return
  end
  local z = M.sizes(client, vim.bo[src].filetype)
  local function go(answer)
    if answer == nil then
      return -- cancelled
    end
    local size = tonumber(vim.trim(answer))
    if vim.trim(answer) == '' and z then
      size = z.default
    end
    if not size then
      vim.notify(string.format('gamels: the size of a new game is a number, not %q', answer), vim.log.levels.WARN)
      return
    end
    request(client, M.new_game_method, { textDocument = { uri = vim.uri_from_bufnr(src), version = version(src) }, size = size },
      function(err, res)
        if err then
          vim.notify('gamels: ' .. (refusal(err)), vim.log.levels.WARN)
          return
        end
        board.tell(string.format('new game %d: %dx%d', res.game, size, size))
        M.apply(src, client, res)
      end, src)
  end
  if n and n ~= '' then
    go(tostring(n))
  elseif z then
    ask({ prompt = string.format('Board size (%d to %d, Enter: %d): ', z.min, z.max, z.default) }, go)
  else
    ask({ prompt = 'Board size: ' }, go)
  end
end

--- map sets the keys of the board window's buffer.
function M.map(buf)
  local function set(lhs, fn, desc)
    board.nmap(buf, lhs, desc, fn)
  end
  set('h', function() M.move(0, -1) end, 'gamels: board cursor left')
  set('l', function() M.move(0, 1) end, 'gamels: board cursor right')
  set('k', function() M.move(-1, 0) end, 'gamels: board cursor up')
  set('j', function() M.move(1, 0) end, 'gamels: board cursor down')
  set('<CR>', function() M.play() end, 'gamels: play at the board cursor')
end

return M
