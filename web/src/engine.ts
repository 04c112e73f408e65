// The engine's moves in the page: "Engine plays" (the board session,
// editors/board/session.ts) runs workspace/executeCommand
// gamels.playEngineMove; the server searches, then asks the page to apply
// the move (workspace/applyEdit), answered here by applying the edit to
// the editor as its own undo step. The server's progress ($/progress of a
// token it created with window/workDoneProgress/create) goes to the
// status line.

import type { LSPClient, LSPClientExtension } from "@codemirror/lsp-client";
import type { EditorView } from "@codemirror/view";
import { applyToView } from "./play";
import type { RequestHandler } from "./requests";

type Progress = { kind?: string; title?: string; message?: string; percentage?: number };
let progress: (value: Progress) => void = () => {};

/**
 * engineCapabilities tells the server that the page applies edits
 * (workspace/applyEdit, versioned documentChanges) and shows progress,
 * and shows the progress reported.
 */
export const engineCapabilities: LSPClientExtension = {
  clientCapabilities: {
    workspace: { applyEdit: true, workspaceEdit: { documentChanges: true, failureHandling: "abort" } },
    window: { workDoneProgress: true },
  },
  notificationHandlers: {
    "$/progress": (_client, params: { value?: Progress }) => {
      if (params?.value) progress(params.value);
      return true;
    },
  },
};

export class EngineEdits {
  /** The document right after the engine's edit: the cursor goes to its move if the text is still that. */
  private lastApplied: EditorView["state"]["doc"] | undefined;

  constructor(
    private readonly client: LSPClient,
    status: (message: string) => void,
  ) {
    progress = (v) => {
      const pct = typeof v.percentage === "number" ? ` ${Math.round(v.percentage)}%` : "";
      if (v.kind !== "end") status(`The engine is searching…${pct}${v.message ? ` ${v.message}` : ""}`);
    };
  }

  /** wrote says whether doc is the text right after the engine's last edit. */
  wrote(doc: EditorView["state"]["doc"]): boolean {
    return this.lastApplied === doc;
  }

  /** The server's requests the page answers (requests.ts). */
  handlers(): Record<string, RequestHandler> {
    return {
      "workspace/applyEdit": (p) => this.applyEdit(p as { label?: string; edit?: unknown }),
      "window/workDoneProgress/create": () => null,
    };
  }

  /**
   * applyEdit answers workspace/applyEdit: the edit of the open document,
   * at the version it names, applied as one undo step; refused (applied
   * false, with the reason) when the document changed meanwhile, or the
   * edit is for another document or not a text edit.
   */
  private applyEdit(p: { label?: string; edit?: unknown }): { applied: boolean; failureReason?: string } {
    const e = p.edit as { documentChanges?: { textDocument?: { uri?: unknown } }[]; changes?: Record<string, unknown> };
    const uri = e?.documentChanges?.[0]?.textDocument?.uri ?? Object.keys(e?.changes ?? {})[0];
    const file = typeof uri === "string" ? this.client.workspace.getFile(uri) : null;
    const view = file?.getView();
    if (!view) return { applied: false, failureReason: "the page has no such document open" };
    const why = applyToView(view, p.edit, null, undefined, "input.engine");
    if (why) return { applied: false, failureReason: why };
    this.lastApplied = view.state.doc;
    return { applied: true };
  }
}
