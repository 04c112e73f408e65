// The answer of the gamels/board request (docs/protocol.md), as the drawing
// module and the view read it. Nothing here knows VS Code.

export interface Cell {
  row: number; // 1-based, from the top
  col: number; // 1-based, from the left
}

export interface Position {
  line: number;
  character: number;
}

export interface MoveEntry {
  move: number;
  text: string;
  range: { start: Position; end: Position };
}

export interface Board {
  kind: "pousse" | "spot" | "path";
  n: number;
  game: number;
  move: number;
  played: number;
  rows: string[];
  verdict: string;
  end: number;
  earlier: number;
  rotation: number;
  last?: {
    cells: Cell[];
    off?: Cell;
    offWho?: "X" | "O";
    add?: boolean;
    illegal?: boolean;
  };
  straights?: {
    x: number;
    o: number;
    lines: { line: "row" | "column"; index: number; who: "X" | "O" }[];
  };
  winningPath?: Cell[];
  oneMoveWins?: Cell[];
  moves: MoveEntry[];
}

/**
 * isBoard checks the shape of a decoded answer just enough for drawing it
 * safely: the kind, a size, one string per row. O(n).
 */
export function isBoard(v: unknown): v is Board {
  if (typeof v !== "object" || v === null) {
    return false;
  }
  const b = v as Partial<Board>;
  return (
    (b.kind === "pousse" || b.kind === "spot" || b.kind === "path") &&
    typeof b.n === "number" &&
    Number.isInteger(b.n) &&
    b.n >= 0 &&
    typeof b.move === "number" &&
    Array.isArray(b.rows) &&
    b.rows.every((r) => typeof r === "string") &&
    Array.isArray(b.moves)
  );
}
