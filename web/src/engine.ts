// The engine in the page: "Engine plays: off / X / O". After a move
// from the board, when the side to move is the engine's, the page runs
// workspace/executeCommand gamels.playEngineMove for the new version,
// the game and the move just played (docs/protocol.md); the server
// searches, then asks the page to apply the move (workspace/applyEdit),
// answered here by applying the edit to the editor as its own undo step.
// Chosen while the board shows the last move of a game that goes on and
// the side to move is the engine's, it plays at once.
//
// The server's progress ($/progress of a token it created with
// window/workDoneProgress/create) is shown in the status line.

import { LSPClient, LSPPlugin, type LSPClientExtension } from "@codemirror/lsp-client";
import type { EditorView } from "@codemirror/view";
import { isPlayEdit, type Board } from "../../editors/vscode/src/board/types";
import { applyToView, refusal, type Played } from "./play";
import { sideToMove } from "./targets";
import { offsetOf } from "./edits";
import type { EngineSide } from "../../editors/vscode/src/view/host";
import type { RequestHandler } from "./requests";

export const engineCommand = "gamels.playEngineMove";

export type Side = EngineSide;

/** What the engine needs of the page. */
export interface EngineHost {
  shown(): { board: Board; uri: string; version: number } | undefined;
  status(message: string, alert?: boolean): void;
  redraw(): void;
}

let progress: (value: { kind?: string; title?: string; message?: string; percentage?: number }) => void = () => {};

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
    "$/progress": (_client, params: { value?: { kind?: string; title?: string; message?: string; percentage?: number } }) => {
      if (params?.value) progress(params.value);
      return true;
    },
  },
};

export class Engine {
  side: Side = "off";
  /** The document right after the engine's edit: the cursor goes to its move if the text is still that. */
  private lastApplied: EditorView["state"]["doc"] | undefined;
  private running = false;

  constructor(
    private readonly client: LSPClient,
    private readonly host: EngineHost,
  ) {
    progress = (v) => {
      if (!this.running) return;
      const pct = typeof v.percentage === "number" ? ` ${Math.round(v.percentage)}%` : "";
      if (v.kind !== "end") this.host.status(`The engine is searching…${pct}${v.message ? ` ${v.message}` : ""}`);
    };
  }

  /** Whether the engine is searching: a move from the board then waits (its text would be stale). */
  get searching(): boolean {
    return this.running;
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
    const uri = this.uriOf(p.edit);
    const file = uri ? this.client.workspace.getFile(uri) : null;
    const view = file?.getView();
    if (!view || !uri) return { applied: false, failureReason: "the page has no such document open" };
    const why = applyToView(view, p.edit, null, undefined, "input.engine");
    if (why) return { applied: false, failureReason: why };
    this.lastApplied = view.state.doc;
    return { applied: true };
  }

  private uriOf(w: unknown): string | undefined {
    const e = w as { documentChanges?: { textDocument?: { uri?: unknown } }[]; changes?: Record<string, unknown> };
    const u = e?.documentChanges?.[0]?.textDocument?.uri ?? Object.keys(e?.changes ?? {})[0];
    return typeof u === "string" ? u : undefined;
  }

  /** setSide sets who the engine plays; it plays at once when it is its turn at the end of the game shown. */
  setSide(side: Side, view: EditorView | undefined): void {
    this.side = side;
    const shown = this.host.shown();
    if (side === "off" || !shown || !view) return;
    const b = shown.board;
    const count = b.moveCount ?? b.moves.length;
    if (b.kind === "path" || b.move !== count || b.end > 0 || sideToMove(b.move) !== side) return;
    void this.run(view, b.game, b.move);
  }

  /** afterMove answers a move from the board when the side to move is the engine's. */
  afterMove(p: Played): void {
    if (this.side === "off" || p.kind === "path" || typeof p.res.move !== "number") return;
    if (sideToMove(p.res.move) !== this.side) return;
    void this.run(p.view, p.game, p.res.move);
  }

  /** run asks the server for the engine's move after the first move moves of game. */
  async run(view: EditorView, game: number, move: number): Promise<void> {
    const plugin = LSPPlugin.get(view);
    if (!plugin || this.running) return;
    plugin.client.sync();
    const file = plugin.client.workspace.getFile(plugin.uri);
    if (!file) return;
    this.running = true;
    this.lastApplied = undefined;
    document.documentElement.dataset.engine = "searching";
    this.host.status(`The engine (${this.side}) is searching…`);
    try {
      const res = await plugin.client.request("workspace/executeCommand", {
        command: engineCommand,
        arguments: [plugin.uri, file.version, game, move],
      });
      if (!isPlayEdit(res)) {
        this.host.status("The engine's answer is not a move.", true);
        return;
      }
      const at = this.lastApplied && view.state.doc === this.lastApplied ? offsetOf(view.state.doc, res.position) : -1;
      if (at >= 0) view.dispatch({ selection: { anchor: at }, scrollIntoView: true });
      this.host.status(`The engine played move ${res.move}: ${res.text}.`);
    } catch (err) {
      const r = refusal(err);
      this.host.status(`The engine: ${r.message}`, r.code !== "game-over");
    } finally {
      this.running = false;
      delete document.documentElement.dataset.engine;
      this.host.redraw();
    }
  }
}
