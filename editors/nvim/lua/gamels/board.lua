-- gamels.board: the board of the game under the cursor, drawn in a side
-- window from the server's gamels/board request (docs/protocol.md), and
-- stepping through the moves.
--
--   :GamelsBoard        open (or refresh) the side window; it follows the
--                       cursor of the transcript (debounced)
--   :GamelsBoardClose   close it
--   ]m / [m             (buffer-local, in transcripts) the cursor to the
--                       next / previous move, from the answer's moves list
--   ]a / [a             (in transcripts and the board window) the next /
--                       previous annotated move (lua/gamels/annotated.lua)
--   h/j/k/l, Enter      (in the board window) a cursor on the board, and a
--                       move played there (lua/gamels/play.lua)
--
-- Highlight groups (each a default link, so a colour scheme can set them):
-- GamelsBoardX, GamelsBoardO (markers; Spot spots and PATH cells link to
-- them), GamelsBoardLast (the square the last move entered or toggled),
-- GamelsBoardPushed (the rest of the pushed run), GamelsBoardStraight,
-- GamelsBoardPath, GamelsBoardOneMove, GamelsBoardArrow; GamelsBoardBest,
-- GamelsBoardValue, GamelsBoardAnnotated (the engine: lua/gamels/engine.lua).
--
-- Works on Neovim 0.7 and later: only nvim_buf_add_highlight, vim.loop
-- timers and client.request (client:request on 0.11+).

local M = {}

M.method = 'gamels/board'
M.delay = 100 -- ms of quiet after a cursor move or an edit before asking
-- The moves the server lists on each side of the one shown (gamels/board
-- version 2, docs/protocol.md): a step of up to this many moves needs no
-- other answer; a longer one ([count]]m) goes there in strides.
M.moves_around = 60
-- Outside every game (a comment, the count line), the nearest game at
-- move 0 (gamels/board's nearest: the answer says outside = true).
M.nearest = true
M.ns = vim.api.nvim_create_namespace('gamels_board')

local has_011 = vim.fn.has('nvim-0.11') == 1
local uv = vim.uv or vim.loop
local filetypes = { pousse = true, spot = true, path = true }

local links = {
  GamelsBoardX = 'Identifier',
  GamelsBoardO = 'Constant',
  GamelsBoardLast = 'Search',
  GamelsBoardPushed = 'Visual',
  GamelsBoardStraight = 'DiffAdd',
  GamelsBoardPath = 'DiffText',
  GamelsBoardOneMove = 'DiffChange',
  GamelsBoardArrow = 'WarningMsg',
  GamelsBoardSpot = 'GamelsBoardX',
  GamelsBoardWhite = 'GamelsBoardO',
  GamelsBoardBlack = 'GamelsBoardX',
  GamelsBoardTitle = 'Title',
  GamelsBoardTarget = 'IncSearch',
  GamelsBoardPreview = 'DiffChange',
  GamelsBoardOff = 'DiffDelete',
  GamelsBoardBest = 'DiagnosticHint',
  GamelsBoardValue = 'Title',
  GamelsBoardAnnotated = 'DiagnosticHint',
}

--- highlights defines the board's groups and, where semantic tokens exist
--- (0.9+), links for the PATH cell modifiers winningPath and oneMoveWin.
--- All are `default` links: a colour scheme's own settings win.
function M.highlights()
  for group, target in pairs(links) do
    vim.cmd(string.format('highlight default link %s %s', group, target))
  end
  if vim.fn.has('nvim-0.9') == 1 then
    pcall(vim.cmd, 'highlight default link @lsp.mod.winningPath GamelsBoardPath')
    pcall(vim.cmd, 'highlight default link @lsp.mod.oneMoveWin GamelsBoardOneMove')
  end
end

-- The state of the one board window.
local st = {
  buf = nil, -- the board buffer
  win = nil, -- its window
  src = nil, -- the transcript buffer followed
  timer = nil,
  seq = 0,
  board = nil, -- the last answer drawn
  earlier = nil, -- the earlier board of a repetition drawn beside it
  target = nil, -- the board cursor { row, col }, 0 and n+1 the border (play.lua)
  message = nil, -- the last word of play.lua, under the board
  augroup = nil,
}
M.state = st

local function gamels_client(bufnr)
  local all = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = bufnr }) or vim.lsp.buf_get_clients(bufnr)
  for _, c in pairs(all) do
    if c.name == 'gamels' then
      return c
    end
  end
  return nil
