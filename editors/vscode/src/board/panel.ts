// The board view: a webview beside the editor that draws, with svg.ts, the
// gamels/board answer at the cursor of the last Pousse, Spot or PATH editor,
// and follows the cursor. Stepping (the view's buttons, its keys Home, Left,
// Right, End, a click in its move list) moves that editor's cursor to the
// move, so the text stays the one source of truth; the view then follows.
//
// The webview runs one script (media/board.js) under a strict
// Content-Security-Policy: nothing remote, styles from the extension only,
// the script by its nonce.

import * as vscode from "vscode";
import { randomBytes } from "crypto";
import { boardSvg, describe, showsRepeat } from "./svg";
import { movePosition } from "./steps";
import { Board, isBoard, Position } from "./types";

export const showBoardCommand = "gamels.showBoard";
export const boardMethod = "gamels/board";
const languages = new Set(["pousse", "spot", "path"]);

/** The part of the language client the view uses. */
export interface BoardClient {
  sendRequest(method: string, params: unknown): Promise<unknown>;
  isRunning(): boolean;
}

/** How long the view waits after a cursor move, and after an edit. */
const cursorDelay = 120;
const editDelay = 300;
/** The moves listed around the current one (the list of a long game is cut). */
const listAround = 60;

/** registerBoard registers the Show Board command and its view. */
export function registerBoard(context: vscode.ExtensionContext, client: () => BoardClient | undefined): void {
  const view = new BoardView(context.extensionUri, client);
  context.subscriptions.push(
    view,
    vscode.commands.registerCommand(showBoardCommand, (uri?: unknown) => view.show(uri)),
  );
}

/** A message from the webview. */
type FromView = { type: "ready" } | { type: "go"; move: number };

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
      if (isBoard(board) && showsRepeat(board)) {
        // The answer has the earlier move's number only: ask at that move.
        const at = movePosition(board.moves, board.earlier);
        const e = at ? await this.request(doc, at) : undefined;
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
      moves: board.moves.slice(from, to).map((m) => ({ move: m.move, text: m.text, line: m.range.start.line + 1 })),
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
<p id="empty" class="empty" hidden></p>
<script nonce="${nonce}" src="${js}"></script>
</body>
</html>`;
}
