// The board view's DOM: one module for the VS Code webview (webview.ts)
// and the web page. It builds its elements inside the root it is given,
// draws what its host sends (host.ts's ToView: the board as SVG, the moves,
// the engine's value and best move, the strip of values, status lines) and
// turns the user's clicks and keys into the host's calls (ViewHost):
//
//   Home, Left, Right, End   first, previous, next, last move
//   n, N                     next, previous annotated move (the strip's marks)
//   a click on a move, or on a cell of the strip: that move
//   a click on a Pousse edge slot, or a Spot or PATH cell: play it;
//   pointing at a slot previews its push (the slot's data-run, data-off);
//   Enter or Space on a slot or cell a host made focusable: play it
//
// Nothing from a transcript becomes markup: texts are textContent, and the
// SVG (whose texts its drawer escaped) is parsed as XML with DOMParser, in
// which no script runs, then adopted. So the view runs under a CSP with no
// inline script or style.

import type { Annotation, Evaluation, Evaluations } from "../board/types";
import type { BoardModel, EngineSide, PictureFormat, ToView, ViewHost } from "./host";
import { evaluationLine, nextAnnotated, nextEngineSide, stripCells } from "./model";

/** What a host offers besides stepping and playing (each a button); all by default. */
export interface ViewOptions {
  newGame?: boolean;
  engine?: boolean;
  pictures?: PictureFormat[];
  /** The most cells of the strip of values; longer games fold several moves into a cell. */
  stripCells?: number;
  /** Where the view listens for its keys: the root by default (a webview passes its document). */
  keys?: HTMLElement | Document;
}

const pictureLabel: Record<PictureFormat, [string, string]> = {
  svg: ["Copy SVG", "Copy the board as an SVG picture to the clipboard"],
  png: ["Save PNG", "Save the board as a PNG picture"],
  gif: ["Save animation", "Save the whole game as an animated GIF, one frame a move"],
};

const markSign: Record<string, string> = { decisive: "!", blunder: "??", "missed-win": "?" };

/** el makes an element with attributes (set as attributes, never as markup) and children. */
function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...children);
  return e;
}

export class BoardView {
  private board: BoardModel | undefined;
  private evaluation: Evaluation | undefined;
  private evaluations: Evaluations | undefined;
  private side: EngineSide = "off";
  private readonly parts: {
    title: HTMLElement;
    verdict: HTMLElement;
    notice: HTMLElement;
    controls: HTMLElement;
    pos: HTMLElement;
    first: HTMLButtonElement;
    prev: HTMLButtonElement;
    next: HTMLButtonElement;
    last: HTMLButtonElement;
    engine?: HTMLButtonElement;
    value: HTMLElement;
    strip: HTMLElement;
    main: HTMLElement;
    svg: HTMLElement;
    moves: HTMLOListElement;
    status: HTMLElement;
    empty: HTMLElement;
  };

