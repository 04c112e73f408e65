// Playing on the board in the page, as the VS Code view does
// (editors/vscode/src/board/panel.ts): the shared view
// (editors/vscode/src/view) turns a click on a Pousse edge slot, a Spot
// or PATH cell into the host's play, which sends gamels/play for the
// board shown, at the version it was drawn from. The server answers
// with the edit, applied here to the editor as one undo step, and the
// cursor goes to the move written, so the board follows. In the middle
// of a game the server refuses until asked again with replaceRest: a
// dialog asks first. "New game" sends gamels/newGame. The rules and the
// wording are the server's.
//
// Without a mouse: the page makes the board's slots (Pousse) or cells
// (Spot, PATH) focusable, one tab stop after the board; the arrow keys
// move among them (the view leaves them to its host there), Enter or
// Space plays the one focused (the view's). A focused slot shows its
// push as a pointed one does (the view's preview, asked with the
// pointer's events).

import { LSPPlugin } from "@codemirror/lsp-client";
import { isolateHistory } from "@codemirror/commands";
import type { EditorView } from "@codemirror/view";
import { isPlayEdit, type Board, type Cell, type PlayEdit, type Position } from "../../editors/vscode/src/board/types";
import { changesFor, editsFor, offsetOf } from "./edits";
import { arrows, nextTarget, type Box } from "./targets";
import { ask } from "./dialog";

export const playMethod = "gamels/play";
export const newGameMethod = "gamels/newGame";

/** The sizes of a new game, and the one offered, by kind (docs/protocol.md, New game). */
const sizes: Record<string, { lo: number; hi: number; def: number }> = {
  pousse: { lo: 1, hi: 100, def: 4 },
  spot: { lo: 2, hi: 50, def: 4 },
  path: { lo: 1, hi: 80, def: 5 },
};

/** What the player needs of the page. */
export interface PlayHost {
  view(): EditorView | undefined;
  /** The board shown, the document and the version it was drawn from. */
  shown(): { board: Board; uri: string; version: number } | undefined;
  redraw(): void;
  status(message: string, alert?: boolean): void;
  /** Why a move from the board waits (the engine is searching), or "". */
  busy?(): string;
}

/** A move written from the board: the server's answer, in the editor now. */
export interface Played {
  res: PlayEdit;
  game: number;
  kind: Board["kind"];
  view: EditorView;
}

/** sentence writes a server's message as a sentence: a capital, a period. */
export function sentence(m: string): string {
  const t = m.trim();
  return t ? `${t[0].toUpperCase()}${t.slice(1)}${/[.!?]$/.test(t) ? "" : "."}` : t;
}

/** A refusal of the server: its message without the "gamels: " prefix, and data.code. */
export function refusal(err: unknown): { message: string; code: string } {
  const e = err as { message?: string; data?: { code?: string } };
  return { message: String(e?.message ?? err).replace(/^gamels: /, ""), code: String(e?.data?.code ?? "") };
}

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

/** What a click on the board does, and the keys, by kind. */
const hints: Record<Board["kind"], string> = {
  pousse: "Click an edge slot to push a marker in. Keyboard: Tab to the slots, the arrows move among them, Enter plays.",
  spot: "Click a cell to place a spot, or to remove one. Keyboard: Tab to the cells, the arrows move among them, Enter plays.",
  path: "Click a cell to cycle it W, B, U. Keyboard: Tab to the cells, the arrows move among them, Enter cycles.",
};

/** The targets of a drawn board: Pousse's edge slots, the cells of Spot and PATH (not those of an earlier board beside). */
function targets(svg: Element): Element[] {
  return Array.from(svg.querySelectorAll(svg.classList.contains("pousse") ? ":scope > rect.slot" : ":scope > rect.cell"));
}

/** key names a target across redraws: "T3", or "2,3" for a cell. */
function key(el: Element): string {
  return el.getAttribute("data-slot") ?? `${el.getAttribute("data-row")},${el.getAttribute("data-col")}`;
}

