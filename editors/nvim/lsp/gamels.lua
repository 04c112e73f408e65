-- The gamels language server for Neovim 0.11 and later, in the form
-- vim.lsp.config reads from the runtimepath: with this plugin on the
-- runtimepath,
--
--   vim.lsp.enable('gamels')
--
-- starts `gamels serve` for the pousse, spot and path filetypes, with no
-- setup() call. Change any field with vim.lsp.config('gamels', { ... }),
-- e.g. cmd = { '/path/to/gamels', 'serve' } or
-- settings = { gamels = { pousse = { rules = 'icfp' } } }.
-- (require('gamels').setup() registers the same configuration, with its
-- options, and enables it.)
local settings = { gamels = { pousse = { rules = 'contest' } } }

local commands = {}
local on_attach = nil
local ok, gamels = pcall(require, 'gamels')
if ok and type(gamels.reveal_move) == 'function' then
  -- The server's code lens command: jump to the ending move and select it.
  commands['gamels.revealMove'] = gamels.reveal_move
end
local handlers = nil
if ok and type(gamels.handlers) == 'function' then
  -- gamels/annotated: the board's values asked again.
  handlers = gamels.handlers()
end
if ok and type(gamels.on_attach) == 'function' then
  -- The diagnostics' virtual text, the inlay hints, 'omnifunc' and the
  -- like in the buffer (require('gamels').on_attach). An on_attach given
  -- to vim.lsp.config('gamels', ...) replaces this one: call it from there.
  on_attach = function(client, bufnr)
    gamels.on_attach(client, bufnr)
  end
end

return {
  cmd = { 'gamels', 'serve' },
  filetypes = { 'pousse', 'spot', 'path' },
  root_markers = { '.git' },
  init_options = settings,
  settings = settings,
  commands = commands,
  on_attach = on_attach,
  handlers = handlers,
  -- The server says when an annotation job finished (gamels/annotated):
  -- the board's values are asked again. Neovim adds its own.
  capabilities = { experimental = { gamelsAnnotated = true } },
}
