-- Tests of the start strategies of require('gamels').setup() that the
-- Neovim running the test may not have: vim.lsp.config/enable (0.11+) and
-- vim.lsp.start (0.8+) are replaced by recorders, so the calls the plugin
-- makes are checked on any Neovim. The real start on the running Neovim is
-- what e2e.lua tests. Exits 0 when all checks hold.

local failures, checks = 0, 0
local function check(cond, what, detail)
  checks = checks + 1
  if not cond then
    failures = failures + 1
    io.stderr:write('FAIL dispatch: ' .. what .. (detail and (': ' .. detail) or '') .. '\n')
  end
end

local tmp = vim.fn.tempname()
vim.fn.mkdir(tmp .. '/proj/.git', 'p')
vim.fn.mkdir(tmp .. '/proj/sub', 'p')
-- An executable stand-in for the binary: setup checks executability.
local fake = tmp .. '/gamels'
vim.fn.writefile({ '#!/bin/sh', 'exit 0' }, fake)
vim.fn.setfperm(fake, 'rwxr-xr-x')

local function fresh()
  package.loaded['gamels'] = nil
  return require('gamels')
end

-- 1. method 'config': vim.lsp.config('gamels', conf) then vim.lsp.enable('gamels').
do
  local got_name, got_conf, enabled
  local saved_config, saved_enable = vim.lsp.config, vim.lsp.enable
  vim.lsp.config = setmetatable({}, {
    __call = function(_, name, conf)
      got_name, got_conf = name, conf
    end,
  })
  vim.lsp.enable = function(name)
    enabled = name
  end
  local g = fresh()
  g.setup({ cmd = { fake, 'serve' }, rules = 'icfp', verdicts = 'hint', analysis = false, analysis_depth = 4, method = 'config' })
  check(got_name == 'gamels', 'config: vim.lsp.config called for gamels', tostring(got_name))
  check(enabled == 'gamels', 'config: vim.lsp.enable("gamels") called', tostring(enabled))
  if got_conf then
    check(vim.deep_equal(got_conf.cmd, { fake, 'serve' }), 'config: cmd', vim.inspect(got_conf.cmd))
    check(vim.deep_equal(got_conf.filetypes, { 'pousse', 'spot', 'path' }), 'config: filetypes', vim.inspect(got_conf.filetypes))
    local want = { gamels = { pousse = { rules = 'icfp' }, diagnostics = { verdicts = 'hint' },
      analysis = { enabled = false, depth = 4 } } }
    check(vim.deep_equal(got_conf.init_options, want), 'config: init_options carry the rules', vim.inspect(got_conf.init_options))
    check(vim.deep_equal(got_conf.settings, want), 'config: settings carry the rules', vim.inspect(got_conf.settings))
    check(got_conf.name == nil, 'config: no name field (the config name is the name)')
    check(type(got_conf.root_dir) == 'function', 'config: root_dir is a function')
    -- root_dir(bufnr, on_dir): the directory holding .git above the file.
    vim.cmd('edit ' .. tmp .. '/proj/sub/a.pousse')
    local root
    got_conf.root_dir(vim.api.nvim_get_current_buf(), function(d)
      root = d
    end)
    check(root == vim.fn.resolve(tmp .. '/proj') or root == tmp .. '/proj', 'config: root_dir finds the .git directory', tostring(root))
    -- The prerelease form root_dir(on_dir).
    local root2
    got_conf.root_dir(function(d)
      root2 = d
    end)
    check(root2 == root, 'config: root_dir(on_dir) works too', tostring(root2))
    vim.cmd('bwipeout!')
    -- set_rules updates the config for servers started later.
    g.set_rules('contest')
    check(got_conf and vim.deep_equal(got_conf.init_options, { gamels = { pousse = { rules = 'contest' }, diagnostics = { verdicts = 'hint' },
      analysis = { enabled = false, depth = 4 } } }),
      'config: set_rules updates the registered config', vim.inspect(got_conf))
  end
  vim.lsp.config, vim.lsp.enable = saved_config, saved_enable
end

-- 2. method 'start': a FileType autocmd calls vim.lsp.start(conf, { bufnr = b }).
do
  local calls = {}
  local saved = vim.lsp.start
  vim.lsp.start = function(conf, opts)
    table.insert(calls, { conf = conf, opts = opts })
    return 1
  end
  local g = fresh()
  g.setup({ cmd = { fake, 'serve' }, method = 'start' })
  vim.fn.writefile({ '2', '1 1 +', '0' }, tmp .. '/b.spot')
  vim.cmd('edit ' .. tmp .. '/b.spot')
  local buf = vim.api.nvim_get_current_buf()
  check(#calls == 1, 'start: vim.lsp.start called once on opening a .spot file', tostring(#calls))
  if calls[1] then
    local c = calls[1]
    check(c.conf.name == 'gamels', 'start: name gamels', tostring(c.conf.name))
    check(vim.deep_equal(c.conf.cmd, { fake, 'serve' }), 'start: cmd', vim.inspect(c.conf.cmd))
    check(c.opts and c.opts.bufnr == buf, 'start: bufnr of the opened buffer', vim.inspect(c.opts))
    check(c.conf.root_dir == tmp, 'start: root_dir is the file directory without .git', tostring(c.conf.root_dir))
    check(vim.deep_equal(c.conf.init_options, { gamels = { pousse = { rules = 'contest' }, diagnostics = { verdicts = 'information' },
      analysis = { enabled = true, depth = 6 } } }), 'start: default rules contest, verdicts information, analysis on at depth 6', vim.inspect(c.conf.init_options))
  end
  vim.cmd('enew')
  vim.bo.filetype = 'lua'
  check(#calls == 1, 'start: no start for other filetypes', tostring(#calls))
  vim.lsp.start = saved
end

-- 3. setup with opts.cmd as a string, and bad rules.
do
  local g = fresh()
  local notes = {}
  local saved_notify = vim.notify
  vim.notify = function(m)
    table.insert(notes, m)
  end
  local saved_start = vim.lsp.start
  vim.lsp.start = function() end
  g.setup({ cmd = fake, rules = 'fastest', method = 'start' })
  vim.wait(200, function()
    return #notes > 0
  end, 10)
  check(vim.deep_equal(g.config.cmd, { fake, 'serve' }), 'a string cmd gets serve appended', vim.inspect(g.config.cmd))
  check(g.config.rules == 'contest', 'unknown rules fall back to contest', tostring(g.config.rules))
  check(#notes == 1 and notes[1]:find('fastest', 1, true) ~= nil, 'unknown rules are reported', vim.inspect(notes))
  vim.notify = saved_notify
  vim.lsp.start = saved_start
end

vim.fn.delete(tmp, 'rf')
if failures > 0 then
  io.stderr:write(string.format('dispatch: %d of %d checks failed\n', failures, checks))
  vim.cmd('cquit 1')
end
io.stdout:write(string.format('dispatch: %d checks passed\n', checks))
vim.cmd('qall!')
