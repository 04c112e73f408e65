" Filetype detection for gamels transcripts. `set filetype` rather than
" `setfiletype`, so that these extensions are ours even where another rule
" matched first.
autocmd BufRead,BufNewFile *.pousse set filetype=pousse
autocmd BufRead,BufNewFile *.spot set filetype=spot
autocmd BufRead,BufNewFile *.path set filetype=path
