" gamels: the commands of the board view (lua/gamels/board.lua) and its
" highlight groups, defined as default links (a colour scheme wins).
if exists('g:loaded_gamels')
  finish
endif
let g:loaded_gamels = 1

command! GamelsBoard lua require('gamels.board').open()
command! GamelsBoardClose lua require('gamels.board').close()

lua require('gamels.board').highlights()
augroup gamels_highlights
  autocmd!
  autocmd ColorScheme * lua require('gamels.board').highlights()
augroup END