end

M.client = gamels_client

--- send sends request method to client for bufnr; returns ok and the
--- request id (for cancel).
function M.send(client, method, params, handler, bufnr)
  if has_011 then
    return client:request(method, params, handler, bufnr)
  end
  return client.request(method, params, handler, bufnr)
end

--- cancel cancels request id of client (a no-op once answered).
function M.cancel(client, id)
  if not client or not id then
    return
  end
  if has_011 then
    pcall(client.cancel_request, client, id)
  else
    pcall(client.cancel_request, id)
  end
end

local function request(client, params, handler, bufnr)
  return M.send(client, M.method, params, handler, bufnr)
end

-- lsp_character turns byte column col of line into an LSP character offset.
local function lsp_character(line, col, encoding)
  if encoding == 'utf-8' then
    return col
  end
  local ok, a, b
  if has_011 then
    ok, a = pcall(vim.str_utfindex, line, encoding, col, false)
    b = a
  else
    ok, a, b = pcall(vim.str_utfindex, line, col)
  end
  if not ok then
    return col
  end
  return encoding == 'utf-32' and a or b
end

-- byte_col turns an LSP character offset in line into a byte column (the
-- plugin's one conversion, in init.lua).
local function byte_col(line, character, encoding)
  return require('gamels').byte_col(line, character, encoding)
end

local function line_of(bufnr, lnum)
  return vim.api.nvim_buf_get_lines(bufnr, lnum, lnum + 1, false)[1] or ''
end

--- ask sends gamels/board for bufnr at pos ({line, character}, 0-based,
--- or nil: the cursor of the window showing bufnr) and calls cb(board or
--- nil, err).
function M.ask(bufnr, pos, cb)
  local client = gamels_client(bufnr)
  if not client then
    cb(nil, 'no gamels language server is attached to this buffer')
    return
  end
  local enc = client.offset_encoding or 'utf-16'
  if not pos then
    local win = vim.fn.bufwinid(bufnr)
    local cur = vim.api.nvim_win_get_cursor(win ~= -1 and win or 0)
    pos = { line = cur[1] - 1, character = lsp_character(line_of(bufnr, cur[1] - 1), cur[2], enc) }
  end
  local params = { textDocument = { uri = vim.uri_from_bufnr(bufnr) }, position = pos, movesAround = M.moves_around,
    nearest = M.nearest or nil }
  request(client, params, function(err, result)
    if err then
      cb(nil, type(err) == 'table' and (err.message or vim.inspect(err)) or tostring(err))
    elseif type(result) ~= 'table' then
      cb(nil, nil)
    else
      result.asked = pos
      cb(M.index_moves(result), nil)
    end
  end, bufnr)
end

--- index_moves adds to answer b the game's move count (b.count) and its
--- moves by number (b.by_move[k]): from a version 2 answer, the moves
--- around the one shown and the first, last, ending and earlier moves;
--- from version 1 (a server without gamelsBoardVersion), all of them.
--- Returns b.
function M.index_moves(b)
  local by = {}
  for _, m in ipairs(type(b.moves) == 'table' and b.moves or {}) do
    by[m.move] = m
  end
  for _, key in ipairs({ 'firstMove', 'lastMove', 'endMove', 'earlierMove' }) do
    if type(b[key]) == 'table' and b[key].move then
      by[b[key].move] = b[key]
    end
  end
  b.by_move = by
  if b.version == 2 and type(b.moveCount) == 'number' then
    b.count = b.moveCount
  else
    b.count = type(b.moves) == 'table' and #b.moves or 0
  end
  return b
end

local function move_entry(b, k)
  if not b.by_move then
    M.index_moves(b)
  end
  return b.by_move[k]
end

local function move_count(b)
  if not b.count then
    M.index_moves(b)
  end
  return b.count
end

--- move_position is where the cursor goes to show move k (0: before the
--- first move) of the game of answer b: the start of move k, or for move 0
--- the start of the line before the first move (its N line), or of the
--- first move's own line when it shares the N line; nil when the game has
--- no moves or the answer does not hold move k.
function M.move_position(b, k)
  local count = move_count(b)
  if count == 0 then
    return nil
  end
  k = math.max(0, math.min(k, count))
  if k > 0 then
    local m = move_entry(b, k)
    return m and m.range.start
  end
  local m = move_entry(b, 1)
  if not m then
    return nil
  end
  local first = m.range.start
  if first.character > 0 then
    return { line = first.line, character = 0 }
  end
  return { line = math.max(0, first.line - 1), character = 0 }
end

-- goto_position puts the cursor of the window showing bufnr at pos.
local function goto_position(bufnr, pos)
  local client = gamels_client(bufnr)
  local enc = client and client.offset_encoding or 'utf-16'
  local win = vim.fn.bufwinid(bufnr)
  if win == -1 then
    return
  end
  local col = byte_col(line_of(bufnr, pos.line), pos.character, enc)
  vim.api.nvim_win_set_cursor(win, { pos.line + 1, col })
end

--- step moves the cursor of the current transcript buffer by delta moves
--- (]m: +1, [m: -1), from the game's moves list; nothing past either end.
function M.step(delta)
  local bufnr = vim.api.nvim_get_current_buf()
  M.ask(bufnr, nil, function(b, err)
    if not b then
      vim.notify('gamels: ' .. (err or 'the cursor is outside every game'), vim.log.levels.WARN)
      return
    end
    local count = move_count(b)
    if b.kind == 'path' or count == 0 then
      return
    end
    local cur = math.min(b.move, count)
    local k = math.max(0, math.min(cur + delta, count))
    local pos = M.move_position(b, k)
    if pos then
      goto_position(bufnr, pos)
      return
    end
    -- Beyond the moves listed: as far as they go, then the rest.
    local stride = delta > 0 and math.min(M.moves_around, k - cur) or -math.min(M.moves_around, cur - k)
    pos = stride ~= 0 and M.move_position(b, cur + stride)
    if pos then
      goto_position(bufnr, pos)
      M.step(delta - stride)
    end
  end)
end

--- nmap maps lhs in normal mode in buffer bufnr to fn, silent and
--- not remapped: the one way the plugin's modules set their keys.
function M.nmap(bufnr, lhs, desc, fn)
  vim.api.nvim_buf_set_keymap(bufnr, 'n', lhs, '', { noremap = true, silent = true, desc = desc, callback = fn })
end

--- map sets ]m and [m in a transcript buffer, and ]a and [a
--- (lua/gamels/annotated.lua).
function M.map(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  M.nmap(bufnr, ']m', 'gamels: next move', function() M.step(vim.v.count1) end)
  M.nmap(bufnr, '[m', 'gamels: previous move', function() M.step(-vim.v.count1) end)
  require('gamels.annotated').map(bufnr)
end

--- unmap removes the maps (b:undo_ftplugin).
function M.unmap(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  pcall(vim.api.nvim_buf_del_keymap, bufnr, 'n', ']m')
  pcall(vim.api.nvim_buf_del_keymap, bufnr, 'n', '[m')
  require('gamels.annotated').unmap(bufnr)
end

-----------------------------------------------------------------------
-- Drawing.

local kind_name = { pousse = 'Pousse', spot = 'Spot', path = 'PATH' }
local mark_group = { X = 'GamelsBoardX', O = 'GamelsBoardO', ['*'] = 'GamelsBoardSpot', W = 'GamelsBoardWhite', B = 'GamelsBoardBlack' }

--- describe is a one-line account of the board shown.
function M.describe(b)
  local where
  if b.kind == 'path' then
    where = 'board ' .. b.game
  elseif b.move == 0 then
    where = string.format('game %d, before the first move', b.game)
  elseif b.move > b.played then
    where = string.format('game %d, move %d (not played: the game ended at move %d)', b.game, b.move, b.played)
  else
    local mv = move_entry(b, b.move)
    where = string.format('game %d, after move %d of %d (%s)', b.game, b.move, move_count(b), mv and mv.text or '?')
  end
  return string.format('%s %dx%d, %s', kind_name[b.kind] or b.kind, b.n, b.n, where)
end

local function shows_repeat(b)
  return (b.earlier or 0) > 0 and (b['end'] or 0) > 0 and math.min(b.move, b.played) >= b['end']
end
M.shows_repeat = shows_repeat

-- valid_win_width is the board window's width, or 40.
local function valid_win_width()
  if st.win and vim.api.nvim_win_is_valid(st.win) then
    return vim.api.nvim_win_get_width(st.win)
  end
  return 40
end

--- render turns a board (and the earlier board of a repetition, or nil)
--- into lines and highlights { group, line, col_start, col_end } (0-based,
--- bytes). Each cell takes two columns, " c"; the row numbers are on the
--- left, the column numbers above. The arrow of the last Pousse push is a
--- > < v ^ on the border where it came in. O(n²).
function M.render(b, earlier)
  local n = b.n
  local w = #tostring(n)
  local lines, hl = {}, {}
  local function add(s)
    table.insert(lines, s)
    return #lines - 1
  end
  local title = add(M.describe(b))
  table.insert(hl, { 'GamelsBoardTitle', title, 0, -1 })
  if b.outside then
    add(string.format('outside every game: showing game %d', b.game))
  end
  add(b.verdict ~= '' and b.verdict or ' ')
  add('')

  -- Cell classes.
  local cls = {}
  local function mark(r, c, group)
    cls[r] = cls[r] or {}
    cls[r][c] = cls[r][c] or {}
    table.insert(cls[r][c], group)
  end
  local last = b.last
  local dir -- the letter of the last Pousse push
  if last and last.cells and #last.cells > 0 then
    if b.kind == 'pousse' then
      for i = 2, #last.cells do
        mark(last.cells[i].row, last.cells[i].col, 'GamelsBoardPushed')
      end
      local mv = move_entry(b, b.move)
      dir = mv and mv.text:sub(1, 1):upper() or nil
    end
    mark(last.cells[1].row, last.cells[1].col, 'GamelsBoardLast')
  end
  for _, l in ipairs(b.straights and b.straights.lines or {}) do
    for i = 1, n do
      if l.line == 'row' then
        mark(l.index, i, 'GamelsBoardStraight')
      else
        mark(i, l.index, 'GamelsBoardStraight')
      end
    end
  end
  for _, c in ipairs(b.winningPath or {}) do
    mark(c.row, c.col, 'GamelsBoardPath')
  end
  for _, c in ipairs(b.oneMoveWins or {}) do
    mark(c.row, c.col, 'GamelsBoardOneMove')
  end
  local entered = last and last.cells and last.cells[1]
  -- The engine's best move (lua/gamels/engine.lua): a Pousse slot is
  -- marked on the border, a Spot cell highlighted.
  local engine = require('gamels.engine')
  local best = engine.best(b)
  local best_slot = best and best.slot and { dir = best.slot:sub(1, 1), i = tonumber(best.slot:sub(2)) }
  if best and best.cell then
    mark(best.cell.row, best.cell.col, 'GamelsBoardBest')
  end

  local pad = string.rep(' ', w + 1)
  local show_earlier = earlier and shows_repeat(b) and earlier.n == n
  -- Column numbers: every one up to 20, else every 5th.
  local nums = {}
  for c = 1, n do
    local s = (n <= 20 or c == 1 or c % 5 == 0) and tostring(c % 100) or ''
    table.insert(nums, string.rep(' ', 2 - #s) .. s)
  end
  local head = pad .. ' ' .. table.concat(nums)
  if show_earlier then
    local turn = b.kind == 'spot' and b.rotation % 4 ~= 0 and string.format(', turned %d° clockwise', b.rotation % 4 * 90) or ''
    head = head .. '    ' .. string.format('move %d%s', b.earlier, turn)
  end
  add(head)
  local function best_on(d)
    return best_slot and best_slot.dir == d and best_slot.i or nil
  end
  local function border(arrow_col, ch, best_col)
    local s = {}
    for c = 1, n do
      table.insert(s, (arrow_col == c) and ('-' .. ch) or (best_col == c) and '-*' or '--')
    end
    return pad .. '+' .. table.concat(s) .. '-+'
  end
  local function border_hl(ln, c, group)
    table.insert(hl, { group, ln, #pad + 1 + (c - 1) * 2 + 1, #pad + 1 + (c - 1) * 2 + 2 })
  end
  local top = add(border(dir == 'T' and entered and entered.col or nil, 'v', best_on('T')))
  if dir == 'T' and entered then
    border_hl(top, entered.col, 'GamelsBoardArrow')
  end
  if best_on('T') then
    border_hl(top, best_on('T'), 'GamelsBoardBest')
  end
  local first_row = #lines
  for r = 1, n do
    local row = b.rows[r] or ''
    local left = (dir == 'L' and entered and entered.row == r) and '>' or best_on('L') == r and '*' or '|'
    local right = (dir == 'R' and entered and entered.row == r) and '<' or best_on('R') == r and '*' or '|'
    local cells = {}
    for c = 1, n do
      local ch = row:sub(c, c)
      if ch == '' then
        ch = '?'
      end
      table.insert(cells, ' ' .. ch)
    end
    local prefix = string.format('%' .. w .. 'd %s', r, left)
    local s = prefix .. table.concat(cells) .. ' ' .. right
    if show_earlier then
      s = s .. '    ' .. ((earlier.rows[r] or ''):gsub('.', ' %0'))
    end
    local ln = add(s)
    if left == '>' then
      table.insert(hl, { 'GamelsBoardArrow', ln, #prefix - 1, #prefix })
    end
    if right == '<' then
      table.insert(hl, { 'GamelsBoardArrow', ln, #prefix + 2 * n + 1, #prefix + 2 * n + 2 })
    end
    if best_on('L') == r then
      table.insert(hl, { 'GamelsBoardBest', ln, #prefix - 1, #prefix })
    end
    if best_on('R') == r then
      table.insert(hl, { 'GamelsBoardBest', ln, #prefix + 2 * n + 1, #prefix + 2 * n + 2 })
    end
    for c = 1, n do
      local col = #prefix + (c - 1) * 2
      for _, g in ipairs(cls[r] and cls[r][c] or {}) do
        table.insert(hl, { g, ln, col, col + 2 })
      end
      local g = mark_group[row:sub(c, c)]
      if g then
        table.insert(hl, { g, ln, col + 1, col + 2 })
      end
    end
  end
  local bottom = add(border(dir == 'B' and entered and entered.col or nil, '^', best_on('B')))
  if dir == 'B' and entered then
    border_hl(bottom, entered.col, 'GamelsBoardArrow')
  end
  if best_on('B') then
    border_hl(bottom, best_on('B'), 'GamelsBoardBest')
  end
  add('')
  local value = engine.value_line(b)
  if value then
    -- Too wide for the window: the best move on a line of its own.
    local head, tail = value:match('^(.-), (best .*)$')
    if head and #value > valid_win_width() - 1 then
      table.insert(hl, { 'GamelsBoardValue', add(head), 0, 7 })
      add('        ' .. tail)
    else
      table.insert(hl, { 'GamelsBoardValue', add(value), 0, 7 })
    end
  end
  if last and last.off and last.offWho then
    add(string.format('pushed off: %s, from row %d column %d', last.offWho, last.off.row, last.off.col))
  end
  if b.straights then
    local parts = {}
    for _, l in ipairs(b.straights.lines) do
      table.insert(parts, string.format('%s %d: %s', l.line, l.index, l.who))
    end
    add(string.format('straights: X %d, O %d%s', b.straights.x, b.straights.o,
      #parts > 0 and ' (' .. table.concat(parts, ', ') .. ')' or ''))
  end
  -- PATH: the path and the one-move cells in words too (the highlights
  -- need colour).
  local function cells_text(cells)
    local parts = {}
    for i, c in ipairs(cells) do
      if i > 12 then
        table.insert(parts, string.format('... (%d cells)', #cells))
        break
      end
      table.insert(parts, string.format('%d %d', c.row, c.col))
    end
    return table.concat(parts, ', ')
  end
  if type(b.winningPath) == 'table' and #b.winningPath > 0 then
    add('winning path: ' .. cells_text(b.winningPath))
  end
  if type(b.oneMoveWins) == 'table' and #b.oneMoveWins > 0 then
    add('wins in one move at: ' .. cells_text(b.oneMoveWins))
  end
  local count = move_count(b)
  if b.kind ~= 'path' and count > 0 then
    -- The moves around the current one; ]m and [m in the transcript step.
    local cur = math.min(b.move, count)
    local from, to = math.max(1, cur - 4), math.min(count, cur + 4)
    local parts = {}
    for k = from, to do
      local mv = move_entry(b, k)
      if mv then
        local t = string.format('%d %s', k, mv.text)
        table.insert(parts, k == b.move and '[' .. t .. ']' or t)
      end
    end
    add('moves: ' .. (from > 1 and '... ' or '') .. table.concat(parts, '  ') .. (to < count and ' ...' or ''))
    -- The engine's values along the game, the annotated moves under them.
    local width = valid_win_width()
    local strip, shl = engine.strip(b, width)
    if strip then
      local base = #lines
      for _, l in ipairs(strip) do
        add(l)
      end
      for _, x in ipairs(shl) do
        table.insert(hl, { x[1], base + x[2], x[3], x[4] })
      end
    end
  end
  return lines, hl, first_row
end

local function valid_win()
  return st.win and vim.api.nvim_win_is_valid(st.win) and st.buf and vim.api.nvim_buf_is_valid(st.buf)
    and vim.api.nvim_win_get_buf(st.win) == st.buf
end

local function draw(lines, hl)
  if not valid_win() then
    return
  end
  vim.bo[st.buf].modifiable = true
  vim.api.nvim_buf_set_lines(st.buf, 0, -1, false, lines)
  vim.bo[st.buf].modifiable = false
  vim.api.nvim_buf_clear_namespace(st.buf, M.ns, 0, -1)
  for _, h in ipairs(hl) do
    vim.api.nvim_buf_add_highlight(st.buf, M.ns, h[1], h[2], h[3], h[4])
  end
end

--- decorate adds to a rendered board the board cursor of play.lua (its
--- target highlighted, a Pousse slot's push previewed), the footer that
--- says what Enter does there, and play.lua's last word; it returns the
--- cursor's place in the window, { line, col } (0-based). O(n).
function M.decorate(b, lines, hl, first_row)
  local play = require('gamels.play')
  local n = b.n
  local lo, hi = 1, n
  if b.kind == 'pousse' then
    lo, hi = 0, n + 1
  end
  local t = st.target
  -- A board of another kind or size: the cursor starts again (a Spot
  -- cell is no Pousse slot).
  local shape = b.kind .. n
  if not t or st.target_shape ~= shape or t[1] < lo or t[1] > hi or t[2] < lo or t[2] > hi then
    t = b.kind == 'pousse' and { 0, 1 } or { 1, 1 }
    st.target = t
    st.target_shape = shape
  end
  local w = #tostring(n)
  local function place(r, c)
    local col = c == 0 and w + 1 or c == n + 1 and w + 2 * n + 3 or w + 2 * c + 1
    return first_row + r - 1, col
  end
  local tl, tc = place(t[1], t[2])
  local tg = play.target(b, t)
  if tg and tg.slot then
    local run, off = play.preview(b, tg.slot)
    for _, sq in ipairs(run) do
      local l, c = place(sq[1], sq[2])
      table.insert(hl, { 'GamelsBoardPreview', l, c - 1, c + 1 })
    end
    if off then
      local l, c = place(off[1], off[2])
      table.insert(hl, { 'GamelsBoardOff', l, c - 1, c + 1 })
    end
  end
  table.insert(hl, { 'GamelsBoardTarget', tl, tc, tc + 1 })
  table.insert(lines, play.footer(b, t))
  if st.message then
    table.insert(lines, st.message)
  end
  return { tl, tc }
end

--- redraw draws the last answer again, with the board cursor where it is.
function M.redraw()
  local b = st.board
  if not b or not valid_win() then
    return
  end
  local lines, hl, first_row = M.render(b, st.earlier)
  local cur = M.decorate(b, lines, hl, first_row)
  draw(lines, hl)
  pcall(vim.api.nvim_win_set_cursor, st.win, { cur[1] + 1, cur[2] })
end

--- update asks for the board at the cursor of the followed transcript and
--- draws it (and the earlier board of a repetition, asked at its move).
function M.update()
  if not valid_win() then
    return
  end
  local src = st.src
  if not src or not vim.api.nvim_buf_is_valid(src) then
    draw({ 'Open a .pousse, .spot or .path file: the board at its cursor is drawn here.' }, {})
    return
  end
  st.seq = st.seq + 1
  local seq = st.seq
  local tick = vim.api.nvim_buf_get_changedtick(src)
  M.ask(src, nil, function(b, err)
    if seq ~= st.seq then
      return
    end
    if not b then
      st.board = nil
      draw({ err and ('No board: ' .. err) or 'The cursor is outside every game.' }, {})
      return
    end
    local function show(earlier)
      if seq ~= st.seq then
        return
      end
      -- The transcript and its text the board was drawn from.
      b.src, b.tick = src, tick
      st.board, st.earlier = b, earlier
      -- The engine's value and values (lua/gamels/engine.lua), asked at
      -- the position shown: for a game shown from outside it (nearest),
      -- its move.
      local engine = require('gamels.engine')
      local pos = b.outside and M.move_position(b, b.move) or b.asked
      engine.evaluate(src, b, pos)
      engine.evaluations(src, b, pos)
      M.redraw()
    end
    if shows_repeat(b) then
      local pos = M.move_position(b, b.earlier)
      if pos then
        M.ask(src, pos, function(e)
          show(e)
        end)
        return
      end
    end
    show(nil)
  end)
end

--- schedule runs update after M.delay ms without another call.
function M.schedule(ms)
  if not st.timer then
    st.timer = uv.new_timer()
  end
  st.timer:stop()
  st.timer:start(ms or M.delay, 0, vim.schedule_wrap(M.update))
end

local function follow(bufnr)
  if filetypes[vim.bo[bufnr].filetype] and vim.bo[bufnr].buftype == '' then
    st.src = bufnr
    return true
  end
  return false
end

--- close closes the board window and stops following.
function M.close()
  if st.augroup then
    pcall(vim.api.nvim_del_augroup_by_id, st.augroup)
    st.augroup = nil
  end
  if st.timer then
    st.timer:stop()
  end
  if st.win and vim.api.nvim_win_is_valid(st.win) then
    pcall(vim.api.nvim_win_close, st.win, true)
  end
  st.win, st.board = nil, nil
end

--- open opens the board window beside the current transcript window (or
--- refreshes it) and follows the cursor.
function M.open()
  M.highlights()
  local cur = vim.api.nvim_get_current_buf()
  follow(cur)
  if valid_win() then
    M.schedule(0)
    return
  end
  if not st.buf or not vim.api.nvim_buf_is_valid(st.buf) then
    st.buf = vim.api.nvim_create_buf(false, true)
    vim.bo[st.buf].bufhidden = 'hide'
    vim.bo[st.buf].swapfile = false
    vim.bo[st.buf].filetype = 'gamelsboard'
    pcall(vim.api.nvim_buf_set_name, st.buf, 'gamels://board')
    require('gamels.play').map(st.buf)
    require('gamels.annotated').map(st.buf)
  end
  local from = vim.api.nvim_get_current_win()
  vim.cmd('rightbelow vsplit')
  st.win = vim.api.nvim_get_current_win()
  vim.api.nvim_win_set_buf(st.win, st.buf)
  vim.api.nvim_win_set_width(st.win, math.max(40, math.floor(vim.o.columns * 0.4)))
  for opt, val in pairs({ number = false, relativenumber = false, wrap = false, list = false,
    cursorline = false, signcolumn = 'no', winfixwidth = true, spell = false, foldcolumn = '0' }) do
    vim.wo[st.win][opt] = val
  end
  vim.api.nvim_set_current_win(from)

  st.augroup = vim.api.nvim_create_augroup('gamels_board', { clear = true })
  vim.api.nvim_create_autocmd({ 'CursorMoved', 'CursorMovedI', 'BufEnter' }, {
    group = st.augroup,
    callback = function(ev)
      if ev.buf ~= st.buf and follow(ev.buf) then
        M.schedule()
      end
    end,
  })
  vim.api.nvim_create_autocmd({ 'TextChanged', 'TextChangedI' }, {
    group = st.augroup,
    callback = function(ev)
      if ev.buf == st.src then
        M.schedule(3 * M.delay)
      end
    end,
  })
  vim.api.nvim_create_autocmd('WinClosed', {
    group = st.augroup,
    callback = function(ev)
      if tonumber(ev.match) == st.win then
        vim.schedule(M.close)
      end
    end,
  })
  draw({ 'gamels: asking for the board...' }, {})
  M.schedule(0)
end

return M
