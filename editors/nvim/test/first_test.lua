-- The first ten minutes, on any Neovim from 0.7: what a new user gets
-- from require('gamels').setup({}) alone, with gamels on PATH (e2e.sh
-- puts GAMELS_BIN there). On a file with the malformed move X9: the
-- error's text on screen (an extmark with virtual text, on 0.11 too,
-- where Neovim turned virtual text off by default), the inlay hints
-- enabled (0.10+), 'omnifunc' and 'tagfunc' set, :GamelsFormat formatting,
-- the code lenses drawn, and still there after one is run, a code action,
-- and the options that turn the virtual text, the inlay hints and the code
-- lenses off.
local dir = os.getenv('GAMELS_E2E_DIR')
local timeout_ms = tonumber(os.getenv('GAMELS_E2E_TIMEOUT_MS') or '') or 15000
local passed, failed = 0, 0
local function ok(cond, what, detail)
  if cond then
    passed = passed + 1
    io.stdout:write('ok   first: ' .. what .. '\n')
  else
    failed = failed + 1
    io.stdout:write('FAIL first: ' .. what .. (detail and ('\n     ' .. tostring(detail):gsub('\n', '\n     ')) or '') .. '\n')
  end
  return cond
end

local has_010 = vim.fn.has('nvim-0.10') == 1
local has_011 = vim.fn.has('nvim-0.11') == 1
local sev = vim.diagnostic.severity

local function clients_of(bufnr)
  if vim.lsp.get_clients then
    return vim.lsp.get_clients({ bufnr = bufnr })
  end
  return vim.tbl_values(vim.lsp.buf_get_clients(bufnr))
end

local function open(name, lines)
  local file = dir .. '/' .. name
  vim.fn.writefile(lines, file)
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  return vim.api.nvim_get_current_buf()
end

-- virt_texts returns the text of every extmark with virtual text on line
-- lnum (0-based) of bufnr, in any namespace: the ones Neovim names, and
-- the anonymous ones 0.7's diagnostics use (ids are small integers).
local function virt_texts(bufnr, lnum)
  local out = {}
  local ids = {}
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

local function any_contains(texts, s)
  for _, t in ipairs(texts) do
    if t:find(s, 1, true) then
      return true
    end
  end
  return false
end

local function error_at(bufnr, lnum)
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if d.lnum == lnum and d.severity == sev.ERROR then
      return d
    end
  end
end

-- -u NONE loads no plugin: source plugin/ as a startup would.
vim.cmd('runtime! plugin/gamels.vim')
ok(vim.fn.executable('gamels') == 1, 'gamels is on PATH', vim.env.PATH)
require('gamels').setup({})

local lines = { '4', 'L2', 'T2', 'L2', 'B2', 'R2', 'T1', 'L2', 'QUIT', '4', 'L2', 'X9', 'T2', 'QUIT' }
local BAD = 11 -- 0-based line of X9
local buf = open('first.pousse', lines)
vim.wait(timeout_ms, function()
  return error_at(buf, BAD) ~= nil
end, 50)
local bad = error_at(buf, BAD)
if ok(bad ~= nil, 'the error at X9 published', vim.inspect(vim.diagnostic.get(buf))) then
  local shown
  vim.wait(timeout_ms, function()
    shown = virt_texts(buf, BAD)
    return any_contains(shown, bad.message)
  end, 50)
  ok(any_contains(shown, bad.message), 'the error text is on screen: an extmark with virtual text on the X9 line',
    'message: ' .. bad.message .. '\nvirtual texts on the line: ' .. vim.inspect(shown))
end

ok(vim.bo[buf].omnifunc == 'v:lua.vim.lsp.omnifunc', "'omnifunc' is the LSP one (CTRL-X CTRL-O completes)", vim.bo[buf].omnifunc)
ok(vim.bo[buf].tagfunc == 'v:lua.vim.lsp.tagfunc', "'tagfunc' is the LSP one (CTRL-] goes to the definition)", vim.bo[buf].tagfunc)
ok(vim.bo[buf].formatexpr == 'v:lua.vim.lsp.formatexpr()', "'formatexpr' is the LSP one (gq formats)", vim.bo[buf].formatexpr)

if has_010 then
  ok(vim.lsp.inlay_hint.is_enabled({ bufnr = buf }), 'inlay hints are enabled in the buffer')
  local labels
  vim.wait(timeout_ms, function()
    labels = {}
    for _, h in ipairs(vim.lsp.inlay_hint.get({ bufnr = buf })) do
      local l = h.inlay_hint.label
      if type(l) == 'table' then
        local parts = {}
        for _, p in ipairs(l) do
          table.insert(parts, p.value)
        end
        l = table.concat(parts)
      end
      table.insert(labels, string.format('%d: %s', h.inlay_hint.position.line, l))
    end
    return any_contains(labels, '7: ⟵ X WINS')
  end, 50)
  ok(any_contains(labels, '7: ⟵ X WINS'), 'the inlay hints hold the verdict after move 7 (line 8)', vim.inspect(labels))
else
  ok(vim.lsp.inlay_hint == nil, 'no inlay hints before 0.10 (nothing to enable)')
end

-- The code lens on game 1's header, drawn by the plugin, run with
-- vim.lsp.codelens.run(): the cursor goes to the winning move, and the
-- lens is drawn again.
local function lens_on(bufnr, lnum)
  for _, t in ipairs(virt_texts(bufnr, lnum)) do
    if t:find('X WINS at move 7', 1, true) then
      return t
    end
  end
