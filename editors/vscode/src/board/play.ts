// What a move from the board would do, for the view to show before the
// click: the Pousse push of an edge slot (the run that moves, the marker
// that falls off), from the rows of a gamels/board answer. The rules stay
// the server's: this only previews the push the server will write, and
// the server checks the move (gamels/play). Nothing here knows VS Code.

import type { Board, Cell } from "./types";

/** A Pousse edge slot: the side a marker enters from and the line. */
export interface Slot {
  dir: "L" | "R" | "T" | "B";
  line: number;
}

/** slots lists the 4N edge slots of an n x n board, L1..Ln, R.., T.., B... O(n). */
export function slots(n: number): Slot[] {
  const out: Slot[] = [];
  for (const dir of ["L", "R", "T", "B"] as const) {
    for (let line = 1; line <= n; line++) out.push({ dir, line });
  }
  return out;
}

/** The square x (0-based) of a slot's line, counted from the side of entry. */
function square(n: number, s: Slot, x: number): Cell {
  switch (s.dir) {
    case "L":
      return { row: s.line, col: x + 1 };
    case "R":
      return { row: s.line, col: n - x };
    case "T":
      return { row: x + 1, col: s.line };
    default:
      return { row: n - x, col: s.line };
  }
}

/** What a push does: the run from the entry square to the first empty one (or the far edge), and what falls off. */
export interface Push {
  cells: Cell[];
  off?: Cell;
  offWho?: "X" | "O";
}

/**
 * pushPreview is what slot s does to the Pousse board b shows: the run of
 * squares whose markers move one square on (with the entry square first,
 * ending at the first empty square), and, on a full line, the marker at
 * the far end that falls off. O(n).
 */
export function pushPreview(b: Board, s: Slot): Push {
  const n = b.n;
  const at = (c: Cell) => b.rows[c.row - 1]?.charAt(c.col - 1) ?? ".";
  const cells: Cell[] = [];
  for (let x = 0; x < n; x++) {
    const c = square(n, s, x);
    cells.push(c);
    const ch = at(c);
    if (ch !== "X" && ch !== "O") return { cells };
  }
  const off = cells[n - 1];
  const who = at(off);
  return { cells, off, offWho: who === "O" ? "O" : "X" };
}
