// The board view's pure part: from the server's answers to what the view
// shows (the title, the listed moves, the value line, the strip of values)
// and where its keys go. Shared by the hosts (the VS Code extension and the
// web page) and the view; knows neither VS Code nor the DOM, so the unit
// tests run it in Node.

import type { Annotation, Board, Evaluation, Evaluations } from "./types";
import type { BoardModel, EngineSide } from "./host";

const kindName = { pousse: "Pousse", spot: "Spot", path: "PATH" } as const;

/**
 * inProgress says whether b's game goes on: nothing decided on the board
 * (b.end 0) and, for Spot, fewer than its 2N moves played. Its verdict is
 * then what a judge would print of the transcript as it stands (TIE GAME,
 * an error), not a result. O(1).
 */
export function inProgress(b: Board): boolean {
  if (b.kind === "path" || b.end > 0) return false;
  const count = b.moveCount ?? b.moves.length;
  return !(b.kind === "spot" && count >= 2 * b.n);
}

/** describe is a one-line account of what the board shows. O(1). */
export function describe(b: Board): string {
  const where =
    b.kind === "path"
      ? `board ${b.game}`
      : b.scratch
        ? `game ${b.game}, exploring ${b.scratch.moves.length} move(s) after move ${b.scratch.from} (not written)`
        : b.move === 0
          ? `game ${b.game}, before the first move`
          : b.move > b.played
            ? `game ${b.game}, move ${b.move} (not played: the game ended at move ${b.played})`
            : `game ${b.game}, after move ${b.move} of ${b.moves.length}`;
  return `${kindName[b.kind] ?? b.kind} ${b.n}×${b.n}, ${where}: ${inProgress(b) ? "no result yet" : b.verdict}`;
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
    going: inProgress(b),
    turn: turnLine(b),
    rows: b.rows,
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
    ...(b.last?.words ? { did: b.last.words } : {}),
    ...(b.outside ? { notice: `${at}the cursor is outside every game: showing ${b.kind === "path" ? "board" : "game"} ${b.game}` } : {}),
  };
}

/**
 * turnLine says whose turn it is at the position b shows, or how the game
 * ended there: Pousse "X to move" (X moves first), Spot "Player 1 to
 * move, 8 moves left" (a game has 2N moves), PATH none. A game whose
 * moves run out before a win is not ended on the board: its next side is
 * to move (the verdict line says what a judge would print). O(1).
 */
export function turnLine(b: Board): string {
  if (b.kind === "path") return "";
  if (b.end > 0 && b.move >= b.end) return `Ended at move ${b.end}: ${b.verdict}`;
  const even = b.move % 2 === 0;
  if (b.kind === "spot") {
    const left = Math.max(0, 2 * b.n - b.move);
    if (left === 0) return `All ${2 * b.n} moves played: ${b.verdict}`;
    return `Player ${even ? 1 : 2} to move, ${left} move${left === 1 ? "" : "s"} left`;
  }
  return `${even ? "X" : "O"} to move`;
}

/**
 * verdictLine is the verdict line: for a game in progress (nothing
 * decided on the board yet), what a judge would print now, said as such,
 * not as the result. O(1).
 */
export function verdictLine(b: BoardModel): string {
  return b.going ? `No result yet (a judge would print: ${b.verdict})` : b.verdict;
}

/**
 * announcement is what a screen reader hears after a step: the move, who
 * played it and what, and how the game stands. O(moves listed).
 */
export function announcement(b: BoardModel, e?: Evaluation): string {
  if (b.kind === "path") return `Board ${b.game}: ${b.verdict}`;
  if (b.move === 0) return `Game ${b.game}, before the first move. ${b.turn}.`;
  const m = b.moves.find((x) => x.move === b.move);
  const who = b.kind === "spot" ? `player ${b.move % 2 === 1 ? 1 : 2}` : b.move % 2 === 1 ? "X" : "O";
  const value = e ? ` ${evaluationLine(e)}.` : "";
  const did = b.did ? `: ${b.did}` : "";
  return `Move ${b.move} of ${b.count}, ${who} ${m ? m.text : ""}${did}. ${b.turn}.${value}`;
}

/** evaluationLine is the value line under the board: the value, the best move, how deep. O(1). */
export function evaluationLine(e: Evaluation): string {
  const best = e.best ? `; best ${e.best.text}` : "";
  const depth = `depth ${e.depth}${e.complete ? "" : ", cut short"}`;
  // The server's words for the estimate ("O 71%": the side it favours);
  // an older server's bare estimate is X's.
  const est = e.result !== "unknown" ? "" : e.estimateText ? ` (${e.estimateText})` : typeof e.estimate === "number" ? ` (X ${Math.round(e.estimate * 100)}%)` : "";
  return `Engine: ${e.value}${est}${best} (${depth})`;
}

/** The signs of the annotations, in the move list and the strip: proven (??, ?, !) and judged (?!, ?). */
export const markSign: Record<string, string> = { decisive: "!", blunder: "??", "missed-win": "?", mistake: "?", inaccuracy: "?!" };

/**
 * graphPoints is the strip's graph of the engine's estimates (X's expected
 * score, 0..1, one a position; null: none), as an SVG polyline's points
 * in a width x height box, X's 100% at the top; "" when there are fewer
 * than two estimates. O(positions).
 */
export function graphPoints(estimates: (number | null)[], width: number, height: number): string {
  const pts: string[] = [];
  const n = estimates.length;
  if (n < 2) return "";
  estimates.forEach((v, i) => {
    if (typeof v !== "number" || !Number.isFinite(v)) return;
    const x = (i / (n - 1)) * width;
    const y = (1 - Math.max(0, Math.min(1, v))) * height;
    pts.push(`${x.toFixed(1)},${y.toFixed(1)}`);
  });
  return pts.length >= 2 ? pts.join(" ") : "";
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

/** A target of the engine's line: a move's text, the plies (1-based) played there, the side of the first. */
export interface LineLabel {
  text: string;
  plies: number[];
  side: string;
}

/** How many plies of the main line are drawn: more crowd a small board. */
export const linePlies = 4;

/**
 * lineLabels groups the first linePlies moves of line by target: each
 * target with the ply numbers (1-based) played on it and the side of the
 * first. first is the side to move at ply 1, other the one after.
 */
export function lineLabels(line: string[], first: string, other: string): LineLabel[] {
  const by = new Map<string, LineLabel>();
  line.slice(0, linePlies).forEach((t, i) => {
    const key = t.trim().toUpperCase().replace(/\s+[+-]$/, "");
    const g = by.get(key);
    if (g) g.plies.push(i + 1);
    else by.set(key, { text: t, plies: [i + 1], side: i % 2 === 0 ? first : other });
  });
  return [...by.values()];
}