end
vim.wait(timeout_ms, function()
  return lens_on(buf, 0) ~= nil
end, 50)
ok(lens_on(buf, 0) ~= nil, 'the code lens on game 1 is drawn, with no refresh called', vim.inspect(virt_texts(buf, 0)))
vim.api.nvim_win_set_cursor(0, { 1, 0 })
vim.lsp.codelens.run()
local cur = vim.api.nvim_win_get_cursor(0)
ok(cur[1] == 8, 'running it puts the cursor on the winning move (line 8)', vim.inspect(cur))
vim.cmd('normal! \27')
vim.wait(timeout_ms, function()
  return lens_on(buf, 0) ~= nil
end, 50)
ok(lens_on(buf, 0) ~= nil, 'the code lens is drawn again after it ran', vim.inspect(virt_texts(buf, 0)))

-- :GamelsFormat: blanks around the moves go, synchronously.
local fbuf = open('format.pousse', { '4', 'L2   ', '  T2', 'L2', 'QUIT' })
vim.wait(timeout_ms, function()
  return #clients_of(fbuf) > 0 and clients_of(fbuf)[1].initialized ~= false
end, 50)
vim.cmd('GamelsFormat')
local got = vim.api.nvim_buf_get_lines(fbuf, 0, -1, false)
ok(vim.deep_equal(got, { '4', 'L2', 'T2', 'L2', 'QUIT' }), ':GamelsFormat formats the buffer', vim.inspect(got))

-- A code action (gra on 0.11, vim.lsp.buf.code_action() before): on the
-- out-of-range move L5 of a 4x4 game, "Change L5 to L4". vim.ui.select
-- picks the first action, as a user would.
local abuf = open('action.pousse', { '4', 'L5', 'QUIT' })
vim.wait(timeout_ms, function()
  return error_at(abuf, 1) ~= nil
end, 50)
ok(error_at(abuf, 1) ~= nil, 'code action: the error at L5 published', vim.inspect(vim.diagnostic.get(abuf)))
local offered = {}
local saved_select = vim.ui.select
vim.ui.select = function(items, opts, on_choice)
  for _, it in ipairs(items) do
    local a = it.action or it[2] or it
    offered[#offered + 1] = a.title or vim.inspect(it)
  end
  on_choice(items[1], 1)
end
vim.api.nvim_win_set_cursor(0, { 2, 0 })
if has_011 then
  vim.cmd('normal gra') -- the default mapping, as typed
else
  vim.lsp.buf.code_action()
end
vim.wait(timeout_ms, function()
  return vim.api.nvim_buf_get_lines(abuf, 1, 2, false)[1] == 'L4'
end, 50)
vim.ui.select = saved_select
ok(vim.api.nvim_buf_get_lines(abuf, 1, 2, false)[1] == 'L4',
  'code action: ' .. (has_011 and 'gra' or 'vim.lsp.buf.code_action()') .. ' changes L5 to L4',
  'offered: ' .. vim.inspect(offered) .. '\nbuffer: ' .. vim.inspect(vim.api.nvim_buf_get_lines(abuf, 0, -1, false)))

-- The options off: a fresh server, setup({ virtual_text = false,
-- inlay_hints = false }); Neovim's own settings stay (virtual text off by
-- default from 0.11, on before).
local ids = {}
for _, c in ipairs(clients_of(buf)) do
  ids[#ids + 1] = c.id
  vim.lsp.stop_client(c.id)
end
vim.wait(timeout_ms, function()
  for _, id in ipairs(ids) do
    if vim.lsp.get_client_by_id(id) ~= nil then
      return false
    end
  end
  return true
end, 50)
for _, b in ipairs({ buf, fbuf, abuf }) do
  vim.cmd('bwipeout! ' .. b)
end
local user_attach = {}
require('gamels').setup({ virtual_text = false, inlay_hints = false, codelens = false, on_attach = function(client, bufnr)
  user_attach[#user_attach + 1] = { name = client.name, bufnr = bufnr, omnifunc = vim.bo[bufnr].omnifunc }
end })
local obuf = open('off.pousse', lines)
vim.wait(timeout_ms, function()
  return error_at(obuf, BAD) ~= nil
end, 50)
ok(error_at(obuf, BAD) ~= nil, 'options off: the error is still published')
ok(#user_attach == 1 and user_attach[1].name == 'gamels' and user_attach[1].bufnr == obuf
  and user_attach[1].omnifunc == 'v:lua.vim.lsp.omnifunc', "the user's on_attach runs once, after the plugin's",
  vim.inspect(user_attach))
vim.wait(200)
local vt = any_contains(virt_texts(obuf, BAD), 'X9')
if has_011 then
  ok(not vt, 'options off: no virtual text on 0.11 (its default)', vim.inspect(virt_texts(obuf, BAD)))
else
  ok(vt, 'options off: virtual text as before 0.11 (its default)', vim.inspect(virt_texts(obuf, BAD)))
end
if has_010 then
  ok(not vim.lsp.inlay_hint.is_enabled({ bufnr = obuf }), 'options off: inlay hints not enabled')
end
vim.wait(1000)
ok(lens_on(obuf, 0) == nil, 'options off: no code lens drawn (codelens = false)', vim.inspect(virt_texts(obuf, 0)))

io.stdout:write(string.format('first: %d passed, %d failed\n', passed, failed))
io.stdout:flush()
if failed > 0 then
  vim.cmd('cquit 1')
end
vim.cmd('qall!')
