// The board view's two interfaces, shared by its hosts (the VS Code
// webview and the web page): what a host tells the view (ToView, the
// view's input) and what the view asks of its host (ViewHost, from the
// user's clicks and keys). The view (view.ts) draws and listens; the host
// talks to the server and owns the text: stepping moves the editor's
// cursor, playing writes the transcript, and the host then sends the new
// board. Nothing here knows VS Code or the DOM.

import type { Cell, Evaluation, Evaluations } from "./types";

/** A move from the board: a Pousse edge slot ("T3") or a Spot or PATH cell. */
export type PlayTarget = { slot: string; cell?: undefined } | { cell: Cell; slot?: undefined };

/** What the view asks of the scratch line: start exploring, write it, discard it, take back its last move. */
export type ExploreAction = "start" | "write" | "discard" | "back";

/** Which side the engine plays after the user's move from the board. */
export type EngineSide = "off" | "X" | "O";

/** How well the engine plays its moves (gamels.engine.level, docs/engine.md). */
export type EngineLevel = "easy" | "normal" | "strong";

/** The levels in the order the view offers them. */
export const engineLevels: readonly EngineLevel[] = ["easy", "normal", "strong"];

/** The pictures the view offers: "svg" is copied, "png" and "gif" (the whole game) saved. */
export type PictureFormat = "svg" | "png" | "gif";

/**
 * ViewHost is what the view asks of its host. Each call is a request the
 * host may refuse or ignore; the view changes only when the host sends it
 * something (ToView), so the text stays the one source of truth.
 */
export interface ViewHost {
  /** go shows move k (0: before the first move) of the game shown: the host moves the cursor there. */
  go(move: number): void;
  /** play plays a move at the position shown (gamels/play). */
  play(target: PlayTarget): void;
  /** newGame adds a game to the transcript (gamels/newGame). */
  newGame(): void;
  /** engine sets the side the engine plays after each move from the board. */
  engine(side: EngineSide): void;
  /** level sets how well the engine plays (the editor's gamels.engine.level). */
  level(level: EngineLevel): void;
  /** picture makes a picture of the position shown (gamels/picture): "svg" to the clipboard, "png" and "gif" to a file. */
  picture(format: PictureFormat): void;
  /** explore starts, writes, discards or steps back a scratch line after the position shown (moves tried, not written). */
  explore(action: ExploreAction): void;
}

/** One move in the view's list. */
export interface ListedMove {
  move: number;
  text: string;
  /** 1-based line of the move, for its tooltip. */
  line: number;
}

/** What the view draws for one board (model.ts makes it from a gamels/board answer). */
export interface BoardModel {
  file: string;
  /** One line: kind, size, game, where, verdict. */
  title: string;
  kind: "pousse" | "spot" | "path";
  game: number;
  verdict: string;
  move: number;
  count: number;
  /** The move where the game ended (0: not ended); later moves are listed struck out. */
  end: number;
  /** The moves listed, around the current one. */
  moves: ListedMove[];
  /** The SVG text of the board: the server's (svg: true) or an equivalent with the same classes. */
  svg: string;
  /** A line above the board, e.g. "the cursor is outside every game: showing game 1". */
  notice?: string;
  /** The game goes on: nothing decided on the board yet (model.ts inProgress). */
  going: boolean;
  /** Whose turn it is and how the game stands, in words: "X to move", "Player 2 to move, 5 moves left", "X won at move 9". */
  turn: string;
  /** The board's rows as text (the server's), for reading the position on demand. */
  rows: string[];
  /** What the move shown did, in the server's words: "O enters at (1,3), pushing 2 markers to (3,3)". */
  did?: string;
  /** Exploring: the scratch line tried after move `from` of the transcript (move is then from + its length). */
  explore?: { from: number; moves: string[] };
}

/** What a host tells the view. */
export type ToView =
  | { type: "board"; board: BoardModel }
  | { type: "empty"; message: string }
  /**
   * A status line: what happened, why not. It is about the board shown
   * (next: the board drawn next, a move just written; with move, the
   * board of that move, a redraw of the one before it in between) and is
   * cleared when the view shows another position or file.
   */
  | { type: "status"; message: string; error?: boolean; next?: boolean; move?: number }
  /** The engine's value of the position shown; null: none (PATH, the game over, the engine's answer failed). */
  | { type: "evaluation"; game: number; move: number; evaluation: Evaluation | null; pending?: boolean }
  /** The values of the game shown move by move; null: none. */
  | { type: "evaluations"; evaluations: Evaluations | null }
  | { type: "engine"; side: EngineSide }
  /** The engine's level in force; absent from a host that cannot set it (the view then offers none). */
  | { type: "level"; level: EngineLevel };

/** What the view asks of its host, as a message (the VS Code webview posts these). */
export type FromView =
  | { type: "ready" }
  | { type: "go"; move: number }
  | { type: "play"; slot?: string; cell?: Cell }
  | { type: "newGame" }
  | { type: "engine"; side: EngineSide }
  | { type: "level"; level: EngineLevel }
  | { type: "picture"; format: PictureFormat }
  | { type: "explore"; action: ExploreAction };

/** postingHost is a ViewHost that posts each call as a FromView message (a webview's host). */
export function postingHost(post: (m: FromView) => void): ViewHost {
  return {
    go: (move) => post({ type: "go", move }),
    play: (t) => post(t.slot !== undefined ? { type: "play", slot: t.slot } : { type: "play", cell: t.cell }),
    newGame: () => post({ type: "newGame" }),
    engine: (side) => post({ type: "engine", side }),
    level: (level) => post({ type: "level", level }),
    picture: (format) => post({ type: "picture", format }),
    explore: (action) => post({ type: "explore", action }),
  };
}
