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
--     keymaps = true,               -- ]m [m ]a [a; K and gra where Neovim has none
--     autocomplete = false,         -- 0.11: completion as you type
--     expected_output = nil,        -- gamels.expectedOutput: the expected output's path
--   })
--
-- :GamelsBoard draws the board at the cursor in a side window; ]m and [m
-- step through the moves (lua/gamels/board.lua), ]a and [a through the
-- annotated ones (lua/gamels/annotated.lua); :GamelsEngine X|O|off plays
-- against the engine (lua/gamels/engine.lua). :GamelsFormat formats;
-- :GamelsStop, :GamelsRestart and :GamelsLog work on every version.
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
  -- gamels.engine.level and gamels.engine.time: how well the engine plays
  -- its moves ('easy', 'normal', 'strong'; :GamelsEngineLevel) and its
  -- thinking time a move in ms; nil: the server's (normal, the level's).
  engine_level = nil,
  engine_time = nil,
  -- The gamels diagnostics' text at the end of their line (Neovim 0.11
  -- turned virtual text off by default): true, false (Neovim's own
  -- setting stays), or a table for vim.diagnostic.config's virtual_text.
  virtual_text = true,
  -- Inlay hints (0.10+): move numbers, verdicts and annotations inline.
  inlay_hints = true,
  -- Code lenses (each game's verdict on its first line) drawn and kept
  -- up to date: asked for on attach, BufEnter, InsertLeave, CursorHold
  -- and after changes out of Insert mode.
  codelens = true,
  -- gamels.expectedOutput: the file a transcript's verdicts are compared
  -- with, relative to its directory, ${name} its name without extension;
  -- nil: NAME.expected.out, else NAME.out, beside it.
  expected_output = nil,
  -- The plugin's keys: ]m [m ]a [a in transcripts; K (hover) before
  -- 0.10 and gra (code action) before 0.11, which Neovim maps itself
  -- later; K's hover window with a border on 0.11 when 'winborder' is
  -- empty. false: none of them.
  keymaps = true,
  -- Neovim 0.11's completion as you type (vim.lsp.completion.enable with
  -- autotrigger); false: CTRL-X CTRL-O, or a completion plugin.
  autocomplete = false,
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
    engine = (M.config.engine_level or M.config.engine_time) and { level = M.config.engine_level, time = M.config.engine_time } or nil,
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

-- request_lenses asks client for the code lenses of bufnr and draws them
-- (vim.lsp.codelens.on_codelens): any buffer, where 0.7-0.9's
-- vim.lsp.codelens.refresh asks only for the current one.
local function request_lenses(client, bufnr)
  if client_stopped(client) or not vim.api.nvim_buf_is_loaded(bufnr) then
    return
  end
  local params = { textDocument = { uri = vim.uri_from_bufnr(bufnr) } }
  local function handler(err, result, ctx)
    ctx = ctx or {}
    ctx.bufnr, ctx.client_id = ctx.bufnr or bufnr, ctx.client_id or client.id
    if vim.api.nvim_buf_is_loaded(bufnr) then
      vim.lsp.codelens.on_codelens(err, result, ctx)
    end
  end
  if has_011 then
    client:request('textDocument/codeLens', params, handler, bufnr)
  else
    client.request('textDocument/codeLens', params, handler, bufnr)
  end
end

-- lens_clients are the gamels clients attached to bufnr that give code
-- lenses.
local function lens_clients(bufnr)
  local all = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = bufnr }) or vim.lsp.buf_get_clients(bufnr)
  local out = {}
  for _, c in pairs(all) do
    if c.name == 'gamels' and not client_stopped(c) and supports(c, 'textDocument/codeLens') then
      table.insert(out, c)
    end
  end
  return out
end

-- lens_on_change asks for the code lenses again a moment after every
-- change of bufnr's text out of Insert mode (dd, u, a quick fix,
-- :GamelsFormat, a move played from the board, the engine's reply): the
-- lenses of the lines changed are gone, the others may be stale.
local function lens_on_change(bufnr)
  if vim.b[bufnr].gamels_lens_attached then
    return
  end
  vim.b[bufnr].gamels_lens_attached = true
  local timer = vim.loop.new_timer()
  local ask = vim.schedule_wrap(function()
    -- In Insert mode, InsertLeave asks.
    if vim.api.nvim_buf_is_loaded(bufnr) and M.config.codelens and not vim.fn.mode():match('^[iR]') then
      for _, c in ipairs(lens_clients(bufnr)) do
        request_lenses(c, bufnr)
      end
    end
  end)
  vim.api.nvim_buf_attach(bufnr, false, {
    on_lines = function()
      timer:stop()
      timer:start(200, 0, ask)
    end,
    on_detach = function()
      timer:stop()
      timer:close()
      pcall(function()
        vim.b[bufnr].gamels_lens_attached = nil
      end)
    end,
  })
