-- gamels.annotated: ]a and [a, the cursor to the next and previous move
-- the engine annotated (a missed win, a blunder, the decisive move), in a
-- transcript and in the :GamelsBoard window (which then moves the cursor
-- of the transcript it follows, and the board follows it).
--
-- The moves are the server's annotation diagnostics: Hints of source
-- "gamels" whose code is the annotation's kind. As ]d does, the jump
-- wraps around the end of the file (M.wrap) and takes a count; the
-- annotations of the move reached are echoed. When there are none, the
-- server's gamels/evaluations says why (still pending, or off), where
-- it answers that request; when the server's are pending (the list is
-- then an earlier version's), the echo says they may change.
--
-- Works on Neovim 0.7 and later.

local M = {}

M.kinds = { ['missed-win'] = 'missed win', blunder = 'blunder', decisive = 'decisive' }
-- As ]d (vim.diagnostic.jump's wrap, true by default): past the last
-- annotated move, ]a goes on at the first.
M.wrap = true

local board = require('gamels.board')

--- list returns the annotated moves of bufnr in document order, one
--- entry a move: { lnum, col, end_lnum, end_col (0-based, bytes), kinds =
--- { 'blunder', ... }, messages = { ... } }. O(d log d), d the
--- buffer's diagnostics.
function M.list(bufnr)
  local byat, out = {}, {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if d.source == 'gamels' and M.kinds[d.code] then
      local key = d.lnum .. ':' .. d.col
      local e = byat[key]
      if not e then
        e = { lnum = d.lnum, col = d.col, end_lnum = d.end_lnum or d.lnum, end_col = d.end_col or d.col, kinds = {}, messages = {} }
        byat[key] = e
        table.insert(out, e)
      end
      table.insert(e.kinds, d.code)
      table.insert(e.messages, d.message)
    end
  end
  table.sort(out, function(a, b)
    return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col)
  end)
  return out
end

local function before(l1, c1, l2, c2)
  return l1 < l2 or (l1 == l2 and c1 < c2)
end

-- contains reports whether entry e's range holds (line, col).
local function contains(e, line, col)
  return not before(line, col, e.lnum, e.col) and before(line, col, e.end_lnum, math.max(e.end_col, e.col + 1))
end

--- pick returns the index in list of the annotated move count steps
--- (count > 0: forward, < 0: back) from the cursor (line, col; 0-based),
--- and whether it wrapped; nil when the list is empty, or at its end
--- without wrap. The move under the cursor is not a step.
function M.pick(list, line, col, count, wrap)
  local n = #list
  if n == 0 or count == 0 then
    return nil, false
  end
  -- i: the entries before the cursor (or holding it) are 1..i; the ones
  -- after, i+1..n; on an entry, at = its index.
  local i, at = 0, nil
  for k, e in ipairs(list) do
    if contains(e, line, col) then
      at = k
    end
    if before(e.lnum, e.col, line, col) or (e.lnum == line and e.col == col) then
      i = k
    end
  end
  local idx
  if count > 0 then
    idx = i + count
  else
    idx = (at or (i + 1)) + count
  end
  local wrapped = idx < 1 or idx > n
  if wrapped and not wrap then
    return nil, false
  end
  return (idx - 1) % n + 1, wrapped
end

-- target returns the transcript buffer and its window ]a moves: the
-- current buffer, or in the board window the transcript it follows.
local function target()
  local cur = vim.api.nvim_get_current_buf()
  if cur == board.state.buf then
    local src = board.state.src
    if src and vim.api.nvim_buf_is_valid(src) then
      return src, vim.fn.bufwinid(src)
    end
    return nil, -1
  end
  return cur, vim.api.nvim_get_current_win()
end

local function echo(msg, hl)
  -- One line, within the screen: no hit-enter prompt.
  local room = math.max(20, vim.o.columns - 12)
  if #msg > room then
    msg = msg:sub(1, room - 3) .. '...'
  end
  vim.api.nvim_echo({ { msg, hl } }, false, {})
  M.last_message = msg
end

