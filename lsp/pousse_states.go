package lsp

import "sync"

// pousseStates keeps Pousse states for the hover and gamels/board to
// restore positions into (analyze.PousseGame.BoardInto): a 100 x 100
// state is 22 KB, and these requests come one after another.
var pousseStates sync.Pool
