// The board beside the editor: the gamels/board answer at the cursor,
// drawn by the VS Code view's own drawing module
// (editors/vscode/src/board/svg.ts), stepped with the same buttons and
// keys (Home, Left, Right, End in the view; a click on a move). As in VS
// Code, stepping moves the editor's cursor and the view follows it: the
// text is the one source of truth.
//
// Nothing from the transcript is inserted as HTML: titles, verdicts and
// moves are textContent; the SVG, whose texts the drawing escapes, is
// parsed as XML (DOMParser, image/svg+xml: no script runs) and adopted.

import { LSPPlugin } from "@codemirror/lsp-client";
import { EditorSelection } from "@codemirror/state";
import type { EditorView } from "@codemirror/view";
import { boardSvg, describe, showsRepeat } from "../../editors/vscode/src/board/svg";
import { movePosition } from "../../editors/vscode/src/board/steps";
import { isBoard, type Board } from "../../editors/vscode/src/board/types";
import { movesByNumber } from "../../editors/vscode/src/board/window";

/**
 * The moves listed around the current one (as in VS Code), and the
 * movesAround asked for (gamels/board version 2: only those come, with
 * the count and the first, last, ending and earlier moves).
 */
const listAround = 60;

const $ = (id: string) => document.getElementById(id)!;

export class BoardView {
  private current: Board | undefined;
  /** The document version the board shown was drawn from. */
  private version = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private seq = 0;
  /** Called after each answer of the server's: the board, or undefined outside every game. */
  onShow: (b: Board | undefined) => void = () => {};
  /** Called after a board is drawn, with the element that held the focus in the old one (play.ts). */
  onDraw: (b: Board, had: Element | null) => void = () => {};

  /** The board shown and the document version it was drawn from. */
  shown(): { board: Board; version: number } | undefined {
    return this.current && { board: this.current, version: this.version };
  }

  constructor(private readonly view: () => EditorView | undefined) {
    $("first").addEventListener("click", () => this.go(0));
    $("prev").addEventListener("click", () => this.go((this.current?.move ?? 0) - 1));
    $("next").addEventListener("click", () => this.go((this.current?.move ?? 0) + 1));
    $("last").addEventListener("click", () => this.go(this.current?.moves.length ?? 0));
    $("moves").addEventListener("click", (e) => {
      const li = (e.target as Element).closest("li[data-move]") as HTMLElement | null;
      if (li) this.go(Number(li.dataset.move));
    });
    $("boardview").addEventListener("keydown", (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const b = this.current;
      if (!b) return;
      const k = ({ Home: 0, End: b.moves.length, ArrowLeft: b.move - 1, ArrowRight: b.move + 1 } as Record<string, number>)[e.key];
      if (k !== undefined) {
        e.preventDefault();
        this.go(k);
      }
    });
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
    const b = await plugin.client.request("gamels/board", { textDocument: { uri: plugin.uri }, position: pos, movesAround: listAround });
    if (isBoard(b)) b.moves = movesByNumber(b);
    return b;
  }

  async update(): Promise<void> {
    const seq = ++this.seq;
    const view = this.view();
    const plugin = view && LSPPlugin.get(view);
    if (!view || !plugin || !plugin.client.connected) {
      this.empty("Starting the language server…");
      return;
    }
    let board: unknown;
    let earlier: Board | undefined;
    let version = 0;
    try {
      await plugin.client.initializing;
      plugin.client.sync();
      version = plugin.client.workspace.getFile(plugin.uri)?.version ?? 0;
      const cursor = plugin.toPosition(view.state.selection.main.head);
      board = await this.request(plugin, cursor);
      if (isBoard(board) && showsRepeat(board)) {
        const at = movePosition(board.moves, board.earlier);
        const e = at ? await this.request(plugin, at) : undefined;
        earlier = isBoard(e) ? e : undefined;
      }
    } catch (err) {
      if (seq === this.seq) this.empty(`No board: ${err instanceof Error ? err.message : String((err as { message?: string })?.message ?? err)}`);
      return;
    }
    if (seq !== this.seq) return;
    if (!isBoard(board)) {
      const line = view.state.doc.lineAt(view.state.selection.main.head).number;
      this.empty(`Line ${line}: the cursor is outside every game.`);
      this.onShow(undefined);
      return;
    }
    this.show(board, earlier, version);
  }

  private show(b: Board, earlier: Board | undefined, version: number): void {
    this.current = b;
    this.version = version;
    $("empty").hidden = true;
    $("boardmain").hidden = false;
    $("controls").hidden = false;
    $("title").textContent = describe(b);
    $("verdict").textContent = b.verdict;
    $("pos").textContent = b.kind === "path" ? "" : `${b.move} / ${b.moves.length}`;
    const svg = new DOMParser().parseFromString(boardSvg(b, { earlier }), "image/svg+xml").documentElement;
    const holder = $("board");
    const had = holder.contains(document.activeElement) ? document.activeElement : null;
    if (svg.nodeName === "svg") holder.replaceChildren(document.importNode(svg, true));
    else holder.replaceChildren();
    this.onDraw(b, had);
    const lastCell = holder.querySelector("rect.cell.last");
    lastCell?.scrollIntoView({ block: "nearest", inline: "nearest" });
    const list = $("moves") as HTMLOListElement;
    const from = Math.max(0, b.move - listAround);
    const to = Math.min(b.moves.length, b.move + listAround);
    list.replaceChildren();
    list.start = from + 1;
    for (const mv of b.moves.slice(from, to)) {
      if (!mv) continue; // outside the answer's window
      const li = document.createElement("li");
      li.dataset.move = String(mv.move);
      li.textContent = mv.text;
      li.title = `move ${mv.move}, line ${mv.range.start.line + 1}`;
      if (mv.move === b.move) li.className = "current";
      else if (b.end > 0 && mv.move > b.end) li.className = "unplayed";
      list.appendChild(li);
    }
    list.querySelector(".current")?.scrollIntoView({ block: "nearest" });
    for (const id of ["first", "prev"]) ($(id) as HTMLButtonElement).disabled = b.kind === "path" || b.move <= 0;
    for (const id of ["next", "last"]) ($(id) as HTMLButtonElement).disabled = b.kind === "path" || b.move >= b.moves.length;
    this.onShow(b);
  }

  private empty(message: string): void {
    this.current = undefined;
    $("title").textContent = "";
    $("verdict").textContent = "";
    $("board").replaceChildren();
    $("moves").replaceChildren();
    $("boardmain").hidden = true;
    $("controls").hidden = true;
    $("empty").textContent = message;
    $("empty").hidden = false;
  }

  /** go moves the editor's cursor to move k of the game shown. */
  private go(k: number): void {
    const b = this.current;
    const view = this.view();
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
