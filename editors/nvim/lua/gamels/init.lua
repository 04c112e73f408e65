-- gamels: Neovim integration of the gamels language server for Pousse
-- (.pousse), Spot (.spot) and PATH (.path) game transcripts.
--
--   require('gamels').setup({
--     cmd = { 'gamels', 'serve' },  -- the server command (default)
--     rules = 'contest',            -- Pousse rules: 'contest' or 'icfp'
--     verdicts = 'information',     -- verdict diagnostics: 'information', 'hint' or 'off'
--     analysis = true,              -- the engine's annotations; analysis_depth = 6
--     virtual_text = true,          -- diagnostics' text at the end of the line
--     inlay_hints = true,           -- move numbers, verdicts, annotations inline (0.10+)
--     codelens = true,              -- each game's verdict on its first line
--     expected_output = nil,        -- gamels.expectedOutput: the expected output's path
--   })
--
-- :GamelsBoard draws the board at the cursor in a side window; ]m and [m
-- step through the moves (lua/gamels/board.lua), ]a and [a through the
-- annotated ones (lua/gamels/annotated.lua); :GamelsEngine X|O|off plays
-- against the engine (lua/gamels/engine.lua). :GamelsFormat formats.
--
-- Works on Neovim 0.7 through the current release: vim.lsp.config and
-- vim.lsp.enable where they exist (0.11+), vim.lsp.start on 0.8-0.10,
-- vim.lsp.start_client with vim.lsp.buf_attach_client on 0.7.

local M = {}

M.filetypes = { 'pousse', 'spot', 'path' }

local function is_gamels_ft(ft)
  return vim.tbl_contains(M.filetypes, ft)
end

local defaults = {
  cmd = { 'gamels', 'serve' },
  rules = 'contest',
  -- gamels.diagnostics.verdicts: 'information', 'hint' or 'off'.
  verdicts = 'information',
  -- gamels.analysis.enabled and gamels.analysis.depth: the engine's
  -- annotations (missed wins, blunders) in the background.
  analysis = true,
  analysis_depth = 6,
  -- The gamels diagnostics' text at the end of their line (Neovim 0.11
  -- turned virtual text off by default): true, false (Neovim's own
  -- setting stays), or a table for vim.diagnostic.config's virtual_text.
  virtual_text = true,
  -- Inlay hints (0.10+): move numbers, verdicts and annotations inline.
  inlay_hints = true,
  -- Code lenses (each game's verdict on its first line) drawn and kept
  -- up to date: asked for on attach, BufEnter, InsertLeave, CursorHold.
  codelens = true,
  -- gamels.expectedOutput: the file a transcript's verdicts are compared
  -- with, relative to its directory, ${name} its name without extension;
  -- nil: NAME.expected.out, else NAME.out, beside it.
  expected_output = nil,
  -- Passed through to the client when set.
  on_attach = nil,
  capabilities = nil,
  -- Force a start strategy: 'config' (vim.lsp.config/enable), 'start'
  -- (vim.lsp.start) or 'start_client' (0.7 API). nil picks the newest the
  -- running Neovim has.
  method = nil,
}

M.config = vim.deepcopy(defaults)

local has_011 = vim.fn.has('nvim-0.11') == 1

-- The settings the server reads, as initializationOptions and as the
-- settings of workspace/didChangeConfiguration.
local function server_settings(rules)
  return { gamels = { pousse = { rules = rules }, diagnostics = { verdicts = M.config.verdicts },
    analysis = { enabled = M.config.analysis ~= false, depth = M.config.analysis_depth },
    expectedOutput = M.config.expected_output } } -- nil: absent, the server's default
end

local function notify(msg, level)
  vim.schedule(function()
    vim.notify(msg, level or vim.log.levels.ERROR)
  end)
end

local warned_missing = false

-- check_cmd reports, once, a server binary that cannot be executed.
local function check_cmd(cmd)
  if vim.fn.executable(cmd[1]) == 1 then
    return true
  end
  if not warned_missing then
    warned_missing = true
    notify(string.format('gamels: cannot start the language server: %q is not an executable (not found on PATH?). %s.',
      cmd[1], require('gamels.install').advice(cmd[1])))
  end
  return false
end

-- pick_method names the newest start strategy this Neovim has.
local function pick_method()
  local lsp = vim.lsp
  -- 0.11 brought vim.lsp.config; some plugins define vim.lsp.enable on
  -- older releases, so the version is checked too.
  if has_011 and type(lsp.enable) == 'function' and lsp.config ~= nil then
    return 'config'
  end
  if type(lsp.start) == 'function' then
    return 'start'
  end
  return 'start_client'
end

-- root_dir is the directory holding the nearest .git above the buffer's
-- file, or the file's own directory.
local function root_dir(bufnr)
  local name = vim.api.nvim_buf_get_name(bufnr)
  local dir = name ~= '' and vim.fn.fnamemodify(name, ':p:h') or vim.fn.getcwd()
  local git = vim.fn.finddir('.git', dir .. ';')
  if git == '' then
    git = vim.fn.findfile('.git', dir .. ';')
  end
  if git ~= '' then
    return vim.fn.fnamemodify(git, ':p:h:h')
  end
  return dir
end

-- Client methods are called with ':' from 0.11 on; '.' before.
local function client_notify(client, method, params)
  if has_011 then
    return client:notify(method, params)
  end
  return client.notify(method, params)
end

local function client_stopped(client)
  if has_011 then
    return client:is_stopped()
  end
  return client.is_stopped()
end

-- byte_col turns an LSP character offset in line into a byte column.
local function byte_col(line, character, encoding)
  if encoding == 'utf-8' then
    return math.min(character, #line)
  end
  local ok, col
  if has_011 then
    ok, col = pcall(vim.str_byteindex, line, encoding, character, false)
  else
    ok, col = pcall(vim.str_byteindex, line, character, encoding == 'utf-16')
  end
  if not ok then
    return math.min(character, #line)
  end
  return col
end

M.byte_col = byte_col

-- reveal_move is the client side of the server's code lens command
-- gamels.revealMove, arguments { uri, range }: jump to the ending move and
-- select it.
local function reveal_move(command, ctx)
  local args = command.arguments or {}
  local uri, range = args[1], args[2]
  if type(uri) ~= 'string' or type(range) ~= 'table' or type(range.start) ~= 'table' or type(range['end']) ~= 'table' then
    notify('gamels.revealMove: expected the arguments { uri, range }')
    return
  end
  local client = ctx and ctx.client_id and vim.lsp.get_client_by_id(ctx.client_id)
  local encoding = client and client.offset_encoding or 'utf-16'
  local bufnr = vim.uri_to_bufnr(uri)
  vim.fn.bufload(bufnr)
  vim.bo[bufnr].buflisted = true
  vim.api.nvim_win_set_buf(0, bufnr)
  local function to_pos(p)
    local line = vim.api.nvim_buf_get_lines(bufnr, p.line, p.line + 1, false)[1] or ''
    return { p.line + 1, byte_col(line, p.character, encoding) }
  end
  local s, e = to_pos(range.start), to_pos(range['end'])
  vim.api.nvim_win_set_cursor(0, s)
  if e[1] > s[1] or e[2] > s[2] then
    -- Select the move, from its first to its last character.
    vim.cmd('normal! v')
    vim.api.nvim_win_set_cursor(0, { e[1], math.max(e[2] - 1, 0) })
  end
  vim.cmd('normal! zv')
  -- vim.lsp.codelens.run() clears the lens it runs and draws the lenses
  -- again only after a command the server runs, not after one the client
  -- runs, as this one: ask for them again. (0.7-0.9 refresh the current
  -- buffer, which is the transcript now.)
  if vim.lsp.codelens and vim.lsp.codelens.refresh then
    pcall(vim.lsp.codelens.refresh, { bufnr = bufnr })
  end
end

M.reveal_move = reveal_move

local function supports(client, method)
  if has_011 then
    return client:supports_method(method)
  end
  return client.supports_method(method)
end

-- diagnostic_namespace is the namespace of the client's published
-- diagnostics (0.10+ take is_pull; 0.7 has only the one argument).
local function diagnostic_namespace(client)
  local ok, ns = pcall(vim.lsp.diagnostic.get_namespace, client.id, false)
  return ok and ns or nil
end

-- inlay_hints_on enables the server's inlay hints in bufnr where Neovim
-- has them (0.10+) and the options ask for them; it reports whether it
-- did.
local function inlay_hints_on(client, bufnr)
  local ih = vim.lsp.inlay_hint
  if not M.config.inlay_hints or type(ih) ~= 'table' or type(ih.enable) ~= 'function'
    or not supports(client, 'textDocument/inlayHint') then
    return false
  end
  return (pcall(ih.enable, true, { bufnr = bufnr }))
end

local info_group = nil
local lens_group = nil

-- codelens_on asks for the code lenses of bufnr now and again when the
-- buffer is entered, after Insert mode and when the cursor rests (as
-- :help vim.lsp.codelens.refresh() suggests); Neovim draws none by itself.
local function codelens_on(client, bufnr)
  if not M.config.codelens or not supports(client, 'textDocument/codeLens') then
    return
  end
  lens_group = lens_group or vim.api.nvim_create_augroup('gamels_codelens', { clear = true })
  local function refresh()
    -- 0.7-0.9 refresh the current buffer, 0.10+ the one named.
    if vim.api.nvim_get_current_buf() == bufnr or vim.fn.has('nvim-0.10') == 1 then
      pcall(vim.lsp.codelens.refresh, { bufnr = bufnr })
    end
  end
  vim.api.nvim_clear_autocmds({ group = lens_group, buffer = bufnr })
  vim.api.nvim_create_autocmd({ 'BufEnter', 'InsertLeave', 'CursorHold' }, {
    group = lens_group,
    buffer = bufnr,
    callback = refresh,
  })
  refresh()
end

-- fence_match hides the ``` lines of a fenced block in window w (the
-- completion's preview window), which shows the documentation as plain
-- text: conceal by a match, no change to the text.
local function fence_match(w)
  if vim.w[w].gamels_fence_match then
    return
  end
  local ok = pcall(vim.fn.matchadd, 'Conceal', [[^\s*```.*$]], 10, -1, { window = w, conceal = '' })
  if ok then
    vim.w[w].gamels_fence_match = true
    vim.wo[w].conceallevel = 2
    vim.wo[w].concealcursor = 'n'
  end
