// The board beside the editor: the page's host of the shared board view
// (editors/vscode/src/view: the same DOM and keys as the VS Code view; the
// board drawn by the server, svg: true, as there). It asks the server for
// the gamels/board answer at the cursor (nearest: a cursor outside every
// game shows the nearest game), the engine's value of the position shown
// (gamels/evaluate, dropped when the user steps on) and the values of the
// game (gamels/evaluations), and hands them to the view. As in VS Code,
// stepping moves the editor's cursor and the view follows it: the text is
// the one source of truth.
//
// The view offers what its host implements (ViewOptions): this host steps;
// playing, a new game, the engine's moves and pictures are left to the
// page's host (main.ts) through the hooks below.

import { LSPPlugin, type LSPClientExtension } from "@codemirror/lsp-client";
import { EditorSelection } from "@codemirror/state";
import type { EditorView } from "@codemirror/view";
import { movePosition } from "../../editors/vscode/src/board/steps";
import { isBoard, isEvaluation, isEvaluations, type Board } from "../../editors/vscode/src/board/types";
import { movesByNumber } from "../../editors/vscode/src/board/window";
import type { PlayTarget, EngineSide, PictureFormat, ToView } from "../../editors/vscode/src/view/host";
import { boardModel } from "../../editors/vscode/src/view/model";
import { BoardView as View, type ViewOptions } from "../../editors/vscode/src/view/view";

/**
 * The moves listed around the current one (as in VS Code), and the
 * movesAround asked for (gamels/board version 2: only those come, with
 * the count and the first, last, ending and earlier moves).
 */
const listAround = 60;

/**
 * annotatedExtension asks the server for gamels/annotated (the
 * experimental.gamelsAnnotated capability) and hands its document's URI to
 * onAnnotated, so that the view asks again for the values of its game when
 * the background annotations are done, rather than polling.
 */
export function annotatedExtension(onAnnotated: (uri: string) => void): LSPClientExtension {
  return {
    clientCapabilities: { experimental: { gamelsAnnotated: true } },
    notificationHandlers: {
      "gamels/annotated": (_client, params: { textDocument?: { uri?: string } }) => {
        const uri = params?.textDocument?.uri;
        if (typeof uri === "string") onAnnotated(uri);
        return true;
      },
    },
  };
}

/** What the page adds to stepping: each hook, when set, shows its button in the view. */
export interface BoardHooks {
  play?(b: Board, target: PlayTarget): void;
  newGame?(): void;
  engine?(side: EngineSide): void;
  picture?(b: Board, format: PictureFormat): void;
}

export class BoardView {
  private current: Board | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private seq = 0;
  /** The document version and game whose values the view has. */
  private valuesOf = "";
  /** valuesSeq numbers the gamels/evaluations requests: only the latest answer is shown. */
  private valuesSeq = 0;
  private readonly view: View;
  /** The document version the board shown was drawn from. */
  private version = 0;
  /** Called after each answer of the server's: the board, or undefined outside every game. */
  onShow: (b: Board | undefined) => void = () => {};
  /** Called after a board is drawn, with the element that held the focus in the old drawing (to give it back). */
  onDraw: (b: Board, had: Element | null) => void = () => {};

  constructor(
    private readonly editor: () => EditorView | undefined,
    private readonly root: HTMLElement,
    hooks: BoardHooks = {},
  ) {
    const options: ViewOptions = {
      newGame: !!hooks.newGame,
      engine: !!hooks.engine,
      pictures: hooks.picture ? ["svg", "png", "gif"] : [],
    };
    this.view = new View(
      root,
      {
        go: (k) => this.go(k),
        play: (t) => this.current && hooks.play?.(this.current, t),
        newGame: () => hooks.newGame?.(),
        engine: (side) => hooks.engine?.(side),
        picture: (f) => this.current && hooks.picture?.(this.current, f),
      },
      options,
    );
  }

  /** send hands the view a message (the page's hooks: status lines, the engine's side). */
  send(m: ToView): void {
    this.view.receive(m);
  }

  /** The board shown and the document version it was drawn from. */
  shown(): { board: Board; version: number } | undefined {
    return this.current && { board: this.current, version: this.version };
  }