  constructor(
    root: HTMLElement,
    private readonly host: ViewHost,
    private readonly options: ViewOptions = {},
  ) {
    const button = (id: string, label: string, title: string, cls = ""): HTMLButtonElement =>
      el("button", { type: "button", id, title, ...(cls ? { class: cls } : {}) }, label);
    const actions = el("div", { class: "actions" });
    if (options.newGame !== false) {
      const b = button("newGame", "New game", "Add a new game to the transcript (gamels: New Game)", "new-game");
      b.addEventListener("click", () => host.newGame());
      actions.append(b);
    }
    let engine: HTMLButtonElement | undefined;
    if (options.engine !== false) {
      engine = button("engine", "Engine plays: off", "The engine answers each move from the board: off, X, O", "engine");
      engine.setAttribute("aria-pressed", "false");
      engine.addEventListener("click", () => {
        // Shown at once (a second click goes on from it); the host's answer confirms it.
        const side = nextEngineSide(this.side);
        this.receive({ type: "engine", side });
        host.engine(side);
      });
      actions.append(engine);
    }
    for (const f of options.pictures ?? (["svg", "png", "gif"] as PictureFormat[])) {
      const [label, title] = pictureLabel[f];
      const b = button(`picture-${f}`, label, title, "picture");
      b.addEventListener("click", () => host.picture(f));
      actions.append(b);
    }
    const first = button("first", "|◀", "First: before the first move (Home)");
    const prev = button("prev", "◀", "Previous move (Left)");
    const pos = el("span", { id: "pos", class: "pos" });
    const next = button("next", "▶", "Next move (Right)");
    const last = button("last", "▶|", "Last move (End)");
    first.setAttribute("aria-label", "First");
    prev.setAttribute("aria-label", "Previous");
    next.setAttribute("aria-label", "Next");
    last.setAttribute("aria-label", "Last");
    const controls = el("nav", { id: "controls", class: "controls", "aria-label": "Step through the moves" }, first, prev, pos, next, last);
    const title = el("div", { id: "title", class: "title" });
    const verdict = el("div", { id: "verdict", class: "verdict" });
    const notice = el("div", { id: "notice", class: "notice", role: "note" });
    notice.hidden = true;
    const value = el("p", { id: "value", class: "value", "aria-live": "polite" });
    const strip = el("div", { id: "strip", class: "strip", role: "group", "aria-label": "The engine's values move by move (n, N: next, previous mark)" });
    strip.hidden = true;
    const svg = el("div", { id: "board", class: "board", tabindex: "0", "aria-label": "The board at the cursor" });
    const moves = el("ol", { id: "moves", class: "moves", "aria-label": "Moves" });
    const main = el("main", { id: "boardmain" }, svg, moves);
    const status = el("p", { id: "boardstatus", class: "view-status", role: "status" });
    const empty = el("p", { id: "empty", class: "empty" });
    controls.hidden = true;
    main.hidden = true;
    root.replaceChildren(el("header", {}, actions, title, verdict, notice), controls, value, strip, main, status, empty);
    this.parts = { title, verdict, notice, controls, pos, first, prev, next, last, engine, value, strip, main, svg, moves, status, empty };

    first.addEventListener("click", () => this.go(0));
    prev.addEventListener("click", () => this.go((this.board?.move ?? 0) - 1));
    next.addEventListener("click", () => this.go((this.board?.move ?? 0) + 1));
    last.addEventListener("click", () => this.go(this.board?.count ?? 0));
    moves.addEventListener("click", (e) => {
      const li = (e.target as Element).closest("li[data-move]") as HTMLElement | null;
      if (li) this.go(Number(li.dataset.move));
    });
    strip.addEventListener("click", (e) => {
      const c = (e.target as Element).closest("[data-move]") as HTMLElement | null;
      if (c) this.go(Number(c.dataset.move));
    });
    svg.addEventListener("mouseover", (e) => this.preview((e.target as Element).closest("rect.slot")));
    svg.addEventListener("mouseleave", () => this.preview(null));
    svg.addEventListener("click", (e) => this.click(e.target as Element));
    (options.keys ?? root).addEventListener("keydown", (e) => this.key(e as KeyboardEvent));
  }

  /** receive draws what the host sends. */
  receive(m: ToView): void {
    switch (m.type) {
      case "board":
        this.show(m.board);
        break;
      case "empty":
        this.empty(m.message);
        break;
      case "status":
        this.status(m.message, m.error);
        break;
      case "evaluation":
        this.evaluated(m.game, m.move, m.evaluation, m.pending);
        break;
      case "evaluations":
        this.evaluations = m.evaluations ?? undefined;
        this.drawStrip();
        break;
      case "engine":
        this.side = m.side;
        if (this.parts.engine) {
          this.parts.engine.textContent = `Engine plays: ${m.side}`;
          this.parts.engine.setAttribute("aria-pressed", String(m.side !== "off"));
        }
        break;
    }
  }

  /** The board shown, for hosts and tests. */
  shown(): BoardModel | undefined {
    return this.board;
  }

  private go(k: number): void {
    const b = this.board;
    if (!b || b.kind === "path") return;
    const move = Math.max(0, Math.min(k, b.count));
    if (move !== b.move) this.host.go(move);
  }

