-- Completion as typed, on any Neovim from 0.7: CTRL-X CTRL-O after a
-- Pousse move ('omnifunc', which the plugin sets on 0.7) lists the legal
-- moves, and the selected item's board is on the screen without its ```
-- fences: on 0.11 in the info popup ('completeopt' popup, its default),
-- drawn as markdown; before, in the preview window ('completeopt'
-- preview), its fence lines concealed. The keys are
-- typed (nvim_feedkeys) and run by the main loop: e2e.sh runs this with
-- nvim_run_loop. gamels is on PATH.
local dir = os.getenv('GAMELS_E2E_DIR')
local timeout_ms = tonumber(os.getenv('GAMELS_E2E_TIMEOUT_MS') or '') or 15000
local passed, failed = 0, 0
local function ok(cond, what, detail)
  if cond then
    passed = passed + 1
    io.stdout:write('ok   completion: ' .. what .. '\n')
  else
    failed = failed + 1
    io.stdout:write('FAIL completion: ' .. what .. (detail and ('\n     ' .. tostring(detail):gsub('\n', '\n     ')) or '') .. '\n')
  end
  return cond
end
local function finish()
  io.stdout:write(string.format('completion: %d passed, %d failed\n', passed, failed))
  io.stdout:flush()
  vim.cmd(failed > 0 and 'cquit 1' or 'qall!')
end

local has_011 = vim.fn.has('nvim-0.11') == 1

require('gamels').setup({})
local file = dir .. '/complete.pousse'
vim.fn.writefile({ '4', 'L2', '' }, file)
vim.cmd('edit ' .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()

-- screen_text is what the screen shows, floats included, row by row.
local function screen_text()
  local rows = {}
  for r = 1, vim.o.lines do
    local cells = {}
    for c = 1, vim.o.columns do
      cells[#cells + 1] = vim.fn.screenstring(r, c)
    end
    rows[#rows + 1] = table.concat(cells)
  end
  return table.concat(rows, '\n')
end

local seen -- complete_info and the screen once the menu shows an item
vim.api.nvim_create_autocmd('CompleteChanged', {
  buffer = buf,
  callback = function()
    -- After the plugin's handler (and what it schedules), and after the
    -- popup or the preview window is drawn.
    vim.defer_fn(function()
      if seen == nil then
        vim.cmd('redraw')
        local info = vim.fn.complete_info({ 'items', 'selected' })
        seen = { info = info, screen = screen_text() }
        if info.preview_bufnr and vim.api.nvim_buf_is_valid(info.preview_bufnr) then
          seen.preview = table.concat(vim.api.nvim_buf_get_lines(info.preview_bufnr, 0, -1, false), '\n')
          seen.ts = vim.treesitter.highlighter.active[info.preview_bufnr] ~= nil
          seen.conceal = vim.wo[info.preview_winid].conceallevel
        end
      end
    end, 100)
  end,
})

local started = vim.loop.now()
local function wait_client()
  local cs = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = buf }) or vim.lsp.buf_get_clients(buf)
  local c = cs[1] or select(2, next(cs))
  if c and c.initialized ~= false and vim.bo[buf].omnifunc ~= '' then
    -- Line 3, after L2: the legal moves of the 4x4 game, then select the
    -- first (CTRL-N) so its documentation shows.
    vim.api.nvim_win_set_cursor(0, { 3, 0 })
    vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('A<C-x><C-o><C-n>', true, false, true), 't', false)
    return
  end
  if vim.loop.now() - started > timeout_ms then
    ok(false, 'the client attached and set omnifunc', vim.bo[buf].omnifunc)
    finish()
    return
  end
  vim.defer_fn(wait_client, 50)
end
wait_client()

local function check()
  if seen == nil and vim.loop.now() - started < timeout_ms then
    vim.defer_fn(check, 50)
    return
  end
  ok(seen ~= nil, 'CTRL-X CTRL-O opens the completion menu')
  if seen then
    local words = {}
    for _, it in ipairs(seen.info.items or {}) do
      words[#words + 1] = it.word
    end
    ok(#words == 17 and vim.tbl_contains(words, 'T2') and vim.tbl_contains(words, 'QUIT'),
      'the 16 moves of the 4x4 game and QUIT', table.concat(words, ' '))
    if has_011 then
      ok(seen.preview ~= nil and seen.preview:find('+-+', 1, true) ~= nil, 'the info popup holds the board', seen.preview)
      ok(seen.ts and seen.conceal == 2, 'the info popup is drawn as markdown (tree-sitter, conceallevel 2)',
        string.format('tree-sitter %s, conceallevel %s', tostring(seen.ts), tostring(seen.conceal)))
    end
    -- On 0.11 the info popup, before it the preview window.
    ok(seen.screen:find('+-+', 1, true) ~= nil, 'the board is on the screen (' .. vim.o.completeopt .. ')', seen.screen)
    ok(seen.screen:find('```', 1, true) == nil, 'no ``` fence on the screen', seen.screen)
  end
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('<C-e><Esc>', true, false, true), 'n', false)
  vim.defer_fn(finish, 50)
end
vim.defer_fn(check, 100)
