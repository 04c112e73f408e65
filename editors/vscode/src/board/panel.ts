// The board view: a webview beside the editor that shows the gamels/board
// answer at the cursor of the last Pousse, Spot or PATH editor, drawn by the
// server (svg: true; the one drawing, internal/picture), and follows the
// cursor. A cursor outside every game shows the nearest game (nearest:
// true), and the view says so. Stepping (the view's buttons, its keys Home,
// Left, Right, End, n and N, a click in its move list or its strip of
// values) moves that editor's cursor to the move, so the text stays the one
// source of truth; the view then follows.
//
// The engine: for each position shown, gamels/evaluate gives the value line
// and the best move (cancelled when the user steps on); for the game shown,
// gamels/evaluations the strip of values and the annotated moves, asked
// again on the server's gamels/annotated. "Engine plays X / O / off": after
// a move from the board, gamels.playEngineMove writes the engine's answer.
// Copy SVG, Save PNG and Save animation: gamels/picture.
//
// Playing: a click on a Pousse edge slot, or on a Spot or PATH cell, sends
// gamels/play for the position shown; the server answers with the edit,
// applied here with workspace.applyEdit (one undo step), and the cursor
// goes to the move written, so the view follows. In the middle of a game
// the server refuses until asked again with replaceRest: a modal asks
// first. "gamels: New Game" (the palette, the view's button) sends
// gamels/newGame. The rules and the wording are the server's.
//
// The webview runs one script, the shared view (src/view, bundled into
// dist/board.js), under a strict Content-Security-Policy: nothing remote,
// styles from the extension only, the script by its nonce.

import * as vscode from "vscode";
import { randomBytes } from "crypto";
import { movePosition } from "./steps";
import { Board, Cell, Evaluations, isBoard, isEvaluation, isEvaluations, isPicture, isPlayEdit, PlayEdit, Position } from "./types";
import { movesByNumber } from "./window";
import type { EngineSide, FromView, PictureFormat, ToView } from "../view/host";
import { boardModel, engineAnswers } from "../view/model";

export const showBoardCommand = "gamels.showBoard";
export const boardMethod = "gamels/board";
export const playMethod = "gamels/play";
export const newGameMethod = "gamels/newGame";
export const evaluateMethod = "gamels/evaluate";
export const evaluationsMethod = "gamels/evaluations";
export const pictureMethod = "gamels/picture";
export const annotatedNotification = "gamels/annotated";
export const engineMoveCommand = "gamels.playEngineMove";
export const newGameCommand = "gamels.newGame";
const languages = new Set(["pousse", "spot", "path"]);

/** The part of the language client the view uses. */
export interface BoardClient {
  sendRequest(method: string, params: unknown, token?: vscode.CancellationToken): Promise<unknown>;
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

/**
 * registerBoard registers the Show Board command and its view. It returns
 * the function the extension calls on the server's gamels/annotated
 * notification (the view then asks again for the values of its game).
 */
export function registerBoard(
  context: vscode.ExtensionContext,
  client: () => BoardClient | undefined,
): (params: unknown) => void {
  const view = new BoardView(context.extensionUri, client);
  context.subscriptions.push(
    view,
    vscode.commands.registerCommand(showBoardCommand, (uri?: unknown) => view.show(uri)),
    vscode.commands.registerCommand(newGameCommand, () => view.newGame()),
  );
  return (params) => view.annotated(params);
}

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
  /** The document (uri and version) and game whose values the view has, or is asking for. */
  private valuesOf = "";
  /**
   * valuesSeq numbers the gamels/evaluations requests: only the latest
   * answer is shown. The server answers requests concurrently, so a
   * "pending" answer asked before gamels/annotated can arrive after the
   * complete one asked on it.
   */
  private valuesSeq = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private seq = 0;
  /** The search of the position shown (gamels/evaluate), cancelled by the next step. */
  private evaluating: vscode.CancellationTokenSource | undefined;
  private side: EngineSide = "off";
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
    const dist = vscode.Uri.joinPath(this.extensionUri, "dist");
    const panel = vscode.window.createWebviewPanel(
      "gamels.board",
      "gamels: Board",
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { enableScripts: true, localResourceRoots: [media, dist] },
    );
    this.panel = panel;
    panel.webview.html = html(panel.webview, media, dist);
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
    this.valuesOf = "";
    this.evaluating?.cancel();
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