end

-- codelens_on asks for the code lenses of bufnr now and again when the
-- buffer is entered, after Insert mode, when the cursor rests (as
-- :help vim.lsp.codelens.refresh() suggests) and after changes out of
-- Insert mode; Neovim draws none by itself.
local function codelens_on(client, bufnr)
  if not M.config.codelens or not supports(client, 'textDocument/codeLens') then
    return
  end
  lens_group = lens_group or vim.api.nvim_create_augroup('gamels_codelens', { clear = true })
  vim.api.nvim_clear_autocmds({ group = lens_group, buffer = bufnr })
  vim.api.nvim_create_autocmd({ 'BufEnter', 'InsertLeave', 'CursorHold' }, {
    group = lens_group,
    buffer = bufnr,
    callback = function()
      request_lenses(client, bufnr)
    end,
  })
  lens_on_change(bufnr)
  request_lenses(client, bufnr)
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

-- lsp_keys maps, in bufnr, what Neovim does not map itself on this
-- version: K (hover) before 0.10, gra (code action) before 0.11; on
-- 0.11, K with a border when 'winborder' is empty (the hover's board
-- would float over the text with no edge). A K the user mapped stays.
local function lsp_keys(client, bufnr)
  if M.config.keymaps == false then
    return
  end
  local function set(mode, lhs, desc, fn)
    vim.api.nvim_buf_set_keymap(bufnr, mode, lhs, '', { noremap = true, silent = true, desc = desc, callback = fn })
  end
  -- (0.7 gives an empty dict as { [true] = 6 }: the rhs says whether
  -- there is a mapping.)
  local k_free = vim.api.nvim_buf_call(bufnr, function()
    if vim.fn.maparg('K', 'n') == '' then
      return true
    end
    local desc = vim.fn.maparg('K', 'n', false, true).desc
    return desc == 'vim.lsp.buf.hover()' or desc == 'gamels: hover'
  end)
  if supports(client, 'textDocument/hover') and k_free then
    if has_011 and vim.o.winborder == '' then
      set('n', 'K', 'gamels: hover', function() vim.lsp.buf.hover({ border = 'rounded' }) end)
    elseif vim.fn.has('nvim-0.10') == 0 then
      set('n', 'K', 'gamels: hover', function() vim.lsp.buf.hover() end)
    end
  end
  if not has_011 and supports(client, 'textDocument/codeAction') then
    set('n', 'gra', 'gamels: code action', function() vim.lsp.buf.code_action() end)
    set('x', 'gra', 'gamels: code action', function() vim.lsp.buf.code_action() end)
  end
end

-- is_lens_verdict reports whether d, in bufnr, is a verdict (Information
-- or Hint, no code) on a game's size line while its code lens says the
-- same on that line: every PATH verdict, and a Pousse or Spot game's
-- when it has no move to carry it.
local function is_lens_verdict(bufnr, d)
  if not M.config.codelens or d.code ~= nil or d.severity < vim.diagnostic.severity.INFO then
    return false
  end
  if vim.bo[bufnr].filetype == 'path' then
    return true
  end
  local line = vim.api.nvim_buf_get_lines(bufnr, d.lnum, d.lnum + 1, false)[1]
  return line ~= nil and line:match('^%s*%d+%s*$') ~= nil
end

