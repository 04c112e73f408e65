" Filetype settings for path transcripts: '#' starts a comment.
if exists('b:did_ftplugin')
  finish
endif
let b:did_ftplugin = 1

setlocal commentstring=#\ %s
setlocal comments=:#
setlocal formatoptions-=t

" ]m and [m: the cursor to the next and previous move (lua/gamels/board.lua);
" ]a and [a: to the next and previous annotated move (lua/gamels/annotated.lua).
" g:gamels_keymaps = 0 (setup({ keymaps = false })) leaves them out.
if get(g:, 'gamels_keymaps', 1)
  lua require('gamels.board').map(0)
endif

let b:undo_ftplugin = 'setlocal commentstring< comments< formatoptions<'
      \ . " | lua require('gamels.board').unmap(0)"