  private post(msg: ToView): void {
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
      nearest: true,
      svg: true,
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
    try {
      board = await this.request(doc, cursor);
      if (isBoard(board)) board.moves = movesByNumber(board);
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
    if (typeof board.svg !== "string") {
      this.empty("This gamels does not draw the board (gamels/board with svg): the view needs a newer gamels.");
      return;
    }
    this.current = board;
    this.post({ type: "board", board: boardModel(board, basename(doc.uri), board.svg, listAround, cursor.line) });
    this.post({ type: "engine", side: this.side });
    void this.evaluate(doc, board);
    const of = `${doc.uri.toString()}@${doc.version}#${board.game}`;
    if (of !== this.valuesOf) {
      this.valuesOf = of;
      void this.values(doc, board);
    }
  }

  /** at is where the editor's cursor shows the board b: its move's start, or the game's N line for move 0. */
  private at(b: Board): Position | undefined {
    return movePosition(b.moves, b.move);
  }

  /**
   * evaluate asks the engine's value of the position b shows
   * (gamels/evaluate) and sends it to the view; the next step cancels it.
   */
  private async evaluate(doc: vscode.TextDocument, b: Board): Promise<void> {
    this.evaluating?.cancel();
    this.evaluating?.dispose();
    this.evaluating = undefined;
    const c = this.client();
    const p = this.at(b);
    if (b.kind === "path" || !c || !c.isRunning() || !p) {
      this.post({ type: "evaluation", game: b.game, move: b.move, evaluation: null });
      return;
    }
    const cts = new vscode.CancellationTokenSource();
    this.evaluating = cts;
    this.post({ type: "evaluation", game: b.game, move: b.move, evaluation: null, pending: true });
    let e: unknown;
    try {
      e = await c.sendRequest(evaluateMethod, { textDocument: { uri: doc.uri.toString() }, position: p }, cts.token);
    } catch (err) {
      // No value (a server without gamels/evaluate, a position the engine
      // does not search): the line stays empty; the status line is the moves'.
      if (!cts.token.isCancellationRequested) this.post({ type: "evaluation", game: b.game, move: b.move, evaluation: null });
      return;
    }
    if (cts.token.isCancellationRequested) return;
    this.post({ type: "evaluation", game: b.game, move: b.move, evaluation: isEvaluation(e) ? e : null });
  }

  /** values asks the values of b's game move by move (gamels/evaluations) and sends them to the view. */
  private async values(doc: vscode.TextDocument, b: Board): Promise<void> {
    const c = this.client();
    const p = this.at(b);
    if (b.kind === "path" || !c || !c.isRunning() || !p) {
      this.post({ type: "evaluations", evaluations: null });
      return;
    }
    const seq = ++this.valuesSeq;
    let e: unknown;
    try {
      e = await c.sendRequest(evaluationsMethod, { textDocument: { uri: doc.uri.toString() }, position: p });
    } catch {
      e = null;
    }
    if (seq !== this.valuesSeq) return;
    this.post({ type: "evaluations", evaluations: isEvaluations(e) ? (e as Evaluations) : null });
  }

  /** annotated is the server's gamels/annotated: the values of the document's games changed; ask again. */
  annotated(params: unknown): void {
    const uri = (params as { textDocument?: { uri?: string } })?.textDocument?.uri;
    const ed = this.editor;
    const b = this.current;
    if (!this.panel || !ed || !b || ed.document.isClosed || uri !== ed.document.uri.toString()) return;
    this.valuesOf = `${ed.document.uri.toString()}@${ed.document.version}#${b.game}`;
    void this.values(ed.document, b);
    void this.evaluate(ed.document, b);
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
    if (m.type === "engine" && (m.side === "off" || m.side === "X" || m.side === "O")) {
      this.side = m.side;
      this.post({ type: "engine", side: m.side });
      this.status(m.side === "off" ? "The engine plays no side." : `The engine plays ${m.side}: it answers each move from the board.`);
    }
    if (m.type === "picture" && (m.format === "svg" || m.format === "png" || m.format === "gif")) {
      void this.picture(m.format);
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
      if (typeof res.move === "number" && engineAnswers(this.side, b.kind, res.move)) {
        await this.engineMove(doc, b.game, res.move);
      }
    }
  }

  /**
   * engineMove has the engine answer move (1-based) of game: the server's
   * gamels.playEngineMove searches (with its own progress, which VS Code
   * shows) and writes the move as its own edit; the cursor then goes to it.
   */
  private async engineMove(doc: vscode.TextDocument, game: number, move: number): Promise<void> {
    const c = this.client();
    if (!c || !c.isRunning() || doc.isClosed) return;
    this.status(`Played move ${move}; the engine (${this.side}) is thinking…`);
    let res: unknown;
    try {
      res = await c.sendRequest("workspace/executeCommand", {
        command: engineMoveCommand,
        arguments: [doc.uri.toString(), doc.version, game, move],
      });
    } catch (err) {
      this.status(`The engine did not answer: ${refusal(err).message}`, true);
      return;
    }
    const r = res as Partial<PlayEdit> | null;
    this.status(`The engine played move ${r?.move ?? move + 1}${r?.text ? `: ${r.text}` : ""}.`);
    const p = r?.position;
    const visible = vscode.window.visibleTextEditors.find((e) => e.document === doc);
    if (p && typeof p.line === "number" && visible) {
      const pos = new vscode.Position(p.line, p.character);
      visible.selection = new vscode.Selection(pos, pos);
      visible.revealRange(visible.selection, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
      this.editor = visible;
    }
    this.schedule(0);
  }

  /**
   * picture asks the server for a picture of the position shown
   * (gamels/picture): "svg" goes to the clipboard; "png" and "gif" (the
   * whole game) to a file chosen in the save dialog.
   */
  private async picture(format: PictureFormat): Promise<void> {
    const b = this.current;
    const ed = this.editor;
    const c = this.client();
    const p = b && this.at(b);
    if (!b || !ed || ed.document.isClosed || !c || !c.isRunning() || !p) return;
    // A PNG or GIF in the editor's colours; an SVG in every theme's, following its viewer ("auto").
    const theme = format === "svg" ? "auto" : themeName(vscode.window.activeColorTheme.kind);
    let res: unknown;
    try {
      res = await c.sendRequest(pictureMethod, { textDocument: { uri: ed.document.uri.toString() }, position: p, format, theme });
    } catch (err) {
      this.status(`No picture: ${refusal(err).message}`, true);
      return;
    }
    if (!isPicture(res)) {
      this.status("The server's answer is not a picture.", true);
      return;
    }
    if (format === "svg") {
      await vscode.env.clipboard.writeText(res.data);
      this.status(`Copied the board as SVG (${res.data.length} characters).`);
      return;
    }
    const dir = vscode.Uri.joinPath(ed.document.uri, "..");
    const target = await vscode.window.showSaveDialog({
      defaultUri: vscode.Uri.joinPath(dir, res.name),
      filters: format === "png" ? { "PNG picture": ["png"] } : { "GIF animation": ["gif"] },
      title: format === "png" ? "gamels: Save PNG" : "gamels: Save animation",
    });
    if (!target) {
      this.status("Nothing saved.");
      return;
    }
    const bytes = Buffer.from(res.data, "base64");
    await vscode.workspace.fs.writeFile(target, bytes);
    this.status(`Saved ${basename(target)} (${bytes.length} bytes).`);
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

/** themeName is gamels/picture's name of a colour theme kind. */
function themeName(kind: vscode.ColorThemeKind): string {
  switch (kind) {
    case vscode.ColorThemeKind.Light:
      return "light";
    case vscode.ColorThemeKind.HighContrast:
      return "hc-dark";
    case vscode.ColorThemeKind.HighContrastLight:
      return "hc-light";
    default:
      return "dark";
  }
}

function basename(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf("/") + 1);
}

/** html is the webview's page: the strict CSP, the stylesheet, the one script by its nonce. */
function html(webview: vscode.Webview, media: vscode.Uri, dist: vscode.Uri): string {
  const nonce = randomBytes(16).toString("base64");
  const css = webview.asWebviewUri(vscode.Uri.joinPath(media, "board.css"));
  const js = webview.asWebviewUri(vscode.Uri.joinPath(dist, "board.js"));
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
<script nonce="${nonce}" src="${js}"></script>
</body>
</html>`;
}
