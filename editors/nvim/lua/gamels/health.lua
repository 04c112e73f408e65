-- :checkhealth gamels: the server binary, its path and version, whether
-- it is the one the install command builds (install.lua), the clients
-- running and the buffers they are attached to, the Pousse rules.
-- Works with vim.health (0.8+: start/ok/warn/error/info, or the report_*
-- names of 0.8-0.9) and with the health module of 0.7 (report_*).
local M = {}

local function reporter()
  local h = vim.health
  if h == nil or (h.start == nil and h.report_start == nil) then
    h = require('health')
  end
  return {
    start = h.start or h.report_start,
    ok = h.ok or h.report_ok,
    warn = h.warn or h.report_warn,
    error = h.error or h.report_error,
    info = h.info or h.report_info,
  }
end

local function gamels_clients()
  local all = vim.lsp.get_clients and vim.lsp.get_clients() or vim.lsp.get_active_clients()
  local out = {}
  for _, c in ipairs(all) do
    if c.name == 'gamels' then
      table.insert(out, c)
    end
  end
  return out
end

-- The server command: the running client's, else setup()'s, else the
-- vim.lsp.config one (lsp/gamels.lua), else the default.
local function server_cmd(clients)
  if clients[1] and type(clients[1].config.cmd) == 'table' then
    return clients[1].config.cmd, 'the running client'
  end
  local g = package.loaded['gamels']
  if g and g.method ~= nil and g.config and type(g.config.cmd) == 'table' then
    return g.config.cmd, "require('gamels').setup()"
  end
  if vim.fn.has('nvim-0.11') == 1 and vim.lsp.config then
    local ok, conf = pcall(function()
      return vim.lsp.config.gamels
    end)
    if ok and conf and type(conf.cmd) == 'table' then
      return conf.cmd, "vim.lsp.config('gamels')"
    end
  end
  return { 'gamels', 'serve' }, 'the default'
end

local function rules_of(clients)
  local c = clients[1]
  local s = c and (c.config.settings or c.config.init_options)
  local r = s and s.gamels and s.gamels.pousse and s.gamels.pousse.rules
  if r then
    return r, 'the running client'
  end
  local g = package.loaded['gamels']
  if g and g.config and g.config.rules then
    return g.config.rules, "require('gamels') options"
  end
  return 'contest', 'the default'
end

function M.check()
  local r = reporter()
  r.start('gamels')
  local clients = gamels_clients()

  local cmd, from = server_cmd(clients)
  local bin = cmd[1]
  local install = require('gamels.install')
  if type(bin) ~= 'string' or vim.fn.executable(bin) ~= 1 then
    r.error(string.format('the server binary %q is not an executable (from %s)', tostring(bin), from), {
      install.advice(type(bin) == 'string' and bin or ''),
    })
  else
    local path = vim.fn.exepath(bin)
    r.ok(string.format('binary: %s (from %s)', path, from))
    local out = vim.fn.system({ path, 'version' })
    local line = vim.split(out or '', '\n')[1] or ''
    if vim.v.shell_error == 0 and line:match('^gamels ') then
      r.ok('version: ' .. line)
    else
      r.warn(string.format('`%s version` failed: %s', path, vim.trim(out or '')), {
        'An older gamels has no version command: ' .. install.command .. ' in a checkout of gamels',
      })
    end
    -- A bare name is looked up on PATH: is it the binary the install
    -- command builds?
    if not bin:find('/', 1, true) then
      local built, there = install.installed()
      if there and install.same_file(path, built) then
        r.ok(string.format('it is the one `%s` installs', install.command))
      elseif there then
        r.warn(string.format('%s, first on PATH, is not %s, the one `%s` installs', path, built, install.command), {
          string.format('Remove %s, or put %s before %s on PATH', path, vim.fn.fnamemodify(built, ':h'),
            vim.fn.fnamemodify(path, ':h')),
        })
      else
        r.warn(string.format('%s is not the one `%s` installs (%s, not there)', path, install.command, built), {
          string.format('In a checkout of gamels: %s, and put %s on PATH', install.command, vim.fn.fnamemodify(built, ':h')),
        })
      end
    end
  end

  if #clients == 0 then
    r.info('no gamels client is running (open a .pousse, .spot or .path file)')
  end
  for _, c in ipairs(clients) do
    local bufs = {}
    for b, _ in pairs(c.attached_buffers or {}) do
      table.insert(bufs, string.format('%d (%s)', b, vim.fn.fnamemodify(vim.api.nvim_buf_get_name(b), ':t')))
    end
    table.sort(bufs)
    local stopped = c.is_stopped and ((vim.fn.has('nvim-0.11') == 1 and c:is_stopped()) or (vim.fn.has('nvim-0.11') == 0 and c.is_stopped()))
    if stopped then
      r.warn(string.format('client %d has stopped', c.id))
    elseif #bufs == 0 then
      r.warn(string.format('client %d is running but attached to no buffer', c.id))
    else
      local root = c.config.root_dir
      if root == nil then
        root = '(none: no .git above the file)'
      end
      r.ok(string.format('client %d attached to buffers %s, root %s', c.id, table.concat(bufs, ', '), root))
    end
  end

  local rules, rfrom = rules_of(clients)
  if rules == 'contest' or rules == 'icfp' then
    r.ok(string.format('rules: %s (from %s); a file\'s own "# rules:" line wins', rules, rfrom))
  else
    r.error(string.format('rules: %q (from %s) is neither contest nor icfp', tostring(rules), rfrom))
  end
end

return M
