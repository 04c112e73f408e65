-- The expected output beside a transcript (issue 26), on any Neovim from
-- 0.7, against the real server: sample.out beside sample.pousse has game
-- 2's line wrong. The warning at game 2's ending move (line 21) with both
-- lines, and the code lens "judge: 1 of 2 verdicts match sample.out" on
-- line 1, drawn by the plugin. Then sample.out opened and edited without
-- writing it (the plugin attaches the client to it: its didChange): the
-- warning goes and the lens says 2 of 2; the buffer wiped (didClose): the
-- disk's text again. On 0.11, with didChangeWatchedFiles registration
-- turned on in the capabilities (Neovim leaves it off on Linux), a
-- change on disk is followed too.
local dir = os.getenv('GAMELS_E2E_DIR') .. '/expected'
local bin = os.getenv('GAMELS_BIN')
local timeout_ms = tonumber(os.getenv('GAMELS_E2E_TIMEOUT_MS') or '') or 15000
local passed, failed = 0, 0
local function ok(cond, what, detail)
  if cond then
    passed = passed + 1
    io.stdout:write('ok   expected: ' .. what .. '\n')
  else
    failed = failed + 1
    io.stdout:write('FAIL expected: ' .. what .. (detail and ('\n     ' .. tostring(detail):gsub('\n', '\n     ')) or '') .. '\n')
  end
  return cond
end

local has_011 = vim.fn.has('nvim-0.11') == 1
local sev = vim.diagnostic.severity

local function clients_of(bufnr)
  if vim.lsp.get_clients then
    return vim.lsp.get_clients({ bufnr = bufnr })
  end
  return vim.tbl_values(vim.lsp.buf_get_clients(bufnr))
end