end

-- markdown_info draws the completion items' documentation (markdown: the
-- board in a fenced block) without its fences. Neovim puts the text in
-- as it is: in 0.11's info popup ('completeopt' popup, its default) the
-- markdown parser and conceal draw it, as in the hover window; in the
-- preview window ('completeopt' preview, the default before 0.11) the
-- fence lines are concealed.
local function markdown_info(bufnr)
  if vim.fn.exists('##CompleteChanged') == 0 then
    return
  end
  info_group = info_group or vim.api.nvim_create_augroup('gamels_info', { clear = true })
  vim.api.nvim_clear_autocmds({ group = info_group, buffer = bufnr })
  vim.api.nvim_create_autocmd('CompleteChanged', {
    group = info_group,
    buffer = bufnr,
    callback = function()
      local info = vim.fn.complete_info({ 'selected' })
      local b, w = info.preview_bufnr, info.preview_winid
      if type(b) == 'number' and type(w) == 'number' and vim.api.nvim_buf_is_valid(b)
        and vim.api.nvim_win_is_valid(w) then
        if vim.treesitter.highlighter.active[b] or pcall(vim.treesitter.start, b, 'markdown') then
          vim.wo[w].conceallevel = 2
          vim.wo[w].concealcursor = 'n'
        else
          fence_match(w)
        end
      end
      -- The preview window is opened or filled after this event.
      vim.schedule(function()
        for _, pw in ipairs(vim.api.nvim_tabpage_list_wins(0)) do
          if vim.wo[pw].previewwindow then
            fence_match(pw)
          end
        end
      end)
    end,
  })
