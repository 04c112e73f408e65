" Filetype detection for gamels transcripts.
"
" One detection only, so that FileType fires once per buffer (twice would
" start the language server twice with the vim.lsp.start strategy):
" - Neovim 0.8 and later detect filetypes in Lua (filetype.lua): register
"   the extensions there, as setup() does too (the same table twice is the
"   same rule). An extension registered with vim.filetype.add wins over
"   Neovim's own patterns.
" - Neovim 0.7 (filetype.vim): autocommands. `set filetype` rather than
"   `setfiletype`, so that these extensions are ours even where another
"   rule matched first, but only when the filetype is not ours already
"   (0.7 with g:do_filetype_lua set runs both detections).
if has('nvim-0.8')
  lua vim.filetype.add({ extension = { pousse = 'pousse', spot = 'spot', path = 'path' } })
  finish
endif
autocmd BufRead,BufNewFile *.pousse if &filetype !=# 'pousse' | set filetype=pousse | endif
autocmd BufRead,BufNewFile *.spot if &filetype !=# 'spot' | set filetype=spot | endif
autocmd BufRead,BufNewFile *.path if &filetype !=# 'path' | set filetype=path | endif
