// The board view: a webview beside the editor that shows the board at the
// cursor of the last Pousse, Spot or PATH editor and follows the cursor.
// Everything it does with the server lives in the shared board session
// (editors/board/session.ts, the page's too); this file is its VS Code
// adapter: the server port (the language client, a CancellationToken for
// the session's AbortSignal), the editor port (the cursor, moving it, a
// workspace edit at a version as one undo step, a modal question, the size
// box, the clipboard and the save dialog), and the webview with the shared
// view (editors/board/view.ts, bundled into dist/board.js) under a strict
// Content-Security-Policy: nothing remote, styles from the extension only,
// the script by its nonce. A webview recreated (the tab hidden and shown
// again) says ready, and the session sends it everything again.

import * as vscode from "vscode";
import { randomBytes } from "crypto";
import { engineLevels, type EngineLevel, type FromView } from "../../../board/host";
import { BoardSession, type Doc, type EditorPort, type ServerPort } from "../../../board/session";
import type { PlayEdit, Position } from "../../../board/types";

export const showBoardCommand = "gamels.showBoard";
export const newGameCommand = "gamels.newGame";
const languages = new Set(["pousse", "spot", "path"]);

/** The part of the language client the view uses. */
export interface BoardClient {
  sendRequest(method: string, params: unknown, token?: vscode.CancellationToken): Promise<unknown>;
  isRunning(): boolean;
  readonly initializeResult?: { capabilities?: { experimental?: unknown } };
}

/** How long the view waits after a cursor move, and after an edit. */
const cursorDelay = 120;
const editDelay = 300;

/**
 * registerBoard registers the Show Board command and its view. It returns
 * the function the extension calls on the server's gamels/annotated
 * notification (the view then asks again for the values of its game).
 */
export function registerBoard(context: vscode.ExtensionContext, client: () => BoardClient | undefined): (params: unknown) => void {
  const view = new BoardPanel(context.extensionUri, client);
  context.subscriptions.push(
    view,
    vscode.commands.registerCommand(showBoardCommand, (uri?: unknown) => view.show(uri)),
    vscode.commands.registerCommand(newGameCommand, () => view.session.newGame()),
  );
  return (params) => {
    const uri = (params as { textDocument?: { uri?: string } })?.textDocument?.uri;
    if (view.open && typeof uri === "string") view.session.annotated(uri);
  };
}

function docOf(d: vscode.TextDocument): Doc {
  return { uri: d.uri.toString(), name: basename(d.uri), kind: d.languageId, version: d.version };
}

class BoardPanel implements vscode.Disposable, EditorPort {
  private panel: vscode.WebviewPanel | undefined;
  private editor: vscode.TextEditor | undefined;
  private readonly listeners: vscode.Disposable[] = [];
  readonly session: BoardSession;

  constructor(
    private readonly extensionUri: vscode.Uri,
    client: () => BoardClient | undefined,
  ) {
    const server: ServerPort = {
      running: () => !!client()?.isRunning(),
      experimental: () => client()?.initializeResult?.capabilities?.experimental,
      request: async (method, params, cancel) => {
        const c = client();
        if (!c || !c.isRunning()) throw new Error("the gamels server is not running");
        if (!cancel) return c.sendRequest(method, params);
        const cts = new vscode.CancellationTokenSource();
        const stop = () => cts.cancel();
        cancel.addEventListener("abort", stop);
        try {
          return await c.sendRequest(method, params, cts.token);
        } finally {
          cancel.removeEventListener("abort", stop);
          cts.dispose();
        }
      },
    };
    this.session = new BoardSession(server, this, (m) => void this.panel?.webview.postMessage(m));
  }

  get open(): boolean {
    return !!this.panel;
  }