function box(el: Element): Box {
  const n = (a: string) => Number(el.getAttribute(a)) || 0;
  return { x: n("x"), y: n("y"), width: n("width"), height: n("height") };
}

export class Player {
  /** Called after a move from the board is in the editor (the engine answers it). */
  onPlayed: (p: Played) => void = () => {};
  private busy = false;
  private focusKey = "";

  constructor(
    private readonly host: PlayHost,
    private readonly holder: HTMLElement,
  ) {
    holder.addEventListener("focusin", (e) => {
      const t = this.target(e.target);
      if (!t) return;
      this.focusKey = key(t);
      if (t.matches("rect.slot:focus-visible")) t.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
    });
    holder.addEventListener("focusout", (e) => {
      if (this.target(e.target)?.matches("rect.slot")) holder.dispatchEvent(new MouseEvent("mouseleave"));
    });
    holder.addEventListener("keydown", (e) => {
      const t = this.target(e.target);
      if (!t || e.altKey || e.ctrlKey || e.metaKey) return;
      const d = arrows[e.key];
      if (!d) return; // Home, End: the board steps
      e.preventDefault();
      e.stopPropagation();
      const svg = t.closest("svg.gamels-board");
      if (!svg) return;
      const all = targets(svg);
      const next = all[nextTarget(all.map(box), all.indexOf(t), d)];
      if (next && next !== t) this.focus(all, next);
    });
  }

  /** target is the playable slot or cell at (or around) node, or null. */
  private target(node: EventTarget | null): Element | null {
    const el = (node as Element | null)?.closest?.("rect.slot, [data-row][data-col]");
    const svg = el?.closest("svg.gamels-board");
    if (!el || !svg || el.closest("g.earlier")) return null;
    if (el.matches("rect.slot")) return el;
    // A cell, or a marker on it: Spot and PATH only.
    if (svg.classList.contains("pousse")) return null;
    return svg.querySelector(`:scope > rect.cell[data-row="${el.getAttribute("data-row")}"][data-col="${el.getAttribute("data-col")}"]`);
  }

  /** focus gives next the board's one tab stop and the focus. */
  private focus(all: Element[], next: Element): void {
    for (const el of all) el.setAttribute("tabindex", el === next ? "0" : "-1");
    (next as SVGElement).focus({ preventScroll: false });
  }

  /**
   * decorate makes the targets of the board just drawn reachable by
   * keyboard: one tab stop (the target focused last, else the first),
   * each a button with its name. had is the element that held the focus
   * in the board before the redraw: the same target gets it back.
   */
  decorate(b: Board, had: Element | null): void {
    const svg = this.holder.querySelector("svg.gamels-board");
    if (!svg) return;
    const all = targets(svg);
    const cellName = (el: Element) => `row ${el.getAttribute("data-row")}, column ${el.getAttribute("data-col")}`;
    for (const el of all) {
      el.setAttribute("tabindex", "-1");
      el.setAttribute("role", "button");
      if (b.kind === "pousse") el.setAttribute("aria-label", `Push ${el.getAttribute("aria-label") ?? key(el)}`);
      else el.setAttribute("aria-label", b.kind === "spot" ? `Play ${cellName(el)}` : `Cycle the cell at ${cellName(el)}`);
    }
    const hint = document.getElementById("playhint");
    if (hint) hint.textContent = hints[b.kind];
    const keep = all.find((el) => key(el) === this.focusKey) ?? all[0];
    keep?.setAttribute("tabindex", "0");
    if (keep && had && had.closest?.("rect.slot, rect.cell")) (keep as SVGElement).focus({ preventScroll: true });
  }

