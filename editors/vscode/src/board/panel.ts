// The board view: a webview beside the editor that draws, with svg.ts, the
// gamels/board answer at the cursor of the last Pousse, Spot or PATH editor,
// and follows the cursor. Stepping (the view's buttons, its keys Home, Left,
// Right, End, a click in its move list) moves that editor's cursor to the
// move, so the text stays the one source of truth; the view then follows.
//
// Playing: a click on a Pousse edge slot, or on a Spot or PATH cell, sends
// gamels/play for the position shown; the server answers with the edit,
// applied here with workspace.applyEdit (one undo step), and the cursor
// goes to the move written, so the view follows. In the middle of a game
// the server refuses until asked again with replaceRest: a modal asks
// first. "gamels: New Game" (the palette, the view's button) sends
// gamels/newGame. The rules and the wording are the server's.
//
// The webview runs one script (media/board.js) under a strict
// Content-Security-Policy: nothing remote, styles from the extension only,
// the script by its nonce.

import * as vscode from "vscode";
import { randomBytes } from "crypto";
import { boardSvg, describe, showsRepeat } from "./svg";
import { movePosition } from "./steps";
import { Board, Cell, isBoard, isPlayEdit, PlayEdit, Position } from "./types";
import { movesByNumber } from "./window";

export const showBoardCommand = "gamels.showBoard";
export const boardMethod = "gamels/board";
export const playMethod = "gamels/play";
export const newGameMethod = "gamels/newGame";
export const newGameCommand = "gamels.newGame";
const languages = new Set(["pousse", "spot", "path"]);

/** The part of the language client the view uses. */
export interface BoardClient {
  sendRequest(method: string, params: unknown): Promise<unknown>;
  isRunning(): boolean;
}

/** How long the view waits after a cursor move, and after an edit. */
const cursorDelay = 120;
const editDelay = 300;
/**
 * The moves listed around the current one, and the movesAround the view
 * asks for (gamels/board version 2: the server sends only those, plus the
 * count and the first, last, ending and earlier moves).
 */
const listAround = 60;

/** registerBoard registers the Show Board command and its view. */
export function registerBoard(context: vscode.ExtensionContext, client: () => BoardClient | undefined): void {
  const view = new BoardView(context.extensionUri, client);
  context.subscriptions.push(
    view,
    vscode.commands.registerCommand(showBoardCommand, (uri?: unknown) => view.show(uri)),
    vscode.commands.registerCommand(newGameCommand, () => view.newGame()),
  );
}

/** A message from the webview. */
type FromView =
  | { type: "ready" }
  | { type: "go"; move: number }
  | { type: "play"; slot?: string; cell?: Cell }
  | { type: "newGame" };

/** The sizes of a new game, and the one offered, by kind. */
const sizes: Record<string, { lo: number; hi: number; def: number }> = {
  pousse: { lo: 1, hi: 100, def: 4 },
  spot: { lo: 2, hi: 50, def: 4 },
  path: { lo: 1, hi: 80, def: 5 },
};

/** A refusal of the server: its message without the "gamels: " prefix, and data.code. */
function refusal(err: unknown): { message: string; code: string; replaced?: number } {
  const e = err as { message?: string; data?: { code?: string; replaced?: number } };
  const message = String(e?.message ?? err).replace(/^gamels: /, "");
  return { message, code: String(e?.data?.code ?? ""), replaced: e?.data?.replaced };
}