end

--- on_attach sets up a buffer the gamels client attached to: 'omnifunc'
--- (completion with CTRL-X CTRL-O; Neovim sets it itself from 0.8),
--- 'tagfunc' (CTRL-] goes to the definition) and 'formatexpr' (gq) when
--- empty; the inlay hints (0.10+), the diagnostics' virtual text and the
--- code lenses, per the options. setup() runs it before the on_attach it
--- was given; call it from an on_attach of yours that replaces
--- lsp/gamels.lua's.
function M.on_attach(client, bufnr)
  if not is_gamels_ft(vim.bo[bufnr].filetype) then
    return -- an expected output (attach_expected): its text only
  end
  M.attach_expected(nil, client)
  local bo = vim.bo[bufnr]
  if bo.omnifunc == '' and supports(client, 'textDocument/completion') then
    bo.omnifunc = 'v:lua.vim.lsp.omnifunc'
  end
  if bo.tagfunc == '' and supports(client, 'textDocument/definition') then
    bo.tagfunc = 'v:lua.vim.lsp.tagfunc'
  end
  if bo.formatexpr == '' and bo.formatprg == '' and supports(client, 'textDocument/rangeFormatting') then
    bo.formatexpr = 'v:lua.vim.lsp.formatexpr()'
  end
  if supports(client, 'textDocument/completion') then
    markdown_info(bufnr)
  end
  codelens_on(client, bufnr)
  local hints = inlay_hints_on(client, bufnr)
  local vt = M.config.virtual_text
  local ns = diagnostic_namespace(client)
  if vt ~= false and ns then
    if vt == true and hints then
      -- The verdicts and the annotations are inlay hints too, on the same
      -- line: the text at the end of the line is left to the errors.
      vt = { severity = { min = vim.diagnostic.severity.WARN } }
    end
    vim.diagnostic.config({ virtual_text = vt }, ns)
  end
