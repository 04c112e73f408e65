// The board beside the editor: the page's adapter of the shared board
// session (editors/board/session.ts, the VS Code view's too) and view
// (editors/board/view.ts). The session asks the server for the board at
// the cursor, the engine's values, plays, adds games and has the engine
// answer; this file gives it its two ports: the server (the page's LSP
// client, synced before each request) and the editor (CodeMirror: the
// cursor, moving it, an edit applied at a version as one undo step, the
// page's dialog), and answers the server's workspace/applyEdit for the
// engine's moves (engine.ts). As in VS Code, stepping moves the editor's
// cursor and the view follows it: the text is the one source of truth.

import { LSPPlugin, type LSPClient, type LSPClientExtension } from "@codemirror/lsp-client";
import { EditorSelection } from "@codemirror/state";
import type { EditorView } from "@codemirror/view";
import { engineLevels, postingHost, type EngineLevel, type ToView } from "../../editors/board/host";
import { BoardSession, type Doc, type EditorPort, type ServerPort } from "../../editors/board/session";
import type { PlayEdit, Position } from "../../editors/board/types";
import { BoardView as View } from "../../editors/board/view";
import { ask } from "./dialog";
import { offsetOf } from "./edits";
import { EngineEdits } from "./engine";
import { applyToView } from "./play";

/**
 * annotatedExtension asks the server for gamels/annotated (the
 * experimental.gamelsAnnotated capability) and hands its document's URI to
 * onAnnotated, so that the view asks again for the values of its game when
 * the background annotations are done, rather than polling.
 */
export function annotatedExtension(onAnnotated: (uri: string) => void): LSPClientExtension {
  return {
    clientCapabilities: { experimental: { gamelsAnnotated: true } },
    notificationHandlers: {
      "gamels/annotated": (_client, params: { textDocument?: { uri?: string } }) => {
        const uri = params?.textDocument?.uri;
        if (typeof uri === "string") onAnnotated(uri);
        return true;
      },
    },
  };
}

/** Where the page keeps the engine's level across visits. */
const levelKey = "gamels.engine.level";

export class PageBoard implements EditorPort {
  readonly session: BoardSession;
  private chosen: EngineLevel = "normal";
  /** The server's workspace/applyEdit of the engine's moves, and its progress. */
  readonly engine: EngineEdits;
  private readonly view: View;
  private readonly client: LSPClient;

  constructor(
    private readonly editor: () => EditorView | undefined,
    client: LSPClient,
    root: HTMLElement,
  ) {
    const plugin = () => {
      const v = this.editor();
      return v && LSPPlugin.get(v);
    };
    const server: ServerPort = {
      running: () => !!plugin()?.client.connected,
      experimental: () => client.serverCapabilities?.experimental,
      request: async (method, params) => {
        const p = plugin();
        if (!p) throw new Error("the editor is not ready");
        await p.client.initializing;
        p.client.sync();
        return p.client.request(method, params);
      },
    };
    // The level kept from an earlier visit goes to the server as its setting.
    const kept = safeGet(levelKey);
    this.chosen = engineLevels.find((l) => l === kept) ?? "normal";
    this.client = client;
    if (this.chosen !== "normal") void this.sendLevel();
    const post = (m: ToView) => this.view.receive(m);
    this.session = new BoardSession(server, this, post);
    this.view = new View(root, postingHost((m) => this.session.receive(m)), { newGame: true, engine: true, pictures: [] });
    this.session.levelChanged();
    this.engine = new EngineEdits(client, (message) => {
      if (this.session.busy) this.session.status(message);
    });
  }

  /** send hands the view a message (the page's own status lines). */
  send(m: ToView): void {
    this.view.receive(m);
  }

  schedule(ms: number): void {
    this.session.schedule(ms);
  }

  step(d: number): boolean {
    return this.session.step(d);
  }

  // The editor port.

  cursor(): { doc: Doc; position: Position } | undefined {
    const v = this.editor();
    const p = v && LSPPlugin.get(v);
    if (!v || !p || !p.client.connected) return undefined;
    p.client.sync();
    const file = p.client.workspace.getFile(p.uri);
    const name = decodeURIComponent(p.uri.slice(p.uri.lastIndexOf("/") + 1));
    const kind = file?.languageId ?? name.slice(name.lastIndexOf(".") + 1);
    return { doc: { uri: p.uri, name, kind, version: file?.version ?? 0 }, position: p.toPosition(v.state.selection.main.head) };
  }

  go(uri: string, at: Position): void {
    const v = this.editor();
    const p = v && LSPPlugin.get(v);
    if (!v || !p || p.uri !== uri) return;
    let pos: number;
    try {
      pos = p.unsyncedChanges.mapPos(p.fromPosition(at, p.syncedDoc));
    } catch {
      return;
    }
    v.dispatch({ selection: EditorSelection.cursor(pos), scrollIntoView: true });
  }

  async apply(uri: string, res: PlayEdit, version: number): Promise<string> {
    const v = this.editor();
    if (!v || LSPPlugin.get(v)?.uri !== uri) return "another file is open";
    return applyToView(v, res.edit, version, res.position);
  }

  level(): EngineLevel {
    return this.chosen;
  }

  async setLevel(level: EngineLevel): Promise<string> {
    this.chosen = level;
    try {
      localStorage.setItem(levelKey, level);
    } catch {
      // A page without storage keeps the level for this visit only.
    }
    await this.sendLevel();
    return "";
  }

  /** sendLevel gives the server the level chosen (gamels.engine.level; the other settings are kept). */
  private async sendLevel(): Promise<void> {
    await this.client.initializing;
    this.client.notification("workspace/didChangeConfiguration", { settings: { [levelKey]: this.chosen } });
  }

  engineMoved(uri: string, at: Position): void {
    const v = this.editor();
    if (!v || LSPPlugin.get(v)?.uri !== uri || !this.engine.wrote(v.state.doc)) return;
    const pos = offsetOf(v.state.doc, at);
    if (pos >= 0) v.dispatch({ selection: { anchor: pos }, scrollIntoView: true });
  }

  confirm(q: { title: string; detail: string; ok: string }): Promise<boolean> {
    return ask(q);
  }

  async askSize(z: { kind: string; lo: number; hi: number; def: number }): Promise<number | undefined> {
    const n = await ask({
      title: "New game",
      detail: `Add a ${z.kind} game to the end of the transcript.`,
      ok: "Add the game",
      size: { lo: z.lo, hi: z.hi, def: z.def, label: `Board size N (${z.lo} to ${z.hi})` },
    });
    if (n === undefined) this.editor()?.focus();
    return n;
  }

  notify(message: string, error: boolean): void {
    this.session.status(message, error);
  }
}

/** safeGet reads localStorage, null where the page may not use it. */
function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