  /** schedule asks for the board at the cursor after ms. */
  schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.update(), ms);
  }

  /** step moves the cursor by d moves (the editor's Alt-Left, Alt-Right). */
  step(d: number): boolean {
    if (!this.current || this.current.kind === "path") return false;
    this.go(this.current.move + d);
    return true;
  }

  private async request(plugin: LSPPlugin, pos: { line: number; character: number }): Promise<unknown> {
    const b = await plugin.client.request("gamels/board", {
      textDocument: { uri: plugin.uri },
      position: pos,
      movesAround: listAround,
      nearest: true,
      svg: true,
    });
    if (isBoard(b)) b.moves = movesByNumber(b);
    return b;
  }

  async update(): Promise<void> {
    const seq = ++this.seq;
    const view = this.editor();
    const plugin = view && LSPPlugin.get(view);
    if (!view || !plugin || !plugin.client.connected) {
      this.empty("Starting the language server…");
      return;
    }
    let board: unknown;
    let line = 0;
    let version = 0;
    try {
      await plugin.client.initializing;
      plugin.client.sync();
      version = plugin.client.workspace.getFile(plugin.uri)?.version ?? 0;
      const cursor = plugin.toPosition(view.state.selection.main.head);
      line = cursor.line;
      board = await this.request(plugin, cursor);
    } catch (err) {
      if (seq === this.seq) this.empty(`No board: ${err instanceof Error ? err.message : String((err as { message?: string })?.message ?? err)}`);
      return;
    }
    if (seq !== this.seq) return;
    if (!isBoard(board)) {
      this.empty(`Line ${line + 1}: the cursor is outside every game.`);
      this.onShow(undefined);
      return;
    }
    if (typeof board.svg !== "string") {
      this.empty("This gamels does not draw the board (gamels/board with svg).");
      return;
    }
    this.current = board;
    this.version = version;
    const name = decodeURIComponent(plugin.uri.slice(plugin.uri.lastIndexOf("/") + 1));
    const holder = this.root.querySelector("#board");
    const had = holder && holder.contains(document.activeElement) ? document.activeElement : null;
    this.view.receive({ type: "board", board: boardModel(board, name, board.svg, listAround, line) });
    this.onDraw(board, had);
    this.onShow(board);
    void this.evaluate(plugin, board, seq);
    const of = `${plugin.uri}@${version}#${board.game}`;
    if (of !== this.valuesOf) {
      this.valuesOf = of;
      void this.values(plugin, board);
    }
  }

  /** annotated is the server's gamels/annotated for uri: ask the values again. */
  annotated(uri: string): void {
    const view = this.editor();
    const plugin = view && LSPPlugin.get(view);
    const b = this.current;
    if (!plugin || !b || plugin.uri !== uri) return;
    void this.values(plugin, b);
    void this.evaluate(plugin, b, this.seq);
  }

  /**
   * evaluate asks the engine's value of the position b shows. The page's
   * client has no cancellation: an answer for a board no longer shown is
   * dropped (the view checks the game and move).
   */
  private async evaluate(plugin: LSPPlugin, b: Board, seq: number): Promise<void> {
    const p = movePosition(b.moves, b.move);
    if (b.kind === "path" || !p) {
      this.view.receive({ type: "evaluation", game: b.game, move: b.move, evaluation: null });
      return;
    }
    this.view.receive({ type: "evaluation", game: b.game, move: b.move, evaluation: null, pending: true });
    let e: unknown = null;
    try {
      e = await plugin.client.request("gamels/evaluate", { textDocument: { uri: plugin.uri }, position: p });
    } catch {
      e = null;
    }
    if (seq !== this.seq) return;
    this.view.receive({ type: "evaluation", game: b.game, move: b.move, evaluation: isEvaluation(e) ? e : null });
  }

  private async values(plugin: LSPPlugin, b: Board): Promise<void> {
    const p = movePosition(b.moves, b.move);
    if (b.kind === "path" || !p) {
      this.view.receive({ type: "evaluations", evaluations: null });
      return;
    }
    const seq = ++this.valuesSeq;
    let e: unknown = null;
    try {
      e = await plugin.client.request("gamels/evaluations", { textDocument: { uri: plugin.uri }, position: p });
    } catch {
      e = null;
    }
    if (seq !== this.valuesSeq) return;
    this.view.receive({ type: "evaluations", evaluations: isEvaluations(e) ? e : null });
  }

  private empty(message: string): void {
    this.current = undefined;
    this.view.receive({ type: "empty", message });
  }

  /** go moves the editor's cursor to move k of the game shown. */
  private go(k: number): void {
    const b = this.current;
    const view = this.editor();
    const plugin = view && LSPPlugin.get(view);
    if (!b || !view || !plugin) return;
    const p = movePosition(b.moves, Math.max(0, Math.min(k, b.moves.length)));
    if (!p) return;
    let pos: number;
    try {
      pos = plugin.unsyncedChanges.mapPos(plugin.fromPosition(p, plugin.syncedDoc));
    } catch {
      return;
    }
    view.dispatch({ selection: EditorSelection.cursor(pos), scrollIntoView: true });
    this.schedule(0);
  }
}
