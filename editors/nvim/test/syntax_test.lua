-- Headless test of filetype detection, ftplugin and syntax highlighting.
-- Run: nvim --headless -u NONE -c "set rtp^=editors/nvim" -c "filetype plugin on" \
--        -c "syntax on" -l ... ; or through test/e2e.sh, which does that.
-- Exits 0 when every check holds, 1 otherwise, naming each failure.

local failures, checks = 0, 0

local function fail(msg)
  failures = failures + 1
  io.stderr:write('FAIL syntax: ' .. msg .. '\n')
end

local tmp = vim.fn.tempname()
vim.fn.mkdir(tmp, 'p')

-- cases: file extension, contents, expected filetype, and a list of
-- { line, text to find on that line, syntax group expected on its first
-- character }.
local cases = {
  {
    ext = 'pousse',
    lines = {
      '# rules: icfp',
      '# rules: fastest',
      '4 # size',
      'L3 R10',
      'T1 B2#c',
      'X9 L2x QUIT',
    },
    expect = {
      { 1, 'rules', 'pousseDirectiveKey' },
      { 1, 'icfp', 'pousseRules' },
      { 2, 'fastest', 'pousseBadRules' },
      { 3, '4', 'pousseNumber' },
      { 3, '# size', 'pousseComment' },
      { 4, 'L3', 'pousseSide' },
      { 4, '3 ', 'pousseIndex' },
      { 4, 'R10', 'pousseSide' },
      { 5, 'T1', 'pousseSide' },
      { 5, 'B2', 'pousseSide' },
      { 5, '#c', 'pousseComment' },
      { 6, 'X9', 'pousseError' },
      { 6, 'L2x', 'pousseError' },
      { 6, 'QUIT', 'pousseQuit' },
    },
  },
  {
    ext = 'spot',
    lines = {
      '2',
      '1 1 +',
      '2 2 -  # off',
      '1 x *',
      '0',
    },
    expect = {
      { 1, '2', 'spotNumber' },
      { 2, '1 1', 'spotNumber' },
      { 2, '+', 'spotPlace' },
      { 3, '-', 'spotRemove' },
      { 3, '# off', 'spotComment' },
      { 4, 'x', 'spotError' },
      { 4, '*', 'spotError' },
      { 5, '0', 'spotEnd' },
    },
  },
  {
    ext = 'path',
    lines = {
      '3',
      '',
      'WBU',
      'UUW # row',
      'BWX',
      '0',
    },
    expect = {
      { 1, '3', 'pathNumber' },
      { 3, 'W', 'pathWhite' },
      { 3, 'B', 'pathBlack' },
      { 3, 'U', 'pathUnfilled' },
      { 4, '# row', 'pathComment' },
      { 5, 'X', 'pathBadCell' },
      { 6, '0', 'pathEnd' },
    },
  },
}

for _, case in ipairs(cases) do
  local file = tmp .. '/t.' .. case.ext
  vim.fn.writefile(case.lines, file)
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  checks = checks + 1
  if vim.bo.filetype ~= case.ext then
    fail(string.format('%s: filetype is %q, want %q', file, vim.bo.filetype, case.ext))
  end
  checks = checks + 1
  if vim.bo.commentstring ~= '# %s' then
    fail(string.format('%s: commentstring is %q, want "# %%s"', file, vim.bo.commentstring))
  end
  for _, e in ipairs(case.expect) do
    local lnum, text, want = e[1], e[2], e[3]
    local line = case.lines[lnum]
    local col = line:find(text, 1, true)
    checks = checks + 1
    if col == nil then
      fail(string.format('%s:%d: %q not on the line', case.ext, lnum, text))
    else
      local got = vim.fn.synIDattr(vim.fn.synID(lnum, col, 1), 'name')
      if got ~= want then
        fail(string.format('%s:%d:%d (%q): syntax group %q, want %q', case.ext, lnum, col, text, got, want))
      end
    end
  end
  vim.cmd('bwipeout!')
end

-- setup with a binary that does not exist: one clear error, no client.
local messages = {}
vim.notify = function(msg, level)
  table.insert(messages, { msg = msg, level = level })
end
require('gamels').setup({ cmd = { tmp .. '/no-such-gamels', 'serve' } })
local file = tmp .. '/missing.pousse'
vim.fn.writefile({ '1', 'L1', 'QUIT' }, file)
vim.cmd('edit ' .. vim.fn.fnameescape(file))
vim.cmd('edit ' .. vim.fn.fnameescape(tmp .. '/t.spot'))
vim.wait(1000, function()
  return #messages > 0
end, 20)
vim.wait(100)
checks = checks + 1
if #messages ~= 1 then
  fail(string.format('missing binary: %d messages, want 1: %s', #messages, vim.inspect(messages)))
else
  local m = messages[1]
  if m.level ~= vim.log.levels.ERROR or not m.msg:find('no-such-gamels', 1, true) or not m.msg:find('cmd =', 1, true) then
    fail('missing binary: unclear message: ' .. vim.inspect(m))
  end
end
checks = checks + 1
local all = vim.lsp.get_clients and vim.lsp.get_clients() or vim.lsp.get_active_clients()
if #all ~= 0 then
  fail(string.format('missing binary: %d clients started, want 0', #all))
end

vim.fn.delete(tmp, 'rf')
if failures > 0 then
  io.stderr:write(string.format('syntax: %d of %d checks failed\n', failures, checks))
  vim.cmd('cquit 1')
end
io.stdout:write(string.format('syntax: %d checks passed\n', checks))
vim.cmd('qall!')
