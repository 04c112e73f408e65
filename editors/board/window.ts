// The moves of a gamels/board answer by move number. Version 2 of the
// answer (docs/protocol.md) lists only the moves around the one shown,
// plus the count and the first, last, ending and earlier moves; version 1
// (a server without gamelsBoardVersion) lists them all. Knows nothing of
// VS Code.

import type { Board, MoveEntry } from "./types";

/**
 * movesByNumber returns the answer's moves as an array of the game's
 * length in which move k, when the answer gives it, is at index k-1: the
 * whole list for version 1; for version 2 a sparse array holding the
 * window and the landmark moves, with holes elsewhere. So `length` is the
 * game's count and `[k-1]` move k, whichever version the server sent.
 * O(entries given).
 */
export function movesByNumber(b: Board): MoveEntry[] {
  if (b.version !== 2 || typeof b.moveCount !== "number") {
    return b.moves;
  }
  const count = Math.max(0, Math.min(b.moveCount, 1 << 24));
  const out: MoveEntry[] = new Array<MoveEntry>(count);
  for (const m of [...b.moves, b.firstMove, b.lastMove, b.endMove, b.earlierMove]) {
    if (m && Number.isInteger(m.move) && m.move >= 1 && m.move <= count) {
      out[m.move - 1] = m;
    }
  }
  return out;
}
