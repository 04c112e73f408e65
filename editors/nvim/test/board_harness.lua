-- board_harness.lua: what the Neovim board tests share (board_test.lua,
-- play_test.lua): the checks and their count, a coroutine that yields to
-- Neovim's main loop whenever it waits (so that typed keys run and
-- CursorMoved fires as in a session), the plugin set up against the real
-- server, and readers of the board window. Loaded with dofile; run(name,
-- body) runs body(board) and quits with the count.

local M = {}
M.bin = os.getenv('GAMELS_BIN')
M.dir = os.getenv('GAMELS_E2E_DIR')
M.examples = os.getenv('GAMELS_EXAMPLES')
M.timeout_ms = tonumber(os.getenv('GAMELS_E2E_TIMEOUT_MS') or '') or 15000

local passed, failed = 0, 0
function M.ok(cond, what, detail)
  if cond then
    passed = passed + 1
    io.stdout:write('ok   ' .. what .. '\n')
  else
    failed = failed + 1
    io.stdout:write('FAIL ' .. what .. (detail and ('\n     ' .. tostring(detail):gsub('\n', '\n     ')) or '') .. '\n')
  end
  return cond
end

local name = 'board_harness.lua'
local co
local function resume()
  local fine, err = coroutine.resume(co)
  if not fine then
    io.stderr:write(name .. ': Lua error: ' .. tostring(err) .. '\n')
    vim.cmd('cquit 3')
  end
end

-- wait yields to the main loop until pred() holds or timeout_ms passed.
function M.wait(pred)
  local deadline = vim.loop.hrtime() / 1e6 + M.timeout_ms
  while not pred() and vim.loop.hrtime() / 1e6 < deadline do
    vim.defer_fn(resume, 20)
    coroutine.yield()
  end
  return pred()
end

-- press feeds keys as typed: the main loop runs them (and the mappings).
function M.press(keys)
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(keys, true, false, true), 'm', false)
end

local board -- require('gamels.board'), once the plugin is set up

-- open writes lines to dir/name, edits it and waits for the client.
function M.open(fname, lines)
  local file = M.dir .. '/' .. fname
  vim.fn.writefile(lines, file)
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  M.wait(function()
    local cs = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = buf }) or vim.lsp.buf_get_clients(buf)
    return next(cs) ~= nil
  end)
  return buf
end

function M.board_lines()
  local b = board.state.buf
  if not b or not vim.api.nvim_buf_is_valid(b) then
    return {}
  end
  return vim.api.nvim_buf_get_lines(b, 0, -1, false)
end

-- board_text is the window's text as a person reads it: its lines, a
-- line wrapped at the window's edge (the rest indented by two, as the
-- plugin and the server wrap) joined again.
function M.board_text()
  return (table.concat(M.board_lines(), '\n'):gsub('\n  ([%w%(])', ' %1'))
end

function M.wait_board(pattern)
  M.wait(function()
    return M.board_text():find(pattern) ~= nil
  end)
  return M.board_text()
end

-- The row lines of the server's drawing in the grid style (internal/render,
-- boards below 10 columns): "r |c|c|c|", the left border > where the last
-- push came in, the right < .
local row_pattern = '^%s*(%d+) ([|>])(.*)[|<]$'

-- grid reads the drawn cells back from the window's lines, '.' for a
-- blank square.
function M.grid(n)
  local rows = {}
  for _, l in ipairs(M.board_lines()) do
    local r, _, rest = l:match(row_pattern)
    if r and #rest == 2 * n - 1 then
      local cells = {}
      for c = 1, n do
        local ch = rest:sub(2 * c - 1, 2 * c - 1)
        table.insert(cells, ch == ' ' and '.' or ch)
      end
      rows[tonumber(r)] = table.concat(cells)
    end
  end
  return rows
end

-- groups_at lists the highlight groups over (line, byte col) of the board buffer.
function M.groups_at(line, col)
  local out = {}
  local marks = vim.api.nvim_buf_get_extmarks(board.state.buf, board.ns, { line, 0 }, { line, -1 }, { details = true })
  for _, m in ipairs(marks) do
    local s, e = m[3], m[4].end_col
    if e and m[4].hl_group and s <= col and col < e then
      out[m[4].hl_group] = true
    end
  end
  return out
end

-- overlays lists the marks drawn over the board buffer's characters
-- (the engine's line): { line, col, text, group } (0-based).
function M.overlays()
  local out = {}
  for _, m in ipairs(vim.api.nvim_buf_get_extmarks(board.state.buf, board.ns, 0, -1, { details = true })) do
    local vt = m[4].virt_text
    if vt and m[4].virt_text_pos == 'overlay' then
      table.insert(out, { line = m[2], col = m[3], text = vt[1][1], group = vt[1][2] })
    end
  end
  return out
end

-- cell finds the line (0-based) and byte column of cell (r, c) in the
-- window, from the lines shown.
function M.cell(r, c)
  for i, l in ipairs(M.board_lines()) do
    local row = l:match(row_pattern)
    if row and tonumber(row) == r then
      local prefix = l:match('^(%s*%d+ [|>])')
      return i - 1, #prefix + (c - 1) * 2
    end
  end
  return nil
end

function M.cursor_line()
  return vim.api.nvim_win_get_cursor(0)[1]
end

-- run sets the plugin up against the server and runs body(board) in the
-- coroutine, then writes the count and quits: status 1 when a check failed.
function M.run(test, body)
  name = test
  if not M.bin or not M.dir or not M.examples then
    io.stderr:write(name .. ': GAMELS_BIN, GAMELS_E2E_DIR and GAMELS_EXAMPLES must be set (run test/e2e.sh)\n')
    vim.cmd('cquit 2')
  end
  co = coroutine.create(function()
    vim.cmd('runtime! plugin/gamels.vim')
    require('gamels').setup({ cmd = { M.bin, 'serve' }, verdicts = 'hint' })
    board = require('gamels.board')
    board.delay = 30
    body(board)
    io.stdout:write(string.format('%d passed, %d failed\n', passed, failed))
    io.stdout:flush()
    if failed > 0 then
      vim.cmd('cquit 1')
    end
    vim.cmd('qall!')
  end)
  resume()
end

return M
