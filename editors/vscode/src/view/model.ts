// The board view's pure part: from the server's answers to what the view
// shows (the title, the listed moves, the value line, the strip of values)
// and where its keys go. Shared by the hosts (the VS Code extension and the
// web page) and the view; knows neither VS Code nor the DOM, so the unit
// tests run it in Node.

import type { Annotation, Board, Evaluation, Evaluations } from "../board/types";
import type { BoardModel, EngineSide } from "./host";

const kindName = { pousse: "Pousse", spot: "Spot", path: "PATH" } as const;

/** describe is a one-line account of what the board shows. O(1). */
export function describe(b: Board): string {
  const where =
    b.kind === "path"
      ? `board ${b.game}`
      : b.move === 0
        ? `game ${b.game}, before the first move`
        : b.move > b.played
          ? `game ${b.game}, move ${b.move} (not played: the game ended at move ${b.played})`
          : `game ${b.game}, after move ${b.move} of ${b.moves.length}`;
  return `${kindName[b.kind] ?? b.kind} ${b.n}×${b.n}, ${where}: ${b.verdict}`;
}

/**
 * boardModel is what the view draws for b, a gamels/board answer whose
 * moves are by number (window.ts's movesByNumber): the moves listed are
 * those within around of the current one that the answer holds. line is
 * the cursor's line (0-based), named when the board is the nearest game
 * (b.outside). O(around).
 */
export function boardModel(b: Board, file: string, svg: string, around: number, line?: number): BoardModel {
  const from = Math.max(0, b.move - around);
  const to = Math.min(b.moves.length, b.move + around);
  const moves = [];
  for (let i = from; i < to; i++) {
    const m = b.moves[i];
    if (m) moves.push({ move: m.move, text: m.text, line: m.range.start.line + 1 });
  }
  const at = line === undefined ? "" : `line ${line + 1}: `;
  return {
    file,
    title: `${file}: ${describe(b)}`,
    kind: b.kind,
    game: b.game,
    verdict: b.verdict,
    move: b.move,
    count: b.moves.length,
    end: b.end,
    moves,
    svg,
    ...(b.outside ? { notice: `${at}the cursor is outside every game: showing ${b.kind === "path" ? "board" : "game"} ${b.game}` } : {}),
  };
}

/** evaluationLine is the value line under the board: the value, the best move, how deep. O(1). */
export function evaluationLine(e: Evaluation): string {
  const best = e.best ? `; best ${e.best.text}` : "";
  const depth = `depth ${e.depth}${e.complete ? "" : ", cut short"}`;
  return `Engine: ${e.value}${best} (${depth})`;
}

/** The classes of a strip cell for a value character: who wins, nothing forced, not analysed. */
export function valueClass(ch: string): string {
  switch (ch) {
    case "X":
      return "x";
    case "O":
      return "o";
    case ".":
      return "even";
    default:
      return "none";
  }
}

/** One cell of the strip of values: positions from..to (inclusive), their value and annotation. */
export interface StripCell {
  from: number;
  to: number;
  /** valueClass of the cell: the value of its first position, or of a decided one when it holds several. */
  value: string;
  /** The most telling annotation of a move ending in the cell (blunder, missed win, decisive). */
  mark?: Annotation;
  /** What the cell's tooltip says. */
  title: string;
}

/** Which mark a cell shows when it holds several: a blunder (the move that threw the game) first. */
const markRank: Record<string, number> = { blunder: 3, "missed-win": 2, decisive: 1 };

/**
 * stripCells folds the positions 0..len(values)-1 of a game into at most
 * max cells (one a position when they fit), each with its value and the
 * annotation of a move that leads to one of its positions (annotation k
 * is at position k: after move k). O(positions + annotations).
 */
export function stripCells(e: Evaluations, max: number): StripCell[] {
  const n = e.values.length;
  if (n === 0) return [];
  const per = Math.max(1, Math.ceil(n / Math.max(1, max)));
  const byMove = new Map<number, Annotation>();
  for (const a of e.annotations) {
    const old = byMove.get(a.move);
    if (!old || (markRank[a.kind] ?? 0) > (markRank[old.kind] ?? 0)) byMove.set(a.move, a);
  }
  const cells: StripCell[] = [];
  for (let from = 0; from < n; from += per) {
    const to = Math.min(n - 1, from + per - 1);
    let value = e.values.charAt(from);
    let mark: Annotation | undefined;
    for (let k = from; k <= to; k++) {
      const ch = e.values.charAt(k);
      if ((value === "." || value === " ") && (ch === "X" || ch === "O")) value = ch;
      const a = byMove.get(k);
      if (a && (!mark || (markRank[a.kind] ?? 0) > (markRank[mark.kind] ?? 0))) mark = a;
    }
    const where = from === to ? (from === 0 ? "start" : `after move ${from}`) : `moves ${from}-${to}`;
    const said = { X: "X wins", O: "O wins", ".": "nothing forced", " ": "not analysed" }[value] ?? "not analysed";
    cells.push({
      from,
      to,
      value: valueClass(value),
      ...(mark ? { mark } : {}),
      title: `${where}: ${said}${mark ? `; move ${mark.move} ${mark.mark} ${mark.text}` : ""}`,
    });
  }
  return cells;
}

/**
 * nextAnnotated is the move of the next (dir 1) or previous (dir -1)
 * annotation from move, the position shown, or undefined when there is
 * none that way. O(annotations).
 */
export function nextAnnotated(annotations: Annotation[], move: number, dir: 1 | -1): number | undefined {
  let best: number | undefined;
  for (const a of annotations) {
    if (dir > 0 ? a.move > move && (best === undefined || a.move < best) : a.move < move && (best === undefined || a.move > best)) {
      best = a.move;
    }
  }
  return best;
}

/**
 * engineAnswers says whether the engine, playing side, answers once move
 * (1-based) is played: X plays the odd moves (1, 3, ...), O the even ones,
 * so the engine answers when the side to move next is its side. PATH has
 * no engine. O(1).
 */
export function engineAnswers(side: EngineSide, kind: string, move: number): boolean {
  if (side === "off" || kind === "path") return false;
  return (move % 2 === 0 ? "X" : "O") === side;
}

/** nextEngineSide is the engine toggle's next state: off, X, O, off. */
export function nextEngineSide(side: EngineSide): EngineSide {
  return side === "off" ? "X" : side === "X" ? "O" : "off";
}
