" Vim syntax file
" Language: PATH board (UVa 601), for gamels
" Later items win where two start at the same column, so the catch-all
" error comes first.

if exists('b:current_syntax')
  finish
endif

syntax match pathError /[^[:space:]#]\+/
syntax match pathNumber /\%(^\|\s\)\zs\d\+\ze\%(\s\|#\|$\)/
syntax match pathEnd /^\s*\zs0\ze\s*\%(#.*\)\=$/
syntax match pathRow /\%(^\|\s\)\zs[^[:space:]#0-9][^[:space:]#]*/ contains=pathBadCell,pathWhite,pathBlack,pathUnfilled
syntax match pathBadCell /[^[:space:]#]/ contained
syntax match pathWhite /W/ contained
syntax match pathBlack /B/ contained
syntax match pathUnfilled /U/ contained
syntax match pathComment /#.*$/ contains=@Spell

highlight default link pathError Error
highlight default link pathNumber Number
highlight default link pathEnd Keyword
highlight default link pathBadCell Error
highlight default link pathWhite String
highlight default link pathBlack Statement
highlight default link pathUnfilled Comment
highlight default link pathComment Comment

let b:current_syntax = 'path'
