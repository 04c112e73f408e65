-- Neovim 0.11+: vim.lsp.enable('gamels') with no setup() call uses the
-- plugin's lsp/gamels.lua (cmd `gamels serve` from PATH, the filetypes,
-- the root markers, the settings) and the server attaches to a .pousse
-- file, publishes its diagnostics, and the plugin's on_attach runs (inlay
-- hints, virtual text, omnifunc). e2e.sh puts GAMELS_BIN on PATH as
-- `gamels` for this test.
local dir = os.getenv('GAMELS_E2E_DIR')
local passed, failed = 0, 0
local function ok(cond, what, detail)
  if cond then
    passed = passed + 1
    io.stdout:write('ok   enable: ' .. what .. '\n')
  else
    failed = failed + 1
    io.stdout:write('FAIL enable: ' .. what .. (detail and (': ' .. detail) or '') .. '\n')
  end
end

ok(package.loaded['gamels'] == nil or package.loaded['gamels'].method == nil, 'no setup() call')
local conf = vim.lsp.config.gamels
ok(conf ~= nil, "vim.lsp.config.gamels comes from the runtimepath's lsp/gamels.lua")
if conf then
  ok(vim.deep_equal(conf.cmd, { 'gamels', 'serve' }), 'cmd gamels serve', vim.inspect(conf.cmd))
  ok(vim.deep_equal(conf.filetypes, { 'pousse', 'spot', 'path' }), 'filetypes', vim.inspect(conf.filetypes))
  ok(vim.deep_equal(conf.root_markers, { '.git' }), 'root markers', vim.inspect(conf.root_markers))
  ok(vim.deep_equal(conf.settings, { gamels = { pousse = { rules = 'contest' } } }), 'settings', vim.inspect(conf.settings))
  ok(type(conf.commands['gamels.revealMove']) == 'function', 'the code lens command gamels.revealMove is handled')
end
vim.lsp.enable('gamels')

local file = dir .. '/enable.pousse'
vim.fn.writefile({ '4', 'L2', 'X9', 'QUIT' }, file)
vim.cmd('edit ' .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
ok(vim.bo[buf].filetype == 'pousse', 'filetype pousse', vim.bo[buf].filetype)
vim.wait(15000, function()
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.message:find('X9', 1, true) then
      return true
    end
  end
  return false
end, 50)
local clients = vim.lsp.get_clients({ bufnr = buf, name = 'gamels' })
ok(#clients == 1, 'one gamels client attached', tostring(#clients))
local found
for _, d in ipairs(vim.diagnostic.get(buf)) do
  if d.lnum == 2 and d.severity == vim.diagnostic.severity.ERROR and d.message:find('X9', 1, true) then
    found = d
  end
end
ok(found ~= nil, 'the error at X9 (line 3) published', vim.inspect(vim.diagnostic.get(buf)))
-- lsp/gamels.lua's on_attach: what setup() gives, without setup().
ok(vim.lsp.inlay_hint.is_enabled({ bufnr = buf }), 'inlay hints enabled (the plugin on_attach)')
ok(vim.bo[buf].omnifunc == 'v:lua.vim.lsp.omnifunc', 'omnifunc set', vim.bo[buf].omnifunc)
local vt
vim.wait(5000, function()
  vt = {}
  for _, m in ipairs(vim.api.nvim_buf_get_extmarks(buf, -1, { 2, 0 }, { 2, -1 }, { details = true })) do
    for _, c in ipairs(m[4].virt_text or {}) do
      vt[#vt + 1] = c[1]
    end
  end
  return table.concat(vt):find('X9', 1, true) ~= nil
end, 50)
ok(table.concat(vt):find('X9', 1, true) ~= nil, 'the error text is on screen as virtual text', vim.inspect(vt))

-- :checkhealth gamels: no .git above the file, so no root directory
-- (the root markers find none): said in words, not "root nil".
vim.cmd('checkhealth gamels')
local report = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), '\n')
ok(report:find('root nil', 1, true) == nil and report:find('root (none: no .git above the file)', 1, true) ~= nil,
  'checkhealth: the root outside a git repository is "(none: no .git above the file)"', report)

io.stdout:write(string.format('enable: %d passed, %d failed\n', passed, failed))
io.stdout:flush()
if failed > 0 then
  vim.cmd('cquit 1')
end
vim.cmd('qall!')
