" Vim syntax file
" Language: Spot transcript (UVa 141), for gamels
" Later items win where two start at the same column, so the catch-all
" error comes first.

if exists('b:current_syntax')
  finish
endif

syntax match spotError /[^[:space:]#]\+/
syntax match spotNumber /\%(^\|\s\)\zs\d\+\ze\%(\s\|#\|$\)/
syntax match spotPlace /\%(^\|\s\)\zs+\ze\%(\s\|#\|$\)/
syntax match spotRemove /\%(^\|\s\)\zs-\ze\%(\s\|#\|$\)/
syntax match spotEnd /^\s*\zs0\ze\s*\%(#.*\)\=$/
syntax match spotComment /#.*$/ contains=@Spell

highlight default link spotError Error
highlight default link spotNumber Number
if hlexists('Added')
  highlight default link spotPlace Added
  highlight default link spotRemove Removed
else
  highlight default link spotPlace String
  highlight default link spotRemove Special
endif
highlight default link spotEnd Keyword
highlight default link spotComment Comment

let b:current_syntax = 'spot'
