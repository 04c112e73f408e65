// Stepping through a game: where the cursor goes to show a move. Knows
// nothing of VS Code.

import type { MoveEntry, Position } from "./types";

/**
 * movePosition is where the cursor goes to show move k (0 = before the
 * first move) of a game whose moves are given: the start of move k, or for
 * move 0 the start of the line before the first move (the N line) or, when
 * the first move shares the N line, the start of that line. O(1).
 */
export function movePosition(moves: MoveEntry[], k: number): Position | undefined {
  if (moves.length === 0) {
    return undefined;
  }
  const i = Math.max(0, Math.min(k, moves.length));
  if (i > 0) {
    return moves[i - 1].range.start;
  }
  const first = moves[0].range.start;
  return first.character > 0 ? { line: first.line, character: 0 } : { line: Math.max(0, first.line - 1), character: 0 };
}