end

--- format formats the current buffer with the server, synchronously:
--- vim.lsp.buf.format() from 0.8, vim.lsp.buf.formatting_sync() on 0.7
--- (:GamelsFormat).
function M.format()
  local bufnr = vim.api.nvim_get_current_buf()
  if vim.lsp.buf.format then
    vim.lsp.buf.format({ bufnr = bufnr, name = 'gamels', async = false, timeout_ms = 5000 })
  else
    vim.lsp.buf.formatting_sync(nil, 5000)
  end
end

-- client_capabilities are the options' capabilities (or Neovim's),
-- with experimental.gamelsAnnotated: the server then says when an
-- annotation job finished (gamels/annotated), and the board's values
-- are asked again (lua/gamels/engine.lua).
local function client_capabilities(caps)
  caps = vim.deepcopy(caps or vim.lsp.protocol.make_client_capabilities())
  caps.experimental = type(caps.experimental) == 'table' and caps.experimental or {}
  caps.experimental.gamelsAnnotated = true
  return caps
end
M.client_capabilities = client_capabilities

--- handlers are the client's handlers of the server's own
--- notifications: gamels/annotated (an annotation job finished: the
--- board's values are asked again, lua/gamels/engine.lua).
function M.handlers()
  return {
    ['gamels/annotated'] = function(...)
      return require('gamels.engine').annotated(...)
    end,
  }
end

local function client_config(bufnr)
  local cfg = M.config
  return {
    name = 'gamels',
    cmd = cfg.cmd,
    root_dir = bufnr and root_dir(bufnr) or nil,
    init_options = server_settings(cfg.rules),
    settings = server_settings(cfg.rules),
    on_attach = function(client, bufnr)
      M.on_attach(client, bufnr)
      if cfg.on_attach and is_gamels_ft(vim.bo[bufnr].filetype) then
        cfg.on_attach(client, bufnr)
      end
    end,
    capabilities = client_capabilities(cfg.capabilities),
    handlers = M.handlers(),
  }
end

-- Clients started with the 0.7 API, by root directory.
local legacy_clients = {}

local function start_legacy(bufnr)
  local conf = client_config(bufnr)
  local id = legacy_clients[conf.root_dir]
  local existing = id and vim.lsp.get_client_by_id(id)
  if not existing or client_stopped(existing) then
    id = vim.lsp.start_client(conf)
    if id == nil then
      notify('gamels: the language server failed to start: ' .. table.concat(conf.cmd, ' '))
      return
    end
    legacy_clients[conf.root_dir] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
end

-- attach starts (or reuses) the server for one buffer, with the 0.7-0.10
-- APIs. With vim.lsp.enable, Neovim does this itself.
function M.attach(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  if vim.bo[bufnr].buftype ~= '' then
    return
  end
  if not check_cmd(M.config.cmd) then
    return
  end
  local method = M.config.method or pick_method()
  if method == 'start' then
    vim.lsp.start(client_config(bufnr), { bufnr = bufnr })
  else
    start_legacy(bufnr)
  end
end

local augroup = nil

-- is_expected_name reports whether a buffer's file may be a transcript's
-- expected output: a .out file, or the file expected_output names.
local function is_expected_name(name)
  if name:match('%.out$') then
    return true
  end
  local setting = M.config.expected_output
  if type(setting) ~= 'string' or setting == '' then
    return false
  end
  local parts = vim.split(vim.fn.fnamemodify(setting, ':t'), '${name}', { plain = true })
  for i, p in ipairs(parts) do
    parts[i] = vim.pesc(p)
  end
  return vim.fn.fnamemodify(name, ':t'):match('^' .. table.concat(parts, '.*') .. '$') ~= nil
end

--- attach_expected attaches the running gamels clients (or client) to
--- the loaded buffers of expected outputs (bufnr, or all of them), so
--- that the server compares a transcript with the text being edited, not
--- only the file on disk. The server gives these buffers no diagnostics;
--- on_attach leaves them alone.
function M.attach_expected(bufnr, client)
  local clients = client and { client } or M.clients()
  local bufs = bufnr and { bufnr } or vim.api.nvim_list_bufs()
  for _, b in ipairs(bufs) do
    if vim.api.nvim_buf_is_loaded(b) and vim.bo[b].buftype == ''
      and is_expected_name(vim.api.nvim_buf_get_name(b)) then
      for _, c in ipairs(clients) do
        if not client_stopped(c) then
          pcall(vim.lsp.buf_attach_client, b, c.id)
        end
      end
    end
  end
end


--- setup configures and enables the server for the three filetypes.
--- opts: cmd (list, default { 'gamels', 'serve' }), rules ('contest' or
--- 'icfp'), verdicts ('information', 'hint' or 'off'), analysis,
--- analysis_depth, virtual_text, inlay_hints, codelens, on_attach,
--- capabilities, method.
function M.setup(opts)
  opts = opts or {}
  warned_missing = false
  M.config = vim.tbl_deep_extend('force', vim.deepcopy(defaults), opts)
  if opts.cmd ~= nil then
    M.config.cmd = opts.cmd -- a list: replace, do not merge
  end
  if type(M.config.cmd) == 'string' then
    M.config.cmd = { M.config.cmd, 'serve' }
  end
  if M.config.rules ~= 'contest' and M.config.rules ~= 'icfp' then
    notify(string.format("gamels: rules must be 'contest' or 'icfp', not %q; using 'contest'", tostring(M.config.rules)))
    M.config.rules = 'contest'
  end
  if not vim.tbl_contains({ 'information', 'hint', 'off' }, M.config.verdicts) then
    notify(string.format("gamels: verdicts must be 'information', 'hint' or 'off', not %q; using 'information'",
      tostring(M.config.verdicts)))
    M.config.verdicts = 'information'
  end
  require('gamels.board').highlights()

  -- Filetype detection also when ftdetect/ was not sourced (a plugin
  -- loaded after startup). vim.filetype.add exists from 0.7 on.
  if vim.filetype and type(vim.filetype.add) == 'function' then
    vim.filetype.add({ extension = { pousse = 'pousse', spot = 'spot', path = 'path' } })
  end

  if vim.lsp.commands then
    vim.lsp.commands['gamels.revealMove'] = reveal_move
  end

  local method = M.config.method or pick_method()
  M.method = method

  local expected_group = vim.api.nvim_create_augroup('gamels_expected', { clear = true })
  vim.api.nvim_create_autocmd({ 'BufReadPost', 'BufNewFile' }, {
    group = expected_group,
    pattern = '*',
    callback = function(ev)
      M.attach_expected(ev.buf)
    end,
  })

  if method == 'config' then
    local conf = client_config(nil)
    conf.name = nil
    -- root_dir(bufnr, on_dir) in releases; a 0.11 prerelease passed only
    -- on_dir.
    conf.root_dir = function(bufnr, on_dir)
      if type(bufnr) == 'function' then
        bufnr(root_dir(vim.api.nvim_get_current_buf()))
      else
        on_dir(root_dir(bufnr))
      end
    end
    conf.filetypes = M.filetypes
    vim.lsp.config('gamels', conf)
    if check_cmd(M.config.cmd) then
      vim.lsp.enable('gamels')
    end
    return
  end

  augroup = vim.api.nvim_create_augroup('gamels', { clear = true })
  vim.api.nvim_create_autocmd('FileType', {
    group = augroup,
    pattern = M.filetypes,
    callback = function(ev)
      M.attach(ev.buf)
    end,
  })
  -- Buffers already open when setup runs.
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and is_gamels_ft(vim.bo[bufnr].filetype) then
      M.attach(bufnr)
    end
  end
end

local function gamels_clients()
  local out = {}
  local all = vim.lsp.get_clients and vim.lsp.get_clients() or vim.lsp.get_active_clients()
  for _, c in ipairs(all) do
    if c.name == 'gamels' then
      table.insert(out, c)
    end
  end
  return out
end

M.clients = gamels_clients

--- set_rules changes the Pousse rules of the running servers (sent as
--- workspace/didChangeConfiguration) and of servers started later.
function M.set_rules(rules)
  if rules ~= 'contest' and rules ~= 'icfp' then
    notify(string.format("gamels: rules must be 'contest' or 'icfp', not %q", tostring(rules)))
    return
  end
  M.config.rules = rules
  if M.method == 'config' then
    -- For the servers vim.lsp.enable starts from now on.
    vim.lsp.config('gamels', { init_options = server_settings(rules), settings = server_settings(rules) })
  end
  for _, c in ipairs(gamels_clients()) do
    c.config.settings = server_settings(rules)
    client_notify(c, 'workspace/didChangeConfiguration', { settings = server_settings(rules) })
  end
end

return M
