-- :checkhealth gamels, headless, on any Neovim from 0.7: a missing binary;
-- gamels from PATH (its path and version, and a warning when it is not the
-- one the install command wrote); then with a client attached to a Pousse
-- file (the client, the rules). Run by e2e.sh with GAMELS_BIN and
-- GAMELS_E2E_DIR set and GAMELS_BIN on PATH as gamels.
local bin = os.getenv('GAMELS_BIN')
local dir = os.getenv('GAMELS_E2E_DIR')
local passed, failed = 0, 0
local function ok(cond, what, detail)
  if cond then
    passed = passed + 1
    io.stdout:write('ok   health: ' .. what .. '\n')
  else
    failed = failed + 1
    io.stdout:write('FAIL health: ' .. what .. (detail and ('\n     ' .. detail:gsub('\n', '\n     ')) or '') .. '\n')
  end
end

-- checkhealth runs :checkhealth gamels and returns the report's text.
local function checkhealth()
  local before = vim.api.nvim_get_current_buf()
  vim.cmd('checkhealth gamels')
  local lines = vim.api.nvim_buf_get_lines(0, 0, -1, false)
  local text = table.concat(lines, '\n')
  -- Back to the file, the report's tab or window closed.
  if vim.fn.tabpagenr('$') > 1 then
    vim.cmd('tabclose')
  end
  vim.api.nvim_set_current_buf(before)
  return text
end

local version = vim.trim(vim.fn.system({ bin, 'version' }))
ok(version:match('^gamels ') ~= nil, '`gamels version` prints a version line', version)

-- 1. A binary that does not exist: an error with the advice.
require('gamels').setup({ cmd = { dir .. '/no-such-gamels', 'serve' } })
local text = checkhealth()
ok(text:find('is not an executable', 1, true) ~= nil, 'a missing binary is an error', text)

-- 2. gamels from PATH (e2e.sh puts GAMELS_BIN there as gamels): its path,
-- and whether it is the one `CGO_ENABLED=0 go install ./cmd/gamels` wrote
-- ($(go env GOBIN), set here through the environment).
local path_bin = vim.fn.exepath('gamels')
ok(path_bin ~= '', 'gamels is on PATH for this test')
require('gamels').setup({})
vim.env.GOBIN = vim.fn.fnamemodify(path_bin, ':h')
text = checkhealth()
ok(text:find('binary: ' .. path_bin, 1, true) ~= nil, 'PATH: the path of the binary', text)
ok(text:find('version: ' .. version, 1, true) ~= nil, 'PATH: its version', text)
ok(text:find('it is the one `CGO_ENABLED=0 go install ./cmd/gamels` installs', 1, true) ~= nil,
  'PATH: it is the one the install command wrote', text)
ok(text:find('WARNING', 1, true) == nil, 'PATH: no warning', text)

local other = dir .. '/gobin'
vim.fn.mkdir(other, 'p')
vim.fn.writefile(vim.fn.readfile(bin, 'b'), other .. '/gamels', 'b')
vim.fn.setfperm(other .. '/gamels', 'rwxr-xr-x')
vim.env.GOBIN = other
text = checkhealth()
io.stdout:write('---- :checkhealth gamels, another gamels first on PATH\n' .. text .. '\n----\n')
ok(text:find(path_bin .. ', first on PATH, is not ' .. other .. '/gamels', 1, true) ~= nil,
  'PATH: a warning when the gamels on PATH is not the one the install command wrote', text)
ok(text:find('WARNING', 1, true) ~= nil, 'PATH: it is a warning', text)

vim.env.GOBIN = dir .. '/empty-gobin'
text = checkhealth()
ok(text:find('is not the one `CGO_ENABLED=0 go install ./cmd/gamels` installs (' .. dir .. '/empty-gobin/gamels, not there)', 1, true) ~= nil,
  'PATH: a warning when the install command has not run', text)
vim.env.GOBIN = nil

-- 3. The real binary, a Pousse file open.
require('gamels').setup({ cmd = { bin, 'serve' }, rules = 'icfp' })
local file = dir .. '/health.pousse'
vim.fn.writefile({ '4', 'L2', 'QUIT' }, file)
vim.cmd('edit ' .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
vim.wait(15000, function()
  local cs = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = buf }) or vim.tbl_values(vim.lsp.buf_get_clients(buf))
  return #cs > 0 and cs[1].initialized ~= false and #vim.diagnostic.get(buf) > 0
end, 50)
text = checkhealth()
io.stdout:write('---- :checkhealth gamels\n' .. text .. '\n----\n')
ok(text:find('binary: ' .. bin, 1, true) ~= nil, 'the binary found', text)
ok(text:find('version: ' .. version, 1, true) ~= nil, 'its version: ' .. version)
ok(text:find('attached to buffers %d+ %(health%.pousse%)') ~= nil, 'the client attached to health.pousse')
ok(text:find('rules: icfp', 1, true) ~= nil, 'the rules: icfp')
ok(text:find('ERROR', 1, true) == nil, 'no error reported')

io.stdout:write(string.format('health: %d passed, %d failed\n', passed, failed))
io.stdout:flush()
if failed > 0 then
  vim.cmd('cquit 1')
end
vim.cmd('qall!')
