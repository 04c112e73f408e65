" Filetype settings for spot transcripts: '#' starts a comment.
if exists('b:did_ftplugin')
  finish
endif
let b:did_ftplugin = 1

setlocal commentstring=#\ %s
setlocal comments=:#
setlocal formatoptions-=t

" ]m and [m: the cursor to the next and previous move (lua/gamels/board.lua);
" ]a and [a: to the next and previous annotated move (lua/gamels/annotated.lua).
lua require('gamels.board').map(0)

let b:undo_ftplugin = 'setlocal commentstring< comments< formatoptions<'
      \ . " | lua require('gamels.board').unmap(0)"