class BoardView implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private editor: vscode.TextEditor | undefined;
  private current: Board | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private seq = 0;
  private readonly listeners: vscode.Disposable[] = [];

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly client: () => BoardClient | undefined,
  ) {}

  show(uri?: unknown): void {
    const active = vscode.window.activeTextEditor;
    const fromTitle =
      uri instanceof vscode.Uri
        ? vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri.toString())
        : undefined;
    const ed = fromTitle ?? active;
    if (ed && languages.has(ed.document.languageId)) {
      this.editor = ed;
    }
    if (this.panel) {
      this.panel.reveal(undefined, true);
      this.schedule(0);
      return;
    }
    const media = vscode.Uri.joinPath(this.extensionUri, "media");
    const panel = vscode.window.createWebviewPanel(
      "gamels.board",
      "gamels: Board",
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { enableScripts: true, localResourceRoots: [media] },
    );
    this.panel = panel;
    panel.webview.html = html(panel.webview, media);
    this.listeners.push(
      panel.webview.onDidReceiveMessage((m: FromView) => this.receive(m)),
      panel.onDidDispose(() => this.closed()),
      vscode.window.onDidChangeTextEditorSelection((e) => {
        if (languages.has(e.textEditor.document.languageId)) {
          this.editor = e.textEditor;
          this.schedule(cursorDelay);
        }
      }),
      vscode.window.onDidChangeActiveTextEditor((e) => {
        if (e && languages.has(e.document.languageId) && e !== this.editor) {
          this.editor = e;
          this.schedule(0);
        }
      }),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document === this.editor?.document) {
          this.schedule(editDelay);
        }
      }),
    );
    this.schedule(0);
  }

  dispose(): void {
    this.panel?.dispose();
    this.closed();
  }

  private closed(): void {
    this.panel = undefined;
    if (this.timer) clearTimeout(this.timer);
    for (const l of this.listeners.splice(0)) l.dispose();
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.update();
    }, ms);
  }

  private post(msg: unknown): void {
    void this.panel?.webview.postMessage(msg);
  }

  private empty(message: string): void {
    this.current = undefined;
    this.post({ type: "empty", message });
  }

  private async request(doc: vscode.TextDocument, p: Position): Promise<unknown> {
    const c = this.client();
    if (!c || !c.isRunning()) {
      throw new Error("the gamels server is not running");
    }
    return c.sendRequest(boardMethod, {
      textDocument: { uri: doc.uri.toString() },
      position: { line: p.line, character: p.character },
      movesAround: listAround,
    });
  }

  /** update asks for the board at the editor's cursor and draws it. */
  private async update(): Promise<void> {
    const seq = ++this.seq;
    const ed = this.editor;
    if (!this.panel) return;
    if (!ed || ed.document.isClosed) {
      this.empty("Open a .pousse, .spot or .path file: the board at its cursor is drawn here.");
      return;
    }
    const doc = ed.document;
    const cursor = ed.selection.active;
    let board: unknown;
    let earlier: Board | undefined;
    try {
      board = await this.request(doc, cursor);
      if (isBoard(board)) board.moves = movesByNumber(board);
      if (isBoard(board) && showsRepeat(board)) {
        // The answer has the earlier move's number only: ask at that move.
        const at = movePosition(board.moves, board.earlier);
        const e = at ? await this.request(doc, at) : undefined;
        if (isBoard(e)) e.moves = movesByNumber(e);
        earlier = isBoard(e) ? e : undefined;
      }
    } catch (err) {
      if (seq === this.seq) {
        this.empty(`No board: ${String(err instanceof Error ? err.message : err)}`);
        // The server may be starting (or restarting): ask again in a while.
        if (!this.client()?.isRunning()) this.schedule(1000);
      }
      return;
    }
    if (seq !== this.seq) return;
    if (!isBoard(board)) {
      this.empty(`${basename(doc.uri)}, line ${cursor.line + 1}: the cursor is outside every game.`);
      return;
    }
    this.current = board;
    const from = Math.max(0, board.move - listAround);
    const to = Math.min(board.moves.length, board.move + listAround);
    this.post({
      type: "board",
      file: basename(doc.uri),
      title: describe(board),
      kind: board.kind,
      verdict: board.verdict,
      move: board.move,
      played: board.played,
      end: board.end,
      count: board.moves.length,
      from,
      moves: board.moves
        .slice(from, to)
        .filter((m) => m !== undefined)
        .map((m) => ({ move: m.move, text: m.text, line: m.range.start.line + 1 })),
      svg: boardSvg(board, { earlier }),
    });
  }

  private receive(m: FromView): void {
    if (m.type === "ready") {
      this.schedule(0);
      return;
    }
    if (m.type === "go" && typeof m.move === "number") {
      void this.go(m.move);
    }
    if (m.type === "play") {
      void this.play(m.slot, m.cell);
    }
    if (m.type === "newGame") {
      void this.newGame();
    }
  }

  /** status shows a line under the board: why a move was refused, what was written. */
  private status(message: string, error = false): void {
    this.post({ type: "status", message, error });
  }

  /**
   * play sends gamels/play for the position shown and applies the answer.
   * In the middle of a game the server refuses (would-replace): a modal
   * asks, and "Replace the rest" sends it again with replaceRest.
   */
  private async play(slot?: string, cell?: Cell): Promise<void> {
    const b = this.current;
    const ed = this.editor;
    const c = this.client();
    if (!b || !ed || ed.document.isClosed || !c || !c.isRunning()) return;
    const doc = ed.document;
    const version = doc.version;
    const params = {
      textDocument: { uri: doc.uri.toString(), version },
      game: b.game,
      move: b.kind === "path" ? 0 : b.move,
      ...(slot !== undefined ? { slot } : {}),
      ...(cell !== undefined ? { cell: { row: cell.row, col: cell.col } } : {}),
    };
    let res: unknown;
    try {
      res = await c.sendRequest(playMethod, params);
    } catch (err) {
      const r = refusal(err);
      if (r.code === "would-replace") {
        const replace = "Replace the rest";
        const choice = await vscode.window.showWarningMessage(
          `Play here, at move ${b.move + 1}?`,
          { modal: true, detail: `${r.message.replace(/; ask again.*$/, "")}.` },
          replace,
        );
        if (choice !== replace) {
          this.status("Nothing written: the moves after this one are kept.");
          return;
        }
        try {
          res = await c.sendRequest(playMethod, { ...params, replaceRest: true });
        } catch (err2) {
          this.refused(refusal(err2));
          return;
        }
      } else {
        this.refused(r);
        return;
      }
    }
    if (!isPlayEdit(res)) {
      this.status("The server's answer to the move is not an edit.", true);
      return;
    }
    const what = b.kind === "path" ? `cell ${cell?.row} ${cell?.col}: ${res.text}` : `move ${res.move}: ${res.text}`;
    if (await this.apply(doc, version, res)) {
      this.status(res.replaced ? `Played ${what}, replacing ${res.replaced} move(s).` : `Played ${what}.`);
    }
  }

  private refused(r: { message: string; code: string }): void {
    this.status(r.message, true);
    if (r.code === "stale-version") this.schedule(0);
  }

  /**
   * apply applies the edit of a gamels/play or gamels/newGame answer to doc,
   * which must still be at version: one workspace edit, one undo step. Then
   * the cursor goes to the position the answer names, and the view follows.
   */
  private async apply(doc: vscode.TextDocument, version: number, res: PlayEdit): Promise<boolean> {
    if (doc.isClosed || doc.version !== version) {
      this.status("The document changed meanwhile: nothing written; the board is redrawn.", true);
      this.schedule(0);
      return false;
    }
    const we = new vscode.WorkspaceEdit();
    for (const e of res.edit.documentChanges[0].edits) {
      const r = e.range;
      we.replace(doc.uri, new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character), e.newText);
    }
    if (!(await vscode.workspace.applyEdit(we))) {
      this.status("VS Code did not apply the edit: nothing written.", true);
      return false;
    }
    const pos = new vscode.Position(res.position.line, res.position.character);
    const sel = new vscode.Selection(pos, pos);
    const visible = vscode.window.visibleTextEditors.find((e) => e.document === doc);
    if (visible) {
      visible.selection = sel;
      visible.revealRange(sel, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
      this.editor = visible;
    }
    this.schedule(0);
    return true;
  }

  /** newGame asks the size and adds a new game to the transcript (gamels/newGame). */
  async newGame(): Promise<void> {
    const active = vscode.window.activeTextEditor;
    const ed = active && languages.has(active.document.languageId) ? active : this.editor;
    if (!ed || ed.document.isClosed) {
      void vscode.window.showInformationMessage("gamels: open a .pousse, .spot or .path file to add a game to it.");
      return;
    }
    const c = this.client();
    if (!c || !c.isRunning()) {
      void vscode.window.showErrorMessage("gamels: the server is not running.");
      return;
    }
    const doc = ed.document;
    const z = sizes[doc.languageId];
    const input = await vscode.window.showInputBox({
      title: "gamels: New Game",
      prompt: `The board size N of the new ${doc.languageId} game (${z.lo} to ${z.hi})`,
      value: String(z.def),
      validateInput: (v) => {
        const n = Number(v);
        return Number.isInteger(n) && n >= z.lo && n <= z.hi ? undefined : `a whole number from ${z.lo} to ${z.hi}`;
      },
    });
    if (input === undefined) return;
    const version = doc.version;
    let res: unknown;
    try {
      res = await c.sendRequest(newGameMethod, { textDocument: { uri: doc.uri.toString(), version }, size: Number(input) });
    } catch (err) {
      void vscode.window.showErrorMessage(`gamels: ${refusal(err).message}`);
      return;
    }
    if (isPlayEdit(res)) {
      this.editor = ed;
      if (await this.apply(doc, version, res)) this.status(`New game ${res.game}: ${input}×${input}.`);
    }
  }

  /** go moves the editor's cursor to move k of the game shown. */
  private async go(k: number): Promise<void> {
    const b = this.current;
    const ed = this.editor;
    if (!b || !ed || ed.document.isClosed) return;
    const p = movePosition(b.moves, k);
    if (!p) return;
    const pos = new vscode.Position(p.line, p.character);
    const sel = new vscode.Selection(pos, pos);
    const visible = vscode.window.visibleTextEditors.find((e) => e.document === ed.document);
    if (visible) {
      visible.selection = sel;
      visible.revealRange(sel, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
      this.editor = visible;
    } else {
      this.editor = await vscode.window.showTextDocument(ed.document, {
        viewColumn: ed.viewColumn ?? vscode.ViewColumn.One,
        preserveFocus: true,
        selection: sel,
      });
    }
    this.schedule(0);
  }
}