-- text_handler defines the diagnostics handler gamels_virtual_text:
-- Neovim's virtual text without the verdicts the code lenses show on
-- the same line (vim.diagnostic.config is per namespace, one for all
-- three filetypes). Its option is virtual_text's.
local function text_handler()
  local handlers = vim.diagnostic.handlers
  if handlers.gamels_virtual_text then
    return
  end
  handlers.gamels_virtual_text = {
    show = function(ns, bufnr, diagnostics, opts)
      local keep = {}
      for _, d in ipairs(diagnostics) do
        if not is_lens_verdict(bufnr, d) then
          table.insert(keep, d)
        end
      end
      local o = vim.tbl_extend('force', {}, opts or {})
      o.virtual_text = o.gamels_virtual_text
      handlers.virtual_text.show(ns, bufnr, keep, o)
    end,
    hide = function(ns, bufnr)
      handlers.virtual_text.hide(ns, bufnr)
    end,
  }
  -- 0.10+ turn a new handler on for every namespace: only gamels' own.
  vim.diagnostic.config({ gamels_virtual_text = false })
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
  lsp_keys(client, bufnr)
  if M.config.autocomplete and vim.lsp.completion and type(vim.lsp.completion.enable) == 'function'
    and supports(client, 'textDocument/completion') then
    -- Neovim's autotrigger asks on the server's trigger characters only
    -- (a space): a move starts a line, so its first characters trigger
    -- too (Pousse L R T B, Spot's digits, PATH's W B U).
    local cp = client.server_capabilities.completionProvider
    if type(cp) == 'table' then
      local have = {}
      cp.triggerCharacters = cp.triggerCharacters or {}
      for _, c in ipairs(cp.triggerCharacters) do
        have[c] = true
      end
      for c in ('LRTBWUlrtbwu0123456789'):gmatch('.') do
        if not have[c] then
          table.insert(cp.triggerCharacters, c)
        end
      end
    end
    pcall(vim.lsp.completion.enable, true, client.id, bufnr, { autotrigger = true })
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
    text_handler()
    vim.diagnostic.config({ virtual_text = false, gamels_virtual_text = vt == true and {} or vt }, ns)
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

-- Neovim draws a line's inlay hints once a buffer version (the lines
-- it drew are marked with it), but this server's hints change within a
-- version: the engine's annotations come later, with
-- workspace/inlayHint/refresh. A second answer at the same version is
-- then never painted (neovim#33391: the refresh handler forgets the
-- marks before asking, a redraw in between marks them again). The last
-- answer of each buffer, its version and its hints:
local hint_answers = {}