  show(uri?: unknown): void {
    const fromTitle =
      uri instanceof vscode.Uri ? vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri.toString()) : undefined;
    const ed = fromTitle ?? vscode.window.activeTextEditor;
    if (ed && languages.has(ed.document.languageId)) this.editor = ed;
    if (this.panel) {
      this.panel.reveal(undefined, true);
      this.session.schedule(0);
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
      panel.webview.onDidReceiveMessage((m: FromView) => this.session.receive(m)),
      panel.onDidDispose(() => this.closed()),
      vscode.window.onDidChangeTextEditorSelection((e) => {
        if (languages.has(e.textEditor.document.languageId)) {
          this.editor = e.textEditor;
          this.session.schedule(cursorDelay);
        }
      }),
      vscode.window.onDidChangeActiveTextEditor((e) => {
        if (e && languages.has(e.document.languageId) && e !== this.editor) {
          this.editor = e;
          this.session.schedule(0);
        }
      }),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document === this.editor?.document) this.session.schedule(editDelay);
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration("gamels.engine.level")) this.session.levelChanged();
      }),
    );
  }

  dispose(): void {
    this.panel?.dispose();
    this.closed();
  }

  private closed(): void {
    this.panel = undefined;
    this.session.dispose();
    for (const l of this.listeners.splice(0)) l.dispose();
  }

  // The editor port.

  cursor(): { doc: Doc; position: Position } | undefined {
    const ed = this.editor;
    if (!ed || ed.document.isClosed) return undefined;
    const c = ed.selection.active;
    return { doc: docOf(ed.document), position: { line: c.line, character: c.character } };
  }

  private async select(uri: string, p: Position): Promise<void> {
    const pos = new vscode.Position(p.line, p.character);
    const sel = new vscode.Selection(pos, pos);
    const visible = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri);
    if (visible) {
      visible.selection = sel;
      visible.revealRange(sel, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
      this.editor = visible;
      return;
    }
    const doc = this.editor?.document;
    if (doc && doc.uri.toString() === uri && !doc.isClosed) {
      this.editor = await vscode.window.showTextDocument(doc, {
        viewColumn: this.editor?.viewColumn ?? vscode.ViewColumn.One,
        preserveFocus: true,
        selection: sel,
      });
    }
  }

  go(uri: string, p: Position): void {
    void this.select(uri, p);
  }

  engineMoved(uri: string, p: Position): void {
    void this.select(uri, p);
  }

  level(): EngineLevel {
    const l = vscode.workspace.getConfiguration("gamels", this.editor?.document.uri).get<string>("engine.level", "normal");
    return engineLevels.find((x) => x === l) ?? "normal";
  }

  /** setLevel writes gamels.engine.level where it is set now (the folder's, the workspace's), else in the user's settings. */
  async setLevel(level: EngineLevel): Promise<string> {
    const c = vscode.workspace.getConfiguration("gamels", this.editor?.document.uri);
    const where = c.inspect("engine.level");
    const target =
      where?.workspaceFolderValue !== undefined
        ? vscode.ConfigurationTarget.WorkspaceFolder
        : where?.workspaceValue !== undefined
          ? vscode.ConfigurationTarget.Workspace
          : vscode.ConfigurationTarget.Global;
    try {
      await c.update("engine.level", level, target);
      return "";
    } catch (err) {
      return String((err as Error)?.message ?? err);
    }
  }

  async apply(uri: string, res: PlayEdit, version: number): Promise<string> {
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
    if (!doc || doc.isClosed || doc.version !== version) return "the document changed meanwhile";
    const we = new vscode.WorkspaceEdit();
    for (const e of res.edit.documentChanges[0].edits) {
      const r = e.range;
      we.replace(doc.uri, new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character), e.newText);
    }
    if (!(await vscode.workspace.applyEdit(we))) return "VS Code did not apply the edit";
    await this.select(uri, res.position);
    return "";
  }

  async confirm(q: { title: string; detail: string; ok: string }): Promise<boolean> {
    return (await vscode.window.showWarningMessage(q.title, { modal: true, detail: q.detail }, q.ok)) === q.ok;
  }

  async askSize(z: { kind: string; lo: number; hi: number; def: number }): Promise<number | undefined> {
    const input = await vscode.window.showInputBox({
      title: "gamels: New Game",
      prompt: `The board size N of the new ${z.kind} game (${z.lo} to ${z.hi})`,
      value: String(z.def),
      validateInput: (v) => {
        const n = Number(v);
        return Number.isInteger(n) && n >= z.lo && n <= z.hi ? undefined : `a whole number from ${z.lo} to ${z.hi}`;
      },
    });
    return input === undefined ? undefined : Number(input);
  }

  notify(message: string, error: boolean): void {
    void (error ? vscode.window.showErrorMessage(`gamels: ${message}`) : vscode.window.showInformationMessage(`gamels: ${message}`));
  }

  theme(): string {
    return themeName(vscode.window.activeColorTheme.kind);
  }

  async picture(res: { name: string; data: string }, format: string): Promise<string> {
    if (format === "svg") {
      await vscode.env.clipboard.writeText(res.data);
      return `Copied the board as SVG (${res.data.length} characters).`;
    }
    const ed = this.editor;
    const dir = ed ? vscode.Uri.joinPath(ed.document.uri, "..") : undefined;
    const target = await vscode.window.showSaveDialog({
      ...(dir ? { defaultUri: vscode.Uri.joinPath(dir, res.name) } : {}),
      filters: format === "png" ? { "PNG picture": ["png"] } : { "GIF animation": ["gif"] },
      title: format === "png" ? "gamels: Save PNG" : "gamels: Save animation",
    });
    if (!target) return "Nothing saved.";
    const bytes = Buffer.from(res.data, "base64");
    await vscode.workspace.fs.writeFile(target, bytes);
    return `Saved ${basename(target)} (${bytes.length} bytes).`;
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
