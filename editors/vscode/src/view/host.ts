// The board view's two interfaces, shared by its hosts (the VS Code
// webview and the web page): what a host tells the view (ToView, the
// view's input) and what the view asks of its host (ViewHost, from the
// user's clicks and keys). The view (view.ts) draws and listens; the host
// talks to the server and owns the text: stepping moves the editor's
// cursor, playing writes the transcript, and the host then sends the new
// board. Nothing here knows VS Code or the DOM.

import type { Cell, Evaluation, Evaluations } from "../board/types";

/** A move from the board: a Pousse edge slot ("T3") or a Spot or PATH cell. */
export type PlayTarget = { slot: string; cell?: undefined } | { cell: Cell; slot?: undefined };

/** Which side the engine plays after the user's move from the board. */
export type EngineSide = "off" | "X" | "O";

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
  /** picture makes a picture of the position shown (gamels/picture): "svg" to the clipboard, "png" and "gif" to a file. */
  picture(format: PictureFormat): void;
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
}

/** What a host tells the view. */
export type ToView =
  | { type: "board"; board: BoardModel }
  | { type: "empty"; message: string }
  | { type: "status"; message: string; error?: boolean }
  /** The engine's value of the position shown; null: none (PATH, the game over, the engine's answer failed). */
  | { type: "evaluation"; game: number; move: number; evaluation: Evaluation | null; pending?: boolean }
  /** The values of the game shown move by move; null: none. */
  | { type: "evaluations"; evaluations: Evaluations | null }
  | { type: "engine"; side: EngineSide };

/** What the view asks of its host, as a message (the VS Code webview posts these). */
export type FromView =
  | { type: "ready" }
  | { type: "go"; move: number }
  | { type: "play"; slot?: string; cell?: Cell }
  | { type: "newGame" }
  | { type: "engine"; side: EngineSide }
  | { type: "picture"; format: PictureFormat };

/** postingHost is a ViewHost that posts each call as a FromView message (a webview's host). */
export function postingHost(post: (m: FromView) => void): ViewHost {
  return {
    go: (move) => post({ type: "go", move }),
    play: (t) => post(t.slot !== undefined ? { type: "play", slot: t.slot } : { type: "play", cell: t.cell }),
    newGame: () => post({ type: "newGame" }),
    engine: (side) => post({ type: "engine", side }),
    picture: (format) => post({ type: "picture", format }),
  };
}