local function hints_key(result)
  local parts = {}
  for _, h in ipairs(result) do
    local label = h.label
    if type(label) == 'table' then
      local t = {}
      for _, part in ipairs(label) do
        t[#t + 1] = part.value or ''
      end
      label = table.concat(t)
    end
    parts[#parts + 1] = h.position.line .. ':' .. h.position.character .. ':' .. tostring(label)
  end
  return table.concat(parts, '\n')
end

-- inlay_answer is Neovim's textDocument/inlayHint handler, then, when
-- the hints differ from the last answer's at the same version, enables
-- the buffer's hints again: that drops what Neovim drew and asks once
-- more, and that answer is drawn on every line.
local function inlay_answer(err, result, ctx, config)
  local ih = vim.lsp.inlay_hint
  local handler = vim.lsp.handlers['textDocument/inlayHint']
  local r = handler and handler(err, result, ctx, config)
  local bufnr = ctx and ctx.bufnr
  if err or type(result) ~= 'table' or not bufnr or type(ih) ~= 'table' or type(ih.is_enabled) ~= 'function'
    or not vim.api.nvim_buf_is_loaded(bufnr) or not ih.is_enabled({ bufnr = bufnr })
    or vim.lsp.util.buf_versions[bufnr] ~= ctx.version then
    return r
  end
  local key = hints_key(result)
  local last = hint_answers[bufnr]
  local again = last and last.version == ctx.version and last.key ~= key
  -- (At most three times a version: hints that never settle do not
  -- keep the client asking.)
  local n = (last and last.version == ctx.version and last.n or 0) + (again and 1 or 0)
  hint_answers[bufnr] = { version = ctx.version, key = key, n = n }
  if again and n <= 3 then
    pcall(ih.enable, true, { bufnr = bufnr })
  end
  return r
end

-- inlay_refresh answers workspace/inlayHint/refresh (the server sends it
-- when the engine's annotations are ready) by enabling the hints of each
-- buffer again: that forgets what was drawn and asks for the hints.
local function inlay_refresh(err, _, ctx)
  local ih = vim.lsp.inlay_hint
  if err or type(ih) ~= 'table' or type(ih.is_enabled) ~= 'function' then
    return vim.NIL
  end
  local bufs = ctx and ctx.client_id and vim.lsp.get_buffers_by_client_id(ctx.client_id) or {}
  for _, b in ipairs(bufs) do
    if vim.api.nvim_buf_is_loaded(b) and ih.is_enabled({ bufnr = b }) then
      hint_answers[b] = nil -- the next answer is drawn afresh
      pcall(ih.enable, true, { bufnr = b })
    end
  end
  return vim.NIL
end

-- apply_edit is Neovim's workspace/applyEdit without the edit's label,
-- which Neovim echoes ("Workspace edit gamels: the engine's move L1")
-- for every engine move; the board window says what was played.
local function apply_edit(err, result, ctx, config)
  if type(result) == 'table' then
    result = vim.tbl_extend('force', {}, result)
    result.label = nil
  end
  return vim.lsp.handlers['workspace/applyEdit'](err, result, ctx, config)
end

--- handlers are the client's handlers of the server's own
--- notifications: gamels/annotated (an annotation job finished: the
--- board's values are asked again, lua/gamels/engine.lua); of
--- workspace/inlayHint/refresh and textDocument/inlayHint, so that the
--- new hints are drawn; and of
--- workspace/applyEdit, with no echo.
function M.handlers()
  return {
    ['workspace/applyEdit'] = apply_edit,
    ['gamels/annotated'] = function(...)
      return require('gamels.engine').annotated(...)
    end,
    ['workspace/inlayHint/refresh'] = inlay_refresh,
    ['textDocument/inlayHint'] = inlay_answer,
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
  vim.g.gamels_keymaps = M.config.keymaps == false and 0 or 1
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

--- stop stops the gamels servers (:GamelsStop).
function M.stop()
  local cs = gamels_clients()
  for _, c in ipairs(cs) do
    if has_011 then
      c:stop()
    else
      c.stop()
    end
  end
  legacy_clients = {}
  return cs
end

-- start_buffers starts the server again for the loaded transcripts.
local function start_buffers()
  if M.method == 'config' then
    vim.lsp.enable('gamels') -- runs its FileType autocommand in each buffer
    return
  end
  for _, b in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(b) and is_gamels_ft(vim.bo[b].filetype) then
      M.attach(b)
    end
  end
end

--- restart stops the gamels servers and, once they are gone (at most
--- 5 s), starts them again for the open transcripts (:GamelsRestart).
function M.restart()
  local cs = M.stop()
  local tries = 0
  local function again()
    tries = tries + 1
    for _, c in ipairs(cs) do
      if not client_stopped(c) and tries < 50 then
        vim.defer_fn(again, 100)
        return
      end
    end
    start_buffers()
    vim.notify('gamels: the language server restarted', vim.log.levels.INFO)
  end
  again()
end

--- log opens Neovim's LSP log, where the server's warnings and errors
--- go (:GamelsLog).
function M.log()
  vim.cmd('tab split ' .. vim.fn.fnameescape(vim.lsp.get_log_path()))
  vim.cmd('normal! G')
end

-- push_settings sends the settings to the running servers
-- (workspace/didChangeConfiguration) and keeps them for servers started
-- later.
local function push_settings()
  local rules = M.config.rules
  if M.method == 'config' then
    -- For the servers vim.lsp.enable starts from now on.
    vim.lsp.config('gamels', { init_options = server_settings(rules), settings = server_settings(rules) })
  end
  for _, c in ipairs(gamels_clients()) do
    c.config.settings = server_settings(rules)
    client_notify(c, 'workspace/didChangeConfiguration', { settings = server_settings(rules) })
  end
end

--- set_rules changes the Pousse rules of the running servers (sent as
--- workspace/didChangeConfiguration) and of servers started later.
function M.set_rules(rules)
  if rules ~= 'contest' and rules ~= 'icfp' then
    notify(string.format("gamels: rules must be 'contest' or 'icfp', not %q", tostring(rules)))
    return
  end
  M.config.rules = rules
  push_settings()
end

M.engine_levels = { 'easy', 'normal', 'strong' }

--- set_engine_level sets gamels.engine.level of the running servers and
--- of servers started later (:GamelsEngineLevel); no level: says which.
function M.set_engine_level(level)
  level = vim.trim(level or '')
  if level == '' then
    vim.notify('gamels: the engine plays at level ' .. (M.config.engine_level or 'normal (the server\'s default)'),
      vim.log.levels.INFO)
    return
  end
  if not vim.tbl_contains(M.engine_levels, level) then
    notify(string.format("gamels: the engine's level is easy, normal or strong, not %q", level))
    return
  end
  M.config.engine_level = level
  push_settings()
  vim.notify('gamels: the engine plays at level ' .. level, vim.log.levels.INFO)
end

return M
