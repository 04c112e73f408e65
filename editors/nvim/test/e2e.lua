-- End-to-end test: a real Neovim talking to the real `gamels serve`.
--
-- Run through test/e2e.sh, which starts
--   nvim --headless -u NONE --cmd 'set rtp^=editors/nvim' -c 'luafile test/e2e.lua'
-- with GAMELS_BIN (the binary) and GAMELS_E2E_DIR (a scratch directory) in
-- the environment. Every check prints "ok ..." or "FAIL ..."; the exit
-- status is 0 only when all pass.

local bin = os.getenv('GAMELS_BIN')
local dir = os.getenv('GAMELS_E2E_DIR')
local timeout_ms = tonumber(os.getenv('GAMELS_E2E_TIMEOUT_MS') or '') or 15000

local passed, failed = 0, 0

local function ok(cond, what, detail)
  if cond then
    passed = passed + 1
    io.stdout:write('ok   ' .. what .. '\n')
  else
    failed = failed + 1
    io.stdout:write('FAIL ' .. what .. (detail and ('\n     ' .. detail:gsub('\n', '\n     ')) or '') .. '\n')
  end
  return cond
end

local function finish()
  io.stdout:write(string.format('%d passed, %d failed\n', passed, failed))
  io.stdout:flush()
  if failed > 0 then
    vim.cmd('cquit 1')
  end
  vim.cmd('qall!')
end

if not bin or bin == '' or not dir or dir == '' then
  io.stderr:write('e2e.lua: GAMELS_BIN and GAMELS_E2E_DIR must be set (run test/e2e.sh)\n')
  vim.cmd('cquit 2')
end

local sev = vim.diagnostic.severity
local sev_name = { [sev.ERROR] = 'Error', [sev.WARN] = 'Warning', [sev.INFO] = 'Information', [sev.HINT] = 'Hint' }

local function show_diags(diags)
  local out = {}
  for _, d in ipairs(diags) do
    table.insert(out, string.format('%d:%d %s: %s', d.lnum + 1, d.col + 1, sev_name[d.severity] or '?', d.message))
  end
  return table.concat(out, '\n')
end

local function clients_of(bufnr)
  if vim.lsp.get_clients then
    return vim.lsp.get_clients({ bufnr = bufnr })
  end
  return vim.tbl_values(vim.lsp.buf_get_clients(bufnr))
end

-- open writes lines to a file in the scratch directory and edits it.
local function open(name, lines)
  local file = dir .. '/' .. name
  vim.fn.writefile(lines, file)
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  return vim.api.nvim_get_current_buf()
end

-- wait_diags waits until pred(diagnostics of bufnr) holds.
local function wait_diags(bufnr, pred)
  vim.wait(timeout_ms, function()
    return pred(vim.diagnostic.get(bufnr))
  end, 50)
  return vim.diagnostic.get(bufnr)
end

local function find(diags, severity, lnum, pattern)
  for _, d in ipairs(diags) do
    if (severity == nil or d.severity == severity) and (lnum == nil or d.lnum == lnum) and (pattern == nil or d.message:find(pattern, 1, true)) then
      return d
    end
  end
  return nil
end

local function count(diags, severity)
  local n = 0
  for _, d in ipairs(diags) do
    if d.severity == severity then
      n = n + 1
    end
  end
  return n
end

-- hover returns the hover text at (line, character), 0-based, or nil and
-- a reason.
local function hover(bufnr, line, character)
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    position = { line = line, character = character },
  }
  local responses, err = vim.lsp.buf_request_sync(bufnr, 'textDocument/hover', params, timeout_ms)
  if not responses then
    return nil, 'no response: ' .. tostring(err)
  end
  for _, r in pairs(responses) do
    if r.error then
      return nil, 'error: ' .. vim.inspect(r.error)
    end
    local c = r.result and r.result.contents
    if c ~= nil then
      if type(c) == 'string' then
        return c
      end
      if c.value ~= nil then
        return c.value
      end
      local parts = {}
      for _, p in ipairs(c) do
        table.insert(parts, type(p) == 'string' and p or p.value)
      end
      return table.concat(parts, '\n')
    end
  end
  return nil, 'empty hover: ' .. vim.inspect(responses)
end

-- fenced returns the text of the first fenced code block in s.
local function fenced(s)
  return s:match('```[^\n]*\n(.-)\n?```')
end