  private show(b: BoardModel): void {
    const p = this.parts;
    const before = this.board;
    this.board = b;
    p.empty.hidden = true;
    p.main.hidden = false;
    p.controls.hidden = false;
    p.title.textContent = b.title;
    p.verdict.textContent = b.verdict;
    p.notice.textContent = b.notice ?? "";
    p.notice.hidden = !b.notice;
    p.pos.textContent = b.kind === "path" ? "" : `${b.move} / ${b.count}`;
    const doc = new DOMParser().parseFromString(b.svg, "image/svg+xml").documentElement;
    if (doc.nodeName === "svg") p.svg.replaceChildren(document.importNode(doc, true));
    else p.svg.replaceChildren();
    // On a board larger than the view, bring the last move into sight.
    p.svg.querySelector("rect.cell.last")?.scrollIntoView({ block: "nearest", inline: "nearest" });
    p.moves.replaceChildren();
    p.moves.start = (b.moves[0]?.move ?? 1);
    for (const mv of b.moves) {
      const li = el("li", { "data-move": String(mv.move), title: `move ${mv.move}, line ${mv.line}` }, mv.text);
      if (mv.move === b.move) li.className = "current";
      else if (b.end > 0 && mv.move > b.end) li.className = "unplayed";
      p.moves.append(li);
    }
    p.moves.querySelector(".current")?.scrollIntoView({ block: "nearest" });
    p.first.disabled = p.prev.disabled = b.kind === "path" || b.move <= 0;
    p.next.disabled = p.last.disabled = b.kind === "path" || b.move >= b.count;
    if (!before || before.game !== b.game || before.file !== b.file) {
      // Another game: its values come with the host's next evaluations.
      this.evaluations = undefined;
    }
    if (before && before.file !== b.file) this.status(""); // what was said was of another file
    if (this.evaluation && (this.evaluation.game !== b.game || this.evaluation.move !== b.move)) {
      this.evaluation = undefined;
    }
    this.drawValue(b.kind === "path" ? "" : undefined);
    this.drawStrip();
  }

  private empty(message: string): void {
    const p = this.parts;
    this.board = undefined;
    this.evaluation = undefined;
    this.evaluations = undefined;
    p.title.textContent = "";
    p.verdict.textContent = "";
    p.notice.hidden = true;
    p.svg.replaceChildren();
    p.moves.replaceChildren();
    p.value.textContent = "";
    p.strip.hidden = true;
    p.main.hidden = true;
    p.controls.hidden = true;
    p.empty.textContent = message;
    p.empty.hidden = false;
  }

  private status(message: string, error = false): void {
    this.parts.status.textContent = message;
    this.parts.status.className = error ? "view-status error" : "view-status";
  }

  private evaluated(game: number, move: number, e: Evaluation | null, pending?: boolean): void {
    const b = this.board;
    if (!b || b.game !== game || b.move !== move) return; // an answer for a board no longer shown
    this.evaluation = e ?? undefined;
    this.drawValue(pending ? "Engine: thinking…" : e ? undefined : "");
  }

  /** drawValue writes the value line (text, or the evaluation's) and marks the best move on the board. */
  private drawValue(text?: string): void {
    const p = this.parts;
    p.svg.querySelectorAll(".best").forEach((old) => old.classList.remove("best"));
    const e = this.evaluation;
    p.value.textContent = text ?? (e ? evaluationLine(e) : "");
    p.value.className = e ? `value ${e.winner ? e.winner.toLowerCase() : "even"}` : "value";
    const best = e?.best;
    if (!best || text !== undefined) return;
    const svg = p.svg.querySelector("svg.gamels-board");
    if (!svg) return;
    const target = best.slot
      ? svg.querySelector(`:scope > rect.slot[data-slot="${CSS.escape(best.slot)}"]`)
      : best.cell
        ? svg.querySelector(`:scope > rect.cell[data-row="${best.cell.row}"][data-col="${best.cell.col}"]`)
        : null;
    target?.classList.add("best");
  }

