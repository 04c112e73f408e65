" gamels: the commands of the board view (lua/gamels/board.lua; playing on
" it, lua/gamels/play.lua) and its highlight groups, defined as default
" links (a colour scheme wins), and :GamelsFormat.
if exists('g:loaded_gamels')
  finish
endif
let g:loaded_gamels = 1

command! GamelsBoard lua require('gamels.board').open()
command! GamelsBoardClose lua require('gamels.board').close()
command! -nargs=? GamelsNewGame lua require('gamels.play').new_game(<q-args>)
" :GamelsEngine X|O|off: the side the engine plays (lua/gamels/engine.lua).
function! GamelsEngineComplete(lead, line, pos) abort
  return luaeval("require('gamels.engine').complete(_A)", a:lead)
endfunction
command! -nargs=? -complete=customlist,GamelsEngineComplete GamelsEngine lua require('gamels.engine').set(<q-args>)
" :GamelsEngineLevel easy|normal|strong: how well it plays (gamels.engine.level).
command! -nargs=? -complete=customlist,GamelsEngineLevelComplete GamelsEngineLevel lua require('gamels').set_engine_level(<q-args>)
function! GamelsEngineLevelComplete(lead, line, pos) abort
  return filter(['easy', 'normal', 'strong'], 'v:val =~# "^" . a:lead')
endfunction
" :GamelsFormat formats the buffer with the server, on every version
" (vim.lsp.buf.format from 0.8, vim.lsp.buf.formatting_sync on 0.7).
command! GamelsFormat lua require('gamels').format()

lua require('gamels.board').highlights()
augroup gamels_highlights
  autocmd!
  autocmd ColorScheme * lua require('gamels.board').highlights()
augroup END
" :GamelsStop, :GamelsRestart, :GamelsLog: the server stopped, restarted,
" its log (lsp.log) in a tab; on every version, with or without
" nvim-lspconfig.
command! GamelsStop lua require('gamels').stop()
command! GamelsRestart lua require('gamels').restart()
command! GamelsLog lua require('gamels').log()