  /**
   * play sends gamels/play for the board shown and applies the answer.
   * In the middle of a game the server refuses (would-replace): the
   * dialog asks, and "Replace the rest" sends it again with replaceRest.
   * A click while a move is on its way is ignored.
   */
  async play(to: { slot?: string; cell?: Cell }): Promise<void> {
    const shown = this.host.shown();
    const view = this.host.view();
    const plugin = view && LSPPlugin.get(view);
    if (!shown || !view || !plugin || this.busy) return;
    const wait = this.host.busy?.();
    if (wait) {
      this.host.status(wait);
      return;
    }
    if (shown.uri !== plugin.uri) {
      // Another file was opened since the board was drawn.
      this.host.redraw();
      return;
    }
    const b = shown.board;
    const params = {
      textDocument: { uri: plugin.uri, version: shown.version },
      game: b.game,
      move: b.kind === "path" ? 0 : b.move,
      ...(to.slot !== undefined ? { slot: to.slot } : {}),
      ...(to.cell !== undefined ? { cell: { row: to.cell.row, col: to.cell.col } } : {}),
    };
    this.busy = true;
    try {
      plugin.client.sync();
      let res: unknown;
      try {
        res = await plugin.client.request(playMethod, params);
      } catch (err) {
        const r = refusal(err);
        if (r.code !== "would-replace") {
          this.refused(r);
          return;
        }
        const yes = await ask({
          title: `Play here, at move ${b.move + 1}?`,
          detail: sentence(r.message.replace(/; ask again.*$/, "")),
          ok: "Replace the rest",
        });
        if (!yes) {
          this.host.status("Nothing written: the moves after this one are kept.");
          return;
        }
        try {
          res = await plugin.client.request(playMethod, { ...params, replaceRest: true });
        } catch (err2) {
          this.refused(refusal(err2));
          return;
        }
      }
      if (!isPlayEdit(res)) {
        this.host.status("The server's answer to the move is not an edit.", true);
        return;
      }
      const what = b.kind === "path" ? `cell ${to.cell?.row} ${to.cell?.col}: ${res.text}` : `move ${res.move}: ${res.text}`;
      if (!this.apply(view, res, shown.version)) return;
      this.host.status(res.replaced ? `Played ${what}, replacing ${res.replaced} move(s).` : `Played ${what}.`);
      this.onPlayed({ res, game: b.game, kind: b.kind, view });
    } finally {
      this.busy = false;
    }
  }

  private refused(r: { message: string; code: string }): void {
    this.host.status(r.message, true);
    if (r.code === "stale-version") this.host.redraw();
  }

  /** apply puts the answer's edit in the editor, or says why not and redraws. */
  private apply(view: EditorView, res: PlayEdit, version: number): boolean {
    const why = applyToView(view, res.edit, version, res.position);
    if (why) {
      this.host.status(`Nothing written: ${why}; the board is redrawn.`, true);
      this.host.redraw();
      return false;
    }
    this.host.redraw();
    return true;
  }

  /** newGame asks the size and adds a new game to the transcript (gamels/newGame). */
  async newGame(): Promise<void> {
    const view = this.host.view();
    const plugin = view && LSPPlugin.get(view);
    const file = plugin?.client.workspace.getFile(plugin.uri);
    if (!view || !plugin || !file) return;
    const kind = file.languageId;
    const z = sizes[kind] ?? sizes.pousse;
    const n = await ask({
      title: "New game",
      detail: `Add a ${kind} game to the end of the transcript.`,
      ok: "Add the game",
      size: { ...z, label: `Board size N (${z.lo} to ${z.hi})` },
    });
    if (n === undefined) {
      view.focus();
      return;
    }
    plugin.client.sync();
    const version = file.version;
    let res: unknown;
    try {
      res = await plugin.client.request(newGameMethod, { textDocument: { uri: plugin.uri, version }, size: n });
    } catch (err) {
      this.refused(refusal(err));
      return;
    }
    if (!isPlayEdit(res)) {
      this.host.status("The server's answer is not an edit.", true);
      return;
    }
    if (this.apply(view, res, version)) this.host.status(`New game ${res.game}: ${n}×${n}.`);
  }
}
