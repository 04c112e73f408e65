// A server's edit applied to the page's editor: gamels/play's and
// gamels/newGame's answers (the board session, editors/board/session.ts)
// and the engine's workspace/applyEdit (engine.ts). One transaction, its
// own undo step, at the version the edit was made for.

import { LSPPlugin } from "@codemirror/lsp-client";
import { isolateHistory } from "@codemirror/commands";
import type { EditorView } from "@codemirror/view";
import type { Position } from "../../editors/board/types";
import { changesFor, editsFor, offsetOf } from "./edits";

/**
 * applyToView applies the server's edit w to view's document when the
 * document is still at version (the one the edit was made for; null:
 * the one synced): one transaction, its own undo step, the cursor at
 * `at` in the new text when given. Then it sends the change to the
 * server at once. It returns why not, or "" when applied.
 */
export function applyToView(view: EditorView, w: unknown, version: number | null, at?: Position, userEvent = "input.play"): string {
  const plugin = LSPPlugin.get(view);
  const file = plugin?.client.workspace.getFile(plugin.uri);
  if (!plugin || !file) return "the document is not open";
  const de = editsFor(w, plugin.uri);
  if (typeof de === "string") return de;
  const want = de.version ?? version;
  if (!plugin.unsyncedChanges.empty || (want !== null && want !== file.version)) return "the document changed meanwhile";
  const specs = changesFor(view.state.doc, de.edits);
  if (typeof specs === "string") return specs;
  const changes = view.state.changes(specs);
  const pos = at ? offsetOf(changes.apply(view.state.doc), at) : -1;
  view.dispatch({
    changes,
    selection: pos >= 0 ? { anchor: pos } : undefined,
    scrollIntoView: true,
    userEvent,
    annotations: isolateHistory.of("full"),
  });
  plugin.client.sync();
  return "";
}
