// The board view: a webview beside the editor that shows the board at the
// cursor of the last Pousse, Spot or PATH editor and follows the cursor.
// Everything it does with the server lives in the shared board session
// (editors/board/session.ts, the page's too); this file is its VS Code
// adapter: the webview and what the session is told of the editors (a
// cursor moved, another editor, an edit, the level changed), with the
// session's two ports, the server (server.ts) and the editor (editor.ts).
// The webview holds the shared view (editors/board/view.ts, bundled into
// dist/board.js) under a strict Content-Security-Policy: nothing remote,
// styles from the extension only, the script by its nonce. A webview
// recreated (the tab hidden and shown again) says ready, and the session
// sends it everything again.

import * as vscode from "vscode";
import { randomBytes } from "crypto";
import type { FromView } from "../../../board/host";
import { BoardSession } from "../../../board/session";
import { Editor } from "./editor";
import { serverPort, type BoardClient } from "./server";

export const showBoardCommand = "gamels.showBoard";
export const newGameCommand = "gamels.newGame";
const languages = new Set(["pousse", "spot", "path"]);

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

class BoardPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private readonly port = new Editor();
  private readonly listeners: vscode.Disposable[] = [];
  readonly session: BoardSession;

  constructor(
    private readonly extensionUri: vscode.Uri,
    client: () => BoardClient | undefined,
  ) {
    this.session = new BoardSession(serverPort(client), this.port, (m) => void this.panel?.webview.postMessage(m));
  }

  get open(): boolean {
    return !!this.panel;
  }

  show(uri?: unknown): void {
    const fromTitle =
      uri instanceof vscode.Uri ? vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri.toString()) : undefined;
    const ed = fromTitle ?? vscode.window.activeTextEditor;
    if (ed && languages.has(ed.document.languageId)) this.port.editor = ed;
    if (this.panel) {
      this.panel.reveal(undefined, true);
      this.session.schedule(0);
      return;
    }
    const dist = vscode.Uri.joinPath(this.extensionUri, "dist");
    const panel = vscode.window.createWebviewPanel(
      "gamels.board",
      "gamels: Board",
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { enableScripts: true, localResourceRoots: [dist] },
    );
    this.panel = panel;
    panel.webview.html = html(panel.webview, dist);
    this.listeners.push(
      panel.webview.onDidReceiveMessage((m: FromView) => this.session.receive(m)),
      panel.onDidDispose(() => this.closed()),
      vscode.window.onDidChangeTextEditorSelection((e) => {
        if (languages.has(e.textEditor.document.languageId)) {
          this.port.editor = e.textEditor;
          this.session.schedule(cursorDelay);
        }
      }),
      vscode.window.onDidChangeActiveTextEditor((e) => {
        if (e && languages.has(e.document.languageId) && e !== this.port.editor) {
          this.port.editor = e;
          this.session.schedule(0);
        }
      }),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document === this.port.editor?.document) this.session.schedule(editDelay);
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
}

/** html is the webview's page: the strict CSP, the stylesheet, the one script by its nonce. */
function html(webview: vscode.Webview, dist: vscode.Uri): string {
  const nonce = randomBytes(16).toString("base64");
  const css = webview.asWebviewUri(vscode.Uri.joinPath(dist, "board.css"));
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
