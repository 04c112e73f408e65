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
    /** What the move did, in the server's words (an older server's answer has none). */
    words?: string;
  };
  straights?: {
    x: number;
    o: number;
    lines: { line: "row" | "column"; index: number; who: "X" | "O" }[];
  };
  winningPath?: Cell[];
  oneMoveWins?: Cell[];
  /** The moves from the position shown that end the game at once (gamels/board's marks). */
  marks?: BoardMark[];
  moves: MoveEntry[];
  // Version 2 (asked with movesAround): moves lists the window only.
  version?: number;
  moveCount?: number;
  firstMove?: MoveEntry;
  lastMove?: MoveEntry;
  endMove?: MoveEntry;
  earlierMove?: MoveEntry;
  /** Asked with svg: true: this board drawn by the server (internal/picture), classes only, no colours. */
  svg?: string;
  /** Asked with nearest: true: the cursor is outside every game and this is the nearest game, at move 0. */
  outside?: boolean;
  /** Asked with moves (a scratch line): the line played after the first `from` moves, as the transcript would hold it. */
  scratch?: { from: number; moves: string[] };
}

/** What one move from the position shown does at once: a Pousse slot or a Spot cell. */
export interface BoardMark {
  slot?: string;
  cell?: Cell;
  mark: "wins" | "loses" | "repeats";
}

/** The answer of gamels/play and gamels/newGame: the edit, for the document at one version. */
export interface PlayEdit {
  edit: {
    documentChanges: {
      textDocument: { uri: string; version: number };
      edits: { range: { start: Position; end: Position }; newText: string }[];
    }[];
  };
  /** Where the move written (or the new game) starts once the edit is applied. */
  position: Position;
  text?: string;
  move?: number;
  replaced?: number;
  game?: number;
}

/** isPlayEdit checks the shape of a gamels/play or gamels/newGame answer. O(edits). */
export function isPlayEdit(v: unknown): v is PlayEdit {
  if (typeof v !== "object" || v === null) return false;
  const p = v as Partial<PlayEdit>;
  const dc = p.edit?.documentChanges;
  return (
    Array.isArray(dc) &&
    dc.length === 1 &&
    Array.isArray(dc[0].edits) &&
    dc[0].edits.every((e) => typeof e.newText === "string" && typeof e.range?.start?.line === "number") &&
    typeof p.position?.line === "number"
  );
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

/** gamels/evaluate's answer: the engine's value of one position (docs/protocol.md). */
export interface Evaluation {
  game: number;
  move: number;
  toMove: "X" | "O";
  result: "win" | "loss" | "unknown";
  winner?: "X" | "O";
  plies?: number;
  value: string;
  best?: { text: string; slot?: string; cell?: Cell };
  depth: number;
  complete: boolean;
  source: "annotations" | "search";
  /** X's expected score from 0 (O wins) to 1 (X wins); 1 or 0 when proven (a newer server's). */
  estimate?: number;
  /** The estimate as the server words it: "X 64%", "O 71%", "Player 1 50%" (a newer server's). */
  estimateText?: string;
  /** The judgment's search (a newer server's): its move, the depth it completed, its main line from the move to play. */
  judged?: { best?: { text: string; slot?: string; cell?: Cell }; depth: number; nodes: number; line: string[] };
}

/** One engine annotation of gamels/evaluations: a move (1-based) that missed a win, blundered, or decided. */
export interface Annotation {
  move: number;
  /** Proven: missed-win, blunder, decisive; judged by the estimate (a newer server's): mistake (?), inaccuracy (?!). */
  kind: "missed-win" | "blunder" | "decisive" | "mistake" | "inaccuracy";
  mark: string;
  text: string;
  played?: string;
  best?: string;
}

/** gamels/evaluations' answer: the values of a game's positions 0..moveCount, and its annotations. */
export interface Evaluations {
  game: number;
  moveCount: number;
  depth: number;
  complete: boolean;
  pending: boolean;
  off?: string;
  /** One character a position: "X" X wins, "O" O wins, "." nothing forced, " " not analysed. */
  values: string;
  annotations: Annotation[];
  /** X's expected score at each position 0..moveCount (a newer server's; null: not judged). */
  estimates?: (number | null)[];
}

/** gamels/picture's answer: data is the SVG text, or base64 for png and gif. */
export interface Picture {
  format: "svg" | "png" | "gif";
  mime: string;
  name: string;
  data: string;
}

/** isEvaluation checks the shape of a gamels/evaluate answer. O(1). */
export function isEvaluation(v: unknown): v is Evaluation {
  const e = v as Partial<Evaluation> | null;
  return typeof e === "object" && e !== null && typeof e.value === "string" && typeof e.move === "number" && typeof e.game === "number";
}

/** isEvaluations checks the shape of a gamels/evaluations answer. O(annotations). */
export function isEvaluations(v: unknown): v is Evaluations {
  const e = v as Partial<Evaluations> | null;
  return (
    typeof e === "object" &&
    e !== null &&
    typeof e.game === "number" &&
    typeof e.values === "string" &&
    Array.isArray(e.annotations) &&
    e.annotations.every((a) => typeof a?.move === "number" && typeof a?.kind === "string")
  );
}

/** isPicture checks the shape of a gamels/picture answer. O(1). */
export function isPicture(v: unknown): v is Picture {
  const p = v as Partial<Picture> | null;
  return typeof p === "object" && p !== null && typeof p.data === "string" && typeof p.name === "string" && typeof p.format === "string";
}