--- why says, from the server's gamels/evaluations at the cursor, why
--- bufnr has no annotated move; cb(message).
function M.why(bufnr, win, cb)
  local client = board.client(bufnr)
  local plain = 'gamels: no annotated move in this file'
  if vim.bo[bufnr].filetype == 'path' then
    cb('gamels: the engine annotates Pousse and Spot games, not PATH boards')
    return
  end
  if require('gamels').config.analysis == false then
    cb('gamels: the engine\'s annotations are off (setup analysis = false)')
    return
  end
  if not client then
    cb('gamels: no gamels language server is attached to this buffer')
    return
  end
  local cur = vim.api.nvim_win_get_cursor(win)
  local params = { textDocument = { uri = vim.uri_from_bufnr(bufnr) }, position = { line = cur[1] - 1, character = 0 } }
  board.send(client, 'gamels/evaluations', params, function(err, res)
    if err then
      -- A server without gamels/evaluations: it cannot say.
      cb(plain .. ' (yet: the engine annotates in the background)')
    elseif type(res) ~= 'table' then
      cb(plain .. ' (the cursor is outside every game)')
    elseif res.off then
      cb('gamels: the engine\'s annotations are off: ' .. tostring(res.off))
    elseif res.pending then
      cb('gamels: the engine is still annotating this file: no annotated move yet')
    else
      cb(plain .. string.format(' (depth %s%s)', tostring(res.depth), res.complete == false and ', cut short' or ''))
    end
  end, bufnr)
end

--- jump moves the cursor count annotated moves on (count < 0: back).
function M.jump(count)
  local bufnr, win = target()
  if not bufnr or win == -1 then
    echo('gamels: no transcript to move in', 'WarningMsg')
    return
  end
  local list = M.list(bufnr)
  if #list == 0 then
    M.why(bufnr, win, function(msg)
      echo(msg, 'WarningMsg')
    end)
    return
  end
  local cur = vim.api.nvim_win_get_cursor(win)
  local idx, wrapped = M.pick(list, cur[1] - 1, cur[2], count, M.wrap)
  if not idx then
    echo(count > 0 and 'gamels: no annotated move after the cursor' or 'gamels: no annotated move before the cursor', 'WarningMsg')
    return
  end
  local e = list[idx]
  -- The jumplist, as ]d keeps it (0.10+).
  vim.api.nvim_win_call(win, function()
    vim.cmd("normal! m'")
  end)
  vim.api.nvim_win_set_cursor(win, { e.lnum + 1, e.col })
  if board.state.scratch and board.state.scratch.src == bufnr then
    require('gamels.explore').discard() -- a step leaves the explored line
  end
  if win ~= vim.api.nvim_get_current_win() then
    board.schedule(0) -- CursorMoved fires in the current window only
  end
  local msg = string.format('gamels [%d/%d]: %s', idx, #list, table.concat(e.messages, '; '))
  if wrapped then
    msg = (count > 0 and 'past the last, at the first: ' or 'past the first, at the last: ') .. msg
  end
  echo(msg, wrapped and 'WarningMsg' or nil)
  M.note_pending(bufnr, e.lnum, msg)
end

--- note_pending asks gamels/evaluations at line lnum of bufnr and, when
--- the annotations of this version are still being computed (the ones
--- jumped through are those of an earlier version, or a part), says so
--- after msg.
function M.note_pending(bufnr, lnum, msg)
  local client = board.client(bufnr)
  if not client then
    return
  end
  local params = { textDocument = { uri = vim.uri_from_bufnr(bufnr) }, position = { line = lnum, character = 0 } }
  board.send(client, 'gamels/evaluations', params, function(err, res)
    if not err and type(res) == 'table' and res.pending and M.last_message == msg then
      echo('(the engine is still annotating: these may change) ' .. msg, 'WarningMsg')
    end
  end, bufnr)
end

--- map sets ]a and [a in buffer bufnr (a transcript or the board's).
function M.map(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  board.nmap(bufnr, ']a', 'gamels: next annotated move', function() M.jump(vim.v.count1) end)
  board.nmap(bufnr, '[a', 'gamels: previous annotated move', function() M.jump(-vim.v.count1) end)
end

function M.unmap(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  pcall(vim.api.nvim_buf_del_keymap, bufnr, 'n', ']a')
  pcall(vim.api.nvim_buf_del_keymap, bufnr, 'n', '[a')
end

return M