-- virt_texts returns the text of every extmark with virtual text on line
-- lnum (0-based) of bufnr, in any namespace (0.7's are anonymous).
local function virt_texts(bufnr, lnum)
  local out, ids = {}, {}
  for _, id in pairs(vim.api.nvim_get_namespaces()) do
    ids[id] = true
  end
  for id = 1, 500 do
    ids[id] = true
  end
  for id in pairs(ids) do
    local got, marks = pcall(vim.api.nvim_buf_get_extmarks, bufnr, id, { lnum, 0 }, { lnum, -1 }, { details = true })
    if got then
      for _, m in ipairs(marks) do
        local chunks = m[4] and m[4].virt_text
        if chunks then
          local parts = {}
          for _, c in ipairs(chunks) do
            table.insert(parts, c[1])
          end
          table.insert(out, table.concat(parts))
        end
      end
    end
  end
  return out
end

local function lens(bufnr, s)
  for _, t in ipairs(virt_texts(bufnr, 0)) do
    if t:find(s, 1, true) then
      return t
    end
  end
end

local function warnings(bufnr)
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if d.severity == sev.WARN then
      table.insert(out, string.format('%d: %s', d.lnum + 1, d.message))
    end
  end
  return out
end

local WRONG = '21: game 2: sample.out line 3 expects "O WINS"; the judge\'s verdict is "X WINS"'

local function wait_warnings(bufnr, want)
  local got
  vim.wait(timeout_ms, function()
    got = warnings(bufnr)
    return vim.deep_equal(got, want)
  end, 50)
  return vim.deep_equal(got, want), vim.inspect(got)
end

local function wait_lens(bufnr, s)
  vim.wait(timeout_ms, function()
    -- The plugin asks for lenses on BufEnter, InsertLeave and CursorHold;
    -- 0.10+ also on the server's workspace/codeLens/refresh.
    if vim.fn.has('nvim-0.10') == 0 then
      pcall(vim.lsp.codelens.refresh)
    end
    return lens(bufnr, s) ~= nil
  end, 100)
  return lens(bufnr, s) ~= nil, vim.inspect(virt_texts(bufnr, 0))
end

vim.fn.mkdir(dir, 'p')
local examples = os.getenv('GAMELS_EXAMPLES')
local sample = vim.fn.readfile(examples .. '/sample.pousse')
vim.fn.writefile(sample, dir .. '/sample.pousse')
local out = dir .. '/sample.out'
vim.fn.writefile({ 'TIE GAME', '', 'O WINS' }, out)

vim.cmd('runtime! plugin/gamels.vim')
local caps = nil
if has_011 then
  caps = vim.lsp.protocol.make_client_capabilities()
  caps.workspace.didChangeWatchedFiles.dynamicRegistration = true
end
require('gamels').setup({ cmd = { bin, 'serve' }, capabilities = caps })

vim.cmd('edit ' .. vim.fn.fnameescape(dir .. '/sample.pousse'))
local buf = vim.api.nvim_get_current_buf()
local good, got = wait_warnings(buf, { WRONG })
ok(good, 'the warning at game 2\'s ending move (line 21), with both lines', got)
local d = vim.diagnostic.get(buf, { severity = sev.WARN })[1]
ok(d ~= nil and d.col == 0 and d.end_col == 2, 'it spans the move L2', d and vim.inspect({ d.col, d.end_col }))
good, got = wait_lens(buf, 'judge: 1 of 2 verdicts match sample.out')
ok(good, 'the code lens "judge: 1 of 2 verdicts match sample.out" on line 1', got)

-- Opened and edited, not written: the plugin attaches the client, and the
-- server compares the buffer's text.
vim.cmd('split ' .. vim.fn.fnameescape(out))
local obuf = vim.api.nvim_get_current_buf()
vim.wait(timeout_ms, function()
  return #clients_of(obuf) > 0
end, 50)
ok(#clients_of(obuf) == 1, 'the gamels client is attached to sample.out', vim.inspect(#clients_of(obuf)))
local got_au, au = pcall(vim.api.nvim_get_autocmds, { group = 'gamels_codelens', buffer = obuf })
ok(got_au and #au == 0, "on_attach leaves sample.out alone (no code lens autocommands)", vim.inspect(au))
vim.api.nvim_buf_set_lines(obuf, 2, 3, false, { 'X WINS' })
good, got = wait_warnings(buf, {})
ok(good, 'after the edit of sample.out, unwritten: no warning', got)
vim.cmd('wincmd p') -- into the transcript: BufEnter asks for the lenses
good, got = wait_lens(buf, 'judge: 2 of 2 verdicts match sample.out')
ok(good, 'the lens says "judge: 2 of 2 verdicts match sample.out"', got)
ok(vim.deep_equal(vim.fn.readfile(out), { 'TIE GAME', '', 'O WINS' }), 'sample.out on disk is untouched', vim.inspect(vim.fn.readfile(out)))
ok(#vim.diagnostic.get(obuf) == 0, 'no diagnostics in sample.out', vim.inspect(vim.diagnostic.get(obuf)))

-- Wiped without writing: the disk's text again.
vim.cmd('bwipeout! ' .. obuf)
good, got = wait_warnings(buf, { WRONG })
ok(good, 'sample.out closed: the disk\'s line again, the warning back', got)

if has_011 then
  -- Changed on disk by another program: the watcher the server registered.
  local f = assert(io.open(out, 'w'))
  f:write('TIE GAME\n\nX WINS\n')
  f:close()
  good, got = wait_warnings(buf, {})
  ok(good, '0.11, watched files on: sample.out fixed on disk, the warning goes', got)
  good, got = wait_lens(buf, 'judge: 2 of 2 verdicts match sample.out')
  ok(good, '0.11: the lens follows (workspace/codeLens/refresh)', got)
else
  io.stdout:write('skip expected: changes on disk: tested on 0.11 only (0.7 has no didChangeWatchedFiles)\n')
end

io.stdout:write(string.format('expected: %d passed, %d failed\n', passed, failed))
io.stdout:flush()
if failed > 0 then
  vim.cmd('cquit 1')
end
vim.cmd('qall!')