  /** drawStrip draws the strip of values of the game shown, the current move marked. */
  private drawStrip(): void {
    const p = this.parts;
    const b = this.board;
    const e = this.evaluations;
    if (!b || !e || e.game !== b.game || b.kind === "path") {
      p.strip.hidden = true;
      p.strip.replaceChildren();
      return;
    }
    p.strip.hidden = false;
    const cells = stripCells(e, this.options.stripCells ?? 400);
    const row = el("div", { class: "cells" });
    for (const c of cells) {
      const move = c.mark && c.from !== c.to ? c.mark.move : c.from;
      const cls = ["cell", c.value];
      if (c.mark) cls.push("mark", c.mark.kind);
      if (b.move >= c.from && b.move <= c.to) cls.push("current");
      const s = el("span", { class: cls.join(" "), "data-move": String(move), title: c.title });
      if (c.mark) s.textContent = markSign[c.mark.kind] ?? "";
      row.append(s);
    }
    const about = e.off
      ? `No values: ${e.off}.`
      : e.pending
        ? "The engine is annotating this game…"
        : `${e.annotations.length} annotated move(s), depth ${e.depth}${e.complete ? "" : " (cut short)"}; n, N: next, previous`;
    p.strip.replaceChildren(row, el("div", { class: "about" }, about));
  }

  /** preview marks the cells a slot's push moves, and the one whose marker falls off. */
  private preview(slot: Element | null): void {
    const svg = this.parts.svg.querySelector("svg.gamels-board");
    if (!svg) return;
    svg.querySelectorAll(".preview, .preview-off").forEach((x) => x.classList.remove("preview", "preview-off"));
    if (!slot) return;
    const mark = (rc: string, what: string, cls: string) => {
      const [r, c] = rc.split(",").map(Number);
      if (Number.isInteger(r) && Number.isInteger(c)) {
        svg.querySelectorAll(`:scope > ${what}[data-row="${r}"][data-col="${c}"]`).forEach((x) => x.classList.add(cls));
      }
    };
    for (const rc of (slot.getAttribute("data-run") ?? "").split(" ").filter(Boolean)) mark(rc, "rect.cell", "preview");
    const off = slot.getAttribute("data-off");
    if (off) {
      mark(off, "rect.cell", "preview-off");
      mark(off, ".mark", "preview-off");
    }
    slot.classList.add("preview");
  }

  private click(target: Element): void {
    const slot = target.closest("rect.slot");
    if (slot) {
      const s = slot.getAttribute("data-slot");
      if (s) this.host.play({ slot: s });
      return;
    }
    const svg = target.closest("svg.gamels-board");
    const at = target.closest("[data-row][data-col]");
    // Spot and PATH cells; not those of the earlier board of a repetition.
    if (svg && at && !svg.classList.contains("pousse") && !at.closest("g.earlier")) {
      this.host.play({ cell: { row: Number(at.getAttribute("data-row")), col: Number(at.getAttribute("data-col")) } });
    }
  }

  private key(e: KeyboardEvent): void {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.target as Element | null;
    if (t && /^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName)) return;
    const b = this.board;
    if (!b) return;
    if (t && t.closest("svg.gamels-board")) {
      // A slot or cell a host made focusable: Enter or Space plays it; the
      // arrows are the host's, to move among them.
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        this.click(t);
      }
      if (e.key.startsWith("Arrow")) return;
    }
    let k: number | undefined;
    switch (e.key) {
      case "Home":
        k = 0;
        break;
      case "End":
        k = b.count;
        break;
      case "ArrowLeft":
        k = b.move - 1;
        break;
      case "ArrowRight":
        k = b.move + 1;
        break;
      case "n":
      case "N":
        k = nextAnnotated(this.annotations(), b.move, e.key === "n" ? 1 : -1);
        if (k === undefined) {
          this.status(this.evaluations ? `No annotated move ${e.key === "n" ? "after" : "before"} move ${b.move}.` : "No annotations for this game yet.");
          e.preventDefault();
          return;
        }
        break;
    }
    if (k !== undefined) {
      e.preventDefault();
      this.go(k);
    }
  }

  private annotations(): Annotation[] {
    const e = this.evaluations;
    return e && this.board && e.game === this.board.game ? e.annotations : [];
  }
}
