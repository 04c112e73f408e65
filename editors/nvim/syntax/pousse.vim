" Vim syntax file
" Language: Pousse transcript (UVa 844 / ICFP 1998), for gamels
" Later items win where two start at the same column, so the catch-all
" error comes first.

if exists('b:current_syntax')
  finish
endif

syntax match pousseError /[^[:space:]#]\+/
syntax match pousseNumber /\%(^\|\s\)\zs\d\+\ze\%(\s\|#\|$\)/
syntax match pousseMove /\%(^\|\s\)\zs[LRTB]\d\+\ze\%(\s\|#\|$\)/ contains=pousseSide,pousseIndex
syntax match pousseSide /[LRTB]/ contained
syntax match pousseIndex /\d\+/ contained
syntax match pousseQuit /\%(^\|\s\)\zsQUIT\ze\%(\s\|#\|$\)/
syntax match pousseComment /#.*$/ contains=@Spell
syntax match pousseDirective /^\s*#\s*rules\s*:.*$/ contains=pousseDirectiveKey,pousseBadRules,pousseRules
syntax match pousseDirectiveKey /#\s*rules\s*:/ contained
syntax match pousseBadRules /\%(:\s*\)\@<=\S.*/ contained
syntax match pousseRules /\%(:\s*\)\@<=\%(icfp\|contest\)\>/ contained

highlight default link pousseError Error
highlight default link pousseNumber Number
highlight default link pousseSide Statement
highlight default link pousseIndex Number
highlight default link pousseQuit Keyword
highlight default link pousseComment Comment
highlight default link pousseDirective Comment
highlight default link pousseBadRules Error
highlight default link pousseDirectiveKey PreProc
highlight default link pousseRules Constant

let b:current_syntax = 'pousse'