require('gamels').setup({ cmd = { bin, 'serve' } })
local v = vim.version()
io.stdout:write('gamels e2e: Neovim ' .. string.format('%d.%d.%d', v.major, v.minor, v.patch) .. ', start method ' .. tostring(require('gamels').method) .. ', server ' .. bin .. '\n')

-----------------------------------------------------------------------
-- Pousse: a game won by X at its 7th move (line 9), then a game with a
-- malformed move X9 (line 13).
local pousse = {
  '# gamels e2e: a winning game, then a game with a malformed move',
  '4',
  'L2',
  'T2',
  'L2',
  'B2',
  'R2',
  'T1',
  'L2',
  'QUIT',
  '4',
  'L2',
  'X9',
  'T2',
  'QUIT',
}
local WIN_LINE, BAD_LINE = 8, 12 -- 0-based

local buf = open('e2e.pousse', pousse)
ok(vim.bo[buf].filetype == 'pousse', 'pousse: filetype detected', 'filetype is ' .. vim.bo[buf].filetype)
ok(vim.bo[buf].commentstring == '# %s', 'pousse: commentstring is "# %s"', vim.bo[buf].commentstring)

vim.wait(timeout_ms, function()
  return #clients_of(buf) > 0
end, 50)
ok(#clients_of(buf) == 1, 'pousse: one gamels client attached', 'clients: ' .. #clients_of(buf))

local diags = wait_diags(buf, function(d)
  return find(d, sev.ERROR, BAD_LINE) ~= nil and find(d, sev.INFO, WIN_LINE) ~= nil
end)
local shown = show_diags(diags)
local bad = find(diags, sev.ERROR, BAD_LINE)
ok(bad ~= nil, 'pousse: Error diagnostic on the malformed move X9 (line 13)', shown)
if bad then
  ok(bad.col == 0 and (bad.end_col == nil or bad.end_col == 2), 'pousse: the error covers exactly X9 (columns 1-2)',
    string.format('col %s end_col %s', tostring(bad.col), tostring(bad.end_col)))
  ok(bad.message:find('X9', 1, true) ~= nil, 'pousse: the error message quotes X9', bad.message)
end
ok(count(diags, sev.ERROR) == 1, 'pousse: exactly one Error diagnostic', shown)
local win = find(diags, sev.INFO, WIN_LINE)
ok(win ~= nil and win.message:find('X WINS', 1, true) ~= nil,
  'pousse: Information diagnostic "X WINS" at the winning move (line 9)', shown)
if win then
  ok(win.col == 0 and (win.end_col == nil or win.end_col == 2), 'pousse: the ending covers exactly L2 (columns 1-2)',
    string.format('col %s end_col %s', tostring(win.col), tostring(win.end_col)))
end
ok(find(diags, sev.INFO, nil, 'X WINS') == win, 'pousse: the verdict is reported once, at the winning move', shown)

-- Hover on the winning move: the board after it.
local text, why = hover(buf, WIN_LINE, 0)
ok(text ~= nil, 'pousse: hover on the winning move answers', why)
if text then
  local grid = fenced(text)
  ok(grid ~= nil, 'pousse: the hover holds a fenced code block', text)
  grid = grid or ''
  ok(grid:find('+-+', 1, true) ~= nil, 'pousse: the board has +-+ borders', text)
  ok(grid:find('X', 1, true) ~= nil and grid:find('O', 1, true) ~= nil, 'pousse: the board after move 7 shows X and O markers', text)
  -- The board after L2 T2 L2 B2 R2 T1 L2, row by row (worked out by hand
  -- from the push rule): X holds row 2.
  local rows = { '|O|O| | |', '|X|X|X|X|', '| | | | |', '| |O| | |' }
  local at, in_order = 0, true
  for _, row in ipairs(rows) do
    local i = grid:find(row, at + 1, true)
    if not i then
      in_order = false
      break
    end
    at = i
  end
  ok(in_order, 'pousse: the board after move 7 is exactly the expected one', text)
  io.stdout:write('     hover at line 9:\n     ' .. text:gsub('\n', '\n     ') .. '\n')
end

-- Hover on the first move: one X on the board, no O.
text, why = hover(buf, 2, 0)
ok(text ~= nil, 'pousse: hover on move 1 answers', why)
if text then
  local grid = fenced(text) or ''
  local _, xs = grid:gsub('X', '')
  local _, os_ = grid:gsub('O', '')
  ok(xs == 1 and os_ == 0, 'pousse: the board after move 1 holds one X and no O', text)
  ok(grid:find('|X| | | |', 1, true) ~= nil, 'pousse: after L2 the X is at row 2, column 1', text)
end

-- The code lens on game 1's header and its command, run by the plugin's
-- handler: the cursor lands on the winning move.
local lens_resp = vim.lsp.buf_request_sync(buf, 'textDocument/codeLens',
  { textDocument = { uri = vim.uri_from_bufnr(buf) } }, timeout_ms)
local lens, lens_client
for id, r in pairs(lens_resp or {}) do
  for _, l in ipairs(r.result or {}) do
    if l.range.start.line == 1 then
      lens, lens_client = l, id
    end
  end
end
ok(lens ~= nil and lens.command ~= nil, 'pousse: a code lens on game 1 (line 2)', vim.inspect(lens_resp))
if lens and lens.command then
  ok(lens.command.title:find('X WINS', 1, true) ~= nil and lens.command.title:find('7', 1, true) ~= nil,
    'pousse: the lens says X WINS at move 7', lens.command.title)
  ok(lens.command.command == 'gamels.revealMove', 'pousse: the lens command is gamels.revealMove', lens.command.command)
  local handler = vim.lsp.commands['gamels.revealMove']
  ok(handler ~= nil, 'pousse: the plugin handles gamels.revealMove')
  if handler then
    vim.api.nvim_win_set_cursor(0, { 1, 0 })
    handler(lens.command, { client_id = lens_client, bufnr = buf })
    local cur = vim.api.nvim_win_get_cursor(0)
    ok(cur[1] == WIN_LINE + 1, 'pousse: revealMove puts the cursor on the winning move (line 9)', vim.inspect(cur))
    local mode = vim.api.nvim_get_mode().mode
    ok(mode == 'v' and vim.fn.line('v') == WIN_LINE + 1 and vim.fn.col('v') == 1 and cur[2] == 1,
      'pousse: revealMove selects L2', string.format('mode %s, from %d:%d to %d:%d', mode, vim.fn.line('v'), vim.fn.col('v'), cur[1], cur[2] + 1))
    vim.cmd('normal! \27')
  end
end

-- An edit: fix X9 into T3; the error goes away.
vim.api.nvim_buf_set_lines(buf, BAD_LINE, BAD_LINE + 1, false, { 'T3' })
diags = wait_diags(buf, function(d)
  return count(d, sev.ERROR) == 0
end)
ok(count(diags, sev.ERROR) == 0, 'pousse: after fixing X9 the Error diagnostic is gone', show_diags(diags))
ok(find(diags, sev.INFO, WIN_LINE, 'X WINS') ~= nil, 'pousse: the X WINS verdict is still there after the edit', show_diags(diags))

-----------------------------------------------------------------------
-- Spot: the UVa 141 sample's first game (player 2 wins on move 3).
local sbuf = open('e2e.spot', {
  '2',
  '1 1 +',
  '2 2 +',
  '2 2 -',
  '1 2 +',
  '0',
})
ok(vim.bo[sbuf].filetype == 'spot', 'spot: filetype detected', vim.bo[sbuf].filetype)
diags = wait_diags(sbuf, function(d)
  return find(d, sev.INFO, 3, 'Player 2 wins on move 3') ~= nil
end)
ok(find(diags, sev.INFO, 3, 'Player 2 wins on move 3') ~= nil,
  'spot: Information "Player 2 wins on move 3" at move 3 (line 4)', show_diags(diags))
ok(count(diags, sev.ERROR) == 0, 'spot: no Error diagnostic', show_diags(diags))
-- Hover on move 3 (2 2 -): one spot left, at row 1, column 1.
text, why = hover(sbuf, 3, 0)
ok(text ~= nil, 'spot: hover on move 3 answers', why)
if text then
  local grid = fenced(text) or ''
  local _, spots = grid:gsub('%*', '')
  ok(grid:find('+-+', 1, true) ~= nil and spots == 1 and grid:find('|*| |', 1, true) ~= nil,
    'spot: the board after move 3 has one spot, at row 1, column 1', text)
end

-----------------------------------------------------------------------
-- PATH: the UVa 601 sample's second board (White can win in one move).
local pbuf = open('e2e.path', {
  '3',
  '',
  'WBB',
  'WWU',
  'WBB',
  '',
  '0',
})
ok(vim.bo[pbuf].filetype == 'path', 'path: filetype detected', vim.bo[pbuf].filetype)
diags = wait_diags(pbuf, function(d)
  return find(d, nil, nil, 'White can win in one move.') ~= nil
end)
ok(find(diags, nil, nil, 'White can win in one move.') ~= nil, 'path: a diagnostic says "White can win in one move."', show_diags(diags))
ok(count(diags, sev.ERROR) == 0, 'path: no Error diagnostic', show_diags(diags))
-- Hover on the U of row 2: the cell where a W wins.
text, why = hover(pbuf, 3, 2)
ok(text ~= nil, 'path: hover on a cell answers', why)
if text then
  ok(text:find('row 2', 1, true) ~= nil and text:find('column 3', 1, true) ~= nil,
    'path: the hover names the cell (row 2, column 3)', text)
end

-- The three buffers share one server.
local ids = {}
for _, b in ipairs({ buf, sbuf, pbuf }) do
  for _, c in ipairs(clients_of(b)) do
    ids[c.id] = true
  end
end
ok(vim.tbl_count(ids) == 1, 'one gamels server for the three files', vim.inspect(vim.tbl_keys(ids)))

-----------------------------------------------------------------------
-- Rules: a 6x6 game from the ICFP 1998 log, T4 B4 T4 B4 T4 B4 T4 B4. Under
-- the contest rules nobody wins (TIE GAME); under the icfp rules O's move 8
-- recreates a state O produced before, so X wins at move 8.
local rep = { '6', 'T4', 'B4', 'T4', 'B4', 'T4', 'B4', 'T4', 'B4', 'QUIT' }
local LAST = 8 -- 0-based line of move 8
local rbuf = open('rules.pousse', rep)
diags = wait_diags(rbuf, function(d)
  return find(d, sev.INFO, LAST, 'TIE GAME') ~= nil
end)
ok(find(diags, sev.INFO, LAST, 'TIE GAME') ~= nil, 'rules: contest (the default): TIE GAME at move 8', show_diags(diags))

require('gamels').set_rules('icfp')
diags = wait_diags(rbuf, function(d)
  return find(d, sev.INFO, LAST, 'X WINS') ~= nil
end)
ok(find(diags, sev.INFO, LAST, 'X WINS') ~= nil,
  'rules: set_rules("icfp") (workspace/didChangeConfiguration): X WINS at move 8', show_diags(diags))

require('gamels').set_rules('contest')
diags = wait_diags(rbuf, function(d)
  return find(d, sev.INFO, LAST, 'TIE GAME') ~= nil
end)
ok(find(diags, sev.INFO, LAST, 'TIE GAME') ~= nil, 'rules: back to contest: TIE GAME again', show_diags(diags))

-- A file's own rules line wins over the setting (contest here).
local fbuf = open('rules_line.pousse', vim.list_extend({ '# rules: icfp' }, rep))
diags = wait_diags(fbuf, function(d)
  return find(d, sev.INFO, LAST + 1, 'X WINS') ~= nil
end)
ok(find(diags, sev.INFO, LAST + 1, 'X WINS') ~= nil, 'rules: "# rules: icfp" in the file wins over the contest setting', show_diags(diags))

-- A server started with setup({ rules = 'icfp' }).
for id in pairs(ids) do
  vim.lsp.stop_client(id)
end
vim.wait(timeout_ms, function()
  for id in pairs(ids) do
    if vim.lsp.get_client_by_id(id) ~= nil then
      return false
    end
  end
  return true
end, 50)
for _, b in ipairs({ buf, sbuf, pbuf, rbuf, fbuf }) do
  vim.cmd('bwipeout! ' .. b)
end
require('gamels').setup({ cmd = { bin, 'serve' }, rules = 'icfp' })
local ibuf = open('rules_init.pousse', rep)
diags = wait_diags(ibuf, function(d)
  return find(d, sev.INFO, LAST, 'X WINS') ~= nil
end)
ok(find(diags, sev.INFO, LAST, 'X WINS') ~= nil, 'rules: a server started with rules = "icfp": X WINS at move 8', show_diags(diags))
local new_ids = {}
for _, c in ipairs(clients_of(ibuf)) do
  new_ids[c.id] = true
end
local fresh_client = vim.tbl_count(new_ids) == 1
for id in pairs(ids) do
  if new_ids[id] then
    fresh_client = false
  end
end
ok(fresh_client, 'rules: that was a newly started server', vim.inspect(new_ids))

finish()
