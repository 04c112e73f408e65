-- gamels.board: the board of the game under the cursor, shown in a side
-- window as the server draws it (gamels/board with text: the lines and
-- their highlight spans, docs/protocol.md), and stepping through the
-- moves. The plugin draws nothing of the board: it shows the server's
-- lines, colours its spans, and puts its own cursor and the engine's best
-- move where the answer's grid says the squares and slots are.
--
--   :GamelsBoard        open (or refresh) the side window; it follows the
--                       cursor of the transcript (debounced)
--   :GamelsBoardClose   close it
--   ]m / [m             (in transcripts and the board window) the
--                       transcript's cursor to the next / previous move
--   ]a / [a             (in transcripts and the board window) the next /
--                       previous annotated move (lua/gamels/annotated.lua)
--   h/j/k/l, Enter      (in the board window) a cursor on the board, and a
--                       move played there (lua/gamels/play.lua)
--   u, CTRL-R           (in the board window) undo, redo in the transcript
--   x, <Left>, w, <Esc> (in the board window) explore a line without
--                       writing it (lua/gamels/explore.lua)
--   q, ?                (in the board window) close it; show its keys
--
-- Highlight groups (each a default link, so a colour scheme can set them),
-- one a kind of the server's spans: GamelsBoardX, GamelsBoardO (markers;
-- Spot spots and PATH cells link to them), GamelsBoardLast (the square the
-- last move entered or toggled), GamelsBoardPushed (the rest of the pushed
-- run), GamelsBoardArrow (the push's slot), GamelsBoardStraight,
-- GamelsBoardPath, GamelsBoardOneMove, GamelsBoardWins, GamelsBoardLoses,
-- GamelsBoardRepeats (the moves that end the game at once),
-- GamelsBoardStatus (whose turn, or the verdict); GamelsBoardBest,
-- GamelsBoardHeld (the move that held, at a marked move), GamelsBoardLineX
-- and GamelsBoardLineO (the engine's line: ply numbers over the board),
-- GamelsBoardValue, GamelsBoardAnnotated (the engine: lua/gamels/engine.lua).
--
-- Works on Neovim 0.7 and later: only nvim_buf_add_highlight, overlay
-- extmarks, vim.loop timers and client.request (client:request on 0.11+).

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
  GamelsBoardHeld = 'DiffAdd',
  GamelsBoardLineX = 'GamelsBoardX',
  GamelsBoardLineO = 'GamelsBoardO',
  GamelsBoardValue = 'Title',
  GamelsBoardAnnotated = 'DiagnosticHint',
  GamelsBoardWins = 'DiagnosticInfo',
  GamelsBoardLoses = 'DiagnosticError',
  GamelsBoardRepeats = 'DiagnosticWarn',
  GamelsBoardStatus = 'Statement',
  GamelsBoardExplore = 'WarningMsg',
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
  target = nil, -- the board cursor { row, col }, 0 and n+1 the border (play.lua)
  message = nil, -- the last word said (play.lua, engine.lua), under the board
  scratch = nil, -- the line explored (explore.lua)
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
--- nil, err); extra holds more params (the board window asks for the
--- server's drawing: text, textWidth).
function M.ask(bufnr, pos, cb, extra)
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
  for k, v in pairs(extra or {}) do
    params[k] = v
  end
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

--- step moves the cursor of transcript bufnr (default: the current
--- buffer) by delta moves (]m: +1, [m: -1), from the game's moves list;
--- nothing past either end. From the board window it steps the
--- transcript followed, and the board follows it.
function M.step(delta, bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  if st.scratch and bufnr == st.src then
    -- As in the other views: a step leaves the explored line.
    require('gamels.explore').discard()
  end
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
      if bufnr ~= vim.api.nvim_get_current_buf() then
        M.schedule(0) -- CursorMoved fires in the current window only
      end
      return
    end
    -- Beyond the moves listed: as far as they go, then the rest.
    local stride = delta > 0 and math.min(M.moves_around, k - cur) or -math.min(M.moves_around, cur - k)
    pos = stride ~= 0 and M.move_position(b, cur + stride)
    if pos then
      goto_position(bufnr, pos)
      M.step(delta - stride, bufnr)
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

--- in_transcript runs the Normal-mode keys of an undo or redo (count
--- times) in the transcript the board follows, as if typed there, and
--- draws the board of what it gives.
local function in_transcript(cmd)
  local src = st.src
  if not src or not vim.api.nvim_buf_is_valid(src) then
    vim.notify('gamels: no transcript to ' .. cmd .. ' in', vim.log.levels.WARN)
    return
  end
  local count = vim.v.count1
  vim.api.nvim_buf_call(src, function()
    for _ = 1, count do
      vim.cmd(cmd)
    end
  end)
  M.schedule(0)
end

-- The keys of the board window, for ? and the help.
M.window_keys = {
  { 'h j k l', 'move the board cursor (a Pousse board: along its edge slots)' },
  { 'Enter', 'play at the board cursor' },
  { ']m [m', 'the next / previous move of the transcript' },
  { ']a [a', 'the next / previous annotated move' },
  { 'u  CTRL-R', 'undo / redo in the transcript' },
  { 'q', 'close the board window' },
  { '?', 'show or hide these keys' },
  { 'x', 'explore a line: Enter tries moves' },
  { '<Left> w', 'take back, write them' },
  { '<Esc>', 'discard the line' },
}

--- map_window sets the keys of the board window's buffer buf, beside
--- play.lua's (h/j/k/l, Enter) and annotated.lua's (]a, [a): the board
--- buffer is not modifiable, so u, CTRL-R, ]m and [m act on the
--- transcript, and q closes the window rather than record a macro.
function M.map_window(buf)
  M.nmap(buf, ']m', 'gamels: next move of the transcript', function() M.step(vim.v.count1, st.src) end)
  M.nmap(buf, '[m', 'gamels: previous move of the transcript', function() M.step(-vim.v.count1, st.src) end)
  M.nmap(buf, 'u', 'gamels: undo in the transcript', function() in_transcript('undo') end)
  M.nmap(buf, '<C-r>', 'gamels: redo in the transcript', function() in_transcript('redo') end)
  M.nmap(buf, 'q', 'gamels: close the board window', function() M.close() end)
  M.nmap(buf, '?', 'gamels: the board window keys', function()
    st.show_keys = not st.show_keys
    M.redraw()
  end)
  require('gamels.explore').map(buf)
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

-- The highlight group of each kind of span of the server's drawing
-- (gamels/board text, docs/protocol.md).
M.span_groups = {
  x = 'GamelsBoardX', o = 'GamelsBoardO', spot = 'GamelsBoardSpot', white = 'GamelsBoardWhite', black = 'GamelsBoardBlack',
  last = 'GamelsBoardLast', pushed = 'GamelsBoardPushed', arrow = 'GamelsBoardArrow', straight = 'GamelsBoardStraight',
  path = 'GamelsBoardPath', oneMove = 'GamelsBoardOneMove', wins = 'GamelsBoardWins', loses = 'GamelsBoardLoses',
  repeats = 'GamelsBoardRepeats', status = 'GamelsBoardStatus',
}

--- describe is a one-line account of the board shown.
function M.describe(b)
  local where
  if type(b.scratch) == 'table' and st.scratch then
    where = string.format('game %d, move %d of %d + %d explored', b.game, b.scratch.from, move_count(b),
      #(b.scratch.moves or {}))
  elseif b.kind == 'path' then
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

-- valid_win_width is the board window's width, or 40.
local function valid_win_width()
  if st.win and vim.api.nvim_win_is_valid(st.win) then
    return vim.api.nvim_win_get_width(st.win)
  end
  return 40
end

--- place is where the board cursor's target { r, c } is in the window
--- (0 and n+1: the border, where a Pousse board's edge slots are), from
--- the server's grid (gamels/board text): line, col, width (0-based, in
--- the window's buffer, whose first b.text_line lines come before the
--- drawing). nil when the answer has no drawing.
function M.place(b, r, c)
  local g = type(b.text) == 'table' and b.text.grid
  if not g then
    return nil
  end
  local n, base = b.n, b.text_line or 0
  local function row_line(x)
    return base + g.line + (x - 1) * g.lineStep
  end
  local function col_of(x)
    return g.col + (x - 1) * g.colStep
  end
  local line, col, width
  if r >= 1 and r <= n then
    line = row_line(r)
  elseif g.top then
    line = base + (r < 1 and g.top or g.bottom)
  else
    line = row_line(math.max(1, math.min(n, r)))
  end
  if c >= 1 and c <= n then
    col, width = col_of(c), g.width
  elseif g.left then
    col, width = c < 1 and g.left or g.right, 1
  else
    col, width = col_of(math.max(1, math.min(n, c))), g.width
  end
  return line, col, width
end

--- place_target is where a move's target (engine.target: { slot = 'T3' }
--- or { cell = { row, col } }) is in the window, as M.place; nil for none.
function M.place_target(b, t)
  if type(t) ~= 'table' then
    return nil
  elseif t.slot then
    local dir, i = t.slot:sub(1, 1), tonumber(t.slot:sub(2))
    local r, col = ({ L = i, R = i, T = 0, B = b.n + 1 })[dir], ({ L = 0, R = b.n + 1, T = i, B = i })[dir]
    if r and col then
      return M.place(b, r, col)
    end
  elseif t.cell then
    return M.place(b, t.cell.row, t.cell.col)
  end
  return nil
end

--- wrap breaks s into lines of at most width bytes at its blanks, the
--- lines after the first indented by two (a word longer than the width
--- stays whole), as the server wraps the lines under its board.
function M.wrap(s, width)
  local out = {}
  while #s > width do
    local cut
    for i = width + 1, 3, -1 do
      if s:sub(i, i) == ' ' then
        cut = i
        break
      end
    end
    if not cut then
      break
    end
    table.insert(out, s:sub(1, cut - 1))
    s = '  ' .. s:sub(cut):gsub('^ +', '')
  end
  table.insert(out, s)
  return out
end

--- render turns a board answer into the window's lines and highlights
--- { group, line, col_start, col_end } (0-based, bytes): a title, then
--- the server's drawing as it is (gamels/board with text: the board,
--- whose turn it is or the verdict, the straights, the PATH path, the
--- legend), its spans as the GamelsBoard... groups, and the engine's
--- best move marked where the grid puts it; then the engine's value,
--- the moves around the one shown and the values along the game. The
--- plugin draws nothing of the board itself.
function M.render(b)
  local lines, hl = {}, {}
  local width = valid_win_width() - 1
  local function add(s)
    table.insert(lines, s)
    return #lines - 1
  end
  -- wrapped adds s within the window's width, broken at blanks (the
  -- rest indented by two), and highlights each piece with group.
  local function wrapped(s, group)
    for _, piece in ipairs(M.wrap(s, width)) do
      local l = add(piece)
      if group then
        table.insert(hl, { group, l, 0, -1 })
      end
    end
  end
  wrapped(M.describe(b), 'GamelsBoardTitle')
  local s = st.scratch
  if s and (type(b.scratch) == 'table' or #s.moves == 0) then
    for _, l in ipairs(require('gamels.explore').banner(s)) do
      wrapped(l, 'GamelsBoardExplore')
    end
  end
  if b.outside then
    wrapped(string.format('outside every game: showing game %d', b.game))
  end
  local text = type(b.text) == 'table' and b.text or { lines = { 'the server sent no drawing (gamels/board text)' }, spans = {} }
  b.text_line = #lines
  for _, l in ipairs(text.lines or {}) do
    add(l)
  end
  for _, sp in ipairs(text.spans or {}) do
    local group = M.span_groups[sp.kind]
    if group then
      table.insert(hl, { group, b.text_line + sp.line, sp.start, sp['end'] })
    end
  end
  -- The engine's marks (lua/gamels/engine.lua), where the server's grid
  -- puts their slots or squares: its best move; at a move marked ??, ?
  -- or ?!, the move that held; the first plies of its main line, their
  -- numbers over their slots or squares in the colour of the side.
  local engine = require('gamels.engine')
  local l, c, w = M.place_target(b, engine.best(b))
  if l then
    table.insert(hl, { 'GamelsBoardBest', l, c, c + w })
  end
  l, c, w = M.place_target(b, engine.held(b))
  if l then
    table.insert(hl, { 'GamelsBoardHeld', l, c, c + w })
  end
  for _, x in ipairs(engine.line_labels(b)) do
    l, c, w = M.place_target(b, x.target)
    if l then
      local group = x.side == 'O' and 'GamelsBoardLineO' or 'GamelsBoardLineX'
      local under = (lines[l + 1] or ''):sub(c + 1, c + w)
      if x.target.cell and under:find('[^%. ]') then
        -- A Spot cell that holds a piece keeps its character: only its
        -- colour says a ply of the line lands there.
        table.insert(hl, { group, l, c, c + w })
      else
        local digits = table.concat(x.plies, ','):sub(1, w)
        table.insert(hl, { group, l, c, c + w, text = digits .. string.rep(' ', w - #digits) })
      end
    end
  end
  local value = engine.value_line(b)
  if value then
    -- Too wide for the window: the best move on a line of its own.
    local head, tail = value:match('^(.-), (best .*)$')
    if head and #value > width then
      table.insert(hl, { 'GamelsBoardValue', add(head), 0, 7 })
      wrapped('        ' .. tail)
    else
      local first = #lines
      wrapped(value)
      table.insert(hl, { 'GamelsBoardValue', first, 0, 7 })
    end
    local main = engine.main_line(b)
    if main then
      wrapped('        ' .. main)
    end
  end
  local count = move_count(b)
  if b.kind ~= 'path' and count > 0 then
    -- The moves around the current one, as many as the width holds (at
    -- least the one shown); ]m and [m step.
    -- Exploring: the transcript's moves, the one the line starts from
    -- marked (the banner lists the moves tried).
    local shown = type(b.scratch) == 'table' and b.scratch.from or b.move
    local cur = math.min(shown, count)
    local line
    for around = 4, 0, -1 do
      local from, to = math.max(1, cur - around), math.min(count, cur + around)
      local parts = {}
      for k = from, to do
        local mv = move_entry(b, k)
        if mv then
          local t = string.format('%d %s', k, mv.text)
          table.insert(parts, k == shown and '[' .. t .. ']' or t)
        end
      end
      line = 'moves: ' .. (from > 1 and '... ' or '') .. table.concat(parts, '  ') .. (to < count and ' ...' or '')
      if #line <= width then
        break
      end
    end
    add(line)
    -- The engine's values along the game, the annotated moves under them.
    local strip, shl = engine.strip(b, valid_win_width())
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
  return lines, hl
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
    if h.text then
      -- A mark drawn over the board's characters (the engine's line).
      vim.api.nvim_buf_set_extmark(st.buf, M.ns, h[2], h[3], { virt_text = { { h.text, h[1] } }, virt_text_pos = 'overlay', hl_mode = 'combine' })
    else
      vim.api.nvim_buf_add_highlight(st.buf, M.ns, h[1], h[2], h[3], h[4])
    end
  end
end

--- decorate adds to a rendered board the board cursor of play.lua (its
--- target highlighted, a Pousse slot's push previewed), the footer that
--- says what Enter does there, and the last word said (st.message); it
--- returns the cursor's place in the window, { line, col } (0-based).
--- O(n).
function M.decorate(b, lines, hl)
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
  local tl, tc, tw = M.place(b, t[1], t[2])
  local tg = play.target(b, t)
  if tl and tg and tg.slot then
    local run, off = play.preview(b, tg.slot)
    for _, sq in ipairs(run) do
      local l, c, w = M.place(b, sq[1], sq[2])
      table.insert(hl, { 'GamelsBoardPreview', l, c, c + w })
    end
    if off then
      local l, c, w = M.place(b, off[1], off[2])
      table.insert(hl, { 'GamelsBoardOff', l, c, c + w })
    end
  end
  if tl then
    table.insert(hl, { 'GamelsBoardTarget', tl, tc, tc + tw })
  end
  local width = valid_win_width() - 1
  vim.list_extend(lines, M.wrap(play.footer(b, t), width))
  if st.message then
    vim.list_extend(lines, M.wrap(st.message, width))
  end
  if st.show_keys then
    -- "  key        what", what wrapped in its column.
    for _, k in ipairs(M.window_keys) do
      for i, piece in ipairs(M.wrap(k[2], width - 12)) do
        table.insert(lines, i == 1 and string.format('  %-9s %s', k[1], piece) or string.rep(' ', 10) .. piece)
      end
    end
  end
  return { tl or 0, tc and (tc + tw - 1) or 0 }
end

--- redraw draws the last answer again, with the board cursor where it is.
function M.redraw()
  local b = st.board
  if not b or not valid_win() then
    return
  end
  local lines, hl = M.render(b)
  local cur = M.decorate(b, lines, hl)
  draw(lines, hl)
  pcall(vim.api.nvim_win_set_cursor, st.win, { cur[1] + 1, cur[2] })
end

-- board_key names the board an answer shows: the transcript and its
-- text, the game and the move.
local function board_key(b)
  local line = type(b.scratch) == 'table' and type(b.scratch.moves) == 'table' and table.concat(b.scratch.moves, ',') or ''
  return table.concat({ b.src, b.tick, b.game, b.move, line }, '#')
end

--- tell sets the last word said under the board (a move played, the
--- engine's reply, a refusal): it is about the board the next answer
--- asked from now shows (forget).
function M.tell(msg)
  st.message, st.message_said, st.message_seq, st.message_key = msg, msg, st.seq, nil
end

--- tell_here sets the last word said about the board shown now (a
--- refusal that leaves it): it goes with the next board.
function M.tell_here(msg)
  st.message, st.message_said, st.message_seq = msg, msg, st.seq
  st.message_key = st.board and board_key(st.board) or nil
end

--- forget clears the last word said once the board it was said about is
--- gone: it stays on the first board asked after it was said (the one a
--- move played makes: an answer asked before, about the text before the
--- move, does not count) and goes with the first other board after that
--- (a step, an undo, another transcript). seq is the update b answers.
local function forget(b, seq)
  if st.message == nil then
    return
  end
  if st.message ~= st.message_said then -- set without tell: about this board
    M.tell(st.message)
    st.message_seq = seq - 1
  end
  local key = board_key(b)
  if st.message_key == nil then
    if seq > st.message_seq then
      st.message_key = key
    end
  elseif st.message_key ~= key then
    st.message, st.message_said, st.message_key = nil, nil, nil
  end
end

--- update asks for the board at the cursor of the followed transcript,
--- drawn by the server, and shows it.
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
  -- Exploring: the board the line reaches, from where it starts
  -- (explore.lua), wherever the transcript's cursor is now.
  local explore = require('gamels.explore')
  local at, moves = explore.check(src)
  local extra = { text = true, textWidth = math.max(20, valid_win_width() - 1) }
  if moves and #moves > 0 then
    extra.moves = moves
    extra.nearest = true
  end
  M.ask(src, at, function(b, err)
    if seq ~= st.seq then
      return
    end
    if not b and err and explore.refused(extra.moves, err) then
      return -- the move tried is taken back; the board shown stays
    end
    if not b then
      st.board = nil
      st.message = nil
      draw({ err and ('No board: ' .. err) or 'The cursor is outside every game.' }, {})
      return
    end
    -- The transcript and its text the board was drawn from.
    b.src, b.tick = src, tick
    explore.drawn(extra.moves, b)
    if type(b.scratch) == 'table' and not st.scratch then
      b.scratch = nil
    end
    st.board = b
    forget(b, seq)
    -- The engine's value and values (lua/gamels/engine.lua), asked at
    -- the position shown: for a game shown from outside it (nearest),
    -- its move.
    local engine = require('gamels.engine')
    local pos = b.outside and M.move_position(b, b.move) or b.asked
    if b.scratch then
      engine.evaluate(src, b, b.asked, b.scratch.moves)
      pos = b.outside and M.move_position(b, b.scratch.from) or b.asked
    else
      engine.evaluate(src, b, pos)
    end
    engine.evaluations(src, b, pos)
    M.redraw()
  end, extra)
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
    M.map_window(st.buf)
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