function basename(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf("/") + 1);
}

/** html is the webview's page: the strict CSP, the stylesheet, the one script by its nonce. */
function html(webview: vscode.Webview, media: vscode.Uri): string {
  const nonce = randomBytes(16).toString("base64");
  const css = webview.asWebviewUri(vscode.Uri.joinPath(media, "board.css"));
  const js = webview.asWebviewUri(vscode.Uri.joinPath(media, "board.js"));
  const csp = [
    "default-src 'none'",
    `style-src ${webview.cspSource}`,
    `img-src ${webview.cspSource}`,
    `font-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join("; ");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${css}">
<title>gamels: Board</title>
</head>
<body>
<header>
  <button id="newGame" class="new-game" title="Add a new game to the transcript (gamels: New Game)">New game</button>
  <div id="title" class="title"></div>
  <div id="verdict" class="verdict"></div>
</header>
<nav class="controls" aria-label="Step through the moves">
  <button id="first" title="First: before the first move (Home)" aria-label="First">|◀</button>
  <button id="prev" title="Previous move (Left)" aria-label="Previous">◀</button>
  <span id="pos" class="pos"></span>
  <button id="next" title="Next move (Right)" aria-label="Next">▶</button>
  <button id="last" title="Last move (End)" aria-label="Last">▶|</button>
</nav>
<main>
  <div id="board" class="board" tabindex="0"></div>
  <ol id="moves" class="moves"></ol>
</main>
<p id="status" class="status" role="status"></p>
<p id="empty" class="empty" hidden></p>
<script nonce="${nonce}" src="${js}"></script>
</body>
</html>`;
}
