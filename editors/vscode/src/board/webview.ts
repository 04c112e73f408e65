// The VS Code webview's script (bundled by esbuild into dist/board.js and
// loaded by its nonce): the shared board view (view.ts) in the page's body,
// its host calls posted to the extension (panel.ts), the extension's
// messages drawn.

import { postingHost, type ToView } from "../../../board/host";
import { BoardView } from "../../../board/view";

declare function acquireVsCodeApi(): { postMessage(m: unknown): void };

const vscode = acquireVsCodeApi();
const root = document.createElement("div");
root.className = "view";
document.body.prepend(root);
const view = new BoardView(root, postingHost((m) => vscode.postMessage(m)), { keys: document });
window.addEventListener("message", (e: MessageEvent) => {
  const m = e.data as ToView | undefined;
  if (m && typeof m === "object" && typeof m.type === "string") view.receive(m);
});
vscode.postMessage({ type: "ready" });
