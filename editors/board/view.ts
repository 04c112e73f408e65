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
//   Tab to the board's slots (Pousse) or cells (Spot, PATH), the arrows
//   among them, Enter or Space plays the one focused
//   ?                        the keys; t: the position as text
//
// Whose turn it is stays in sight; each step is said in words in a live
// region (for a screen reader); a status line is cleared when the view
// shows another position or file than the one it was about.
//
// Nothing from a transcript becomes markup: texts are textContent, and the
// SVG (whose texts its drawer escaped) is parsed as XML with DOMParser, in
// which no script runs, then adopted. So the view runs under a CSP with no
// inline script or style.

import type { Annotation, Evaluation, Evaluations } from "./types";
import { engineLevels, type BoardModel, type EngineSide, type PictureFormat, type ToView, type ViewHost } from "./host";
import { announcement, evaluationLine, graphPoints, lineLabels, markSign, nextAnnotated, nextEngineSide, stripCells, verdictLine } from "./model";
import { arrows, nextTarget, type Box } from "./targets";
import { drawHeld, drawLine, targetOf } from "./line";

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

/** What a click on the board does, and the keys, by kind. */
const hints: Record<BoardModel["kind"], string> = {
  pousse: "Click an edge slot to push a marker in. Keyboard: Tab to the slots, the arrows move among them, Enter plays. ? shows the keys.",
  spot: "Click a cell to place a spot, or to remove one. Keyboard: Tab to the cells, the arrows move among them, Enter plays. ? shows the keys.",
  path: "Click a cell to cycle it W, B, U. Keyboard: Tab to the cells, the arrows move among them, Enter cycles. ? shows the keys.",
};

const keysHelp = [
  ["Home, End", "first, last move"],
  ["Left, Right", "previous, next move"],
  ["n, N", "next, previous annotated move"],
  ["Tab, arrows", "to the board's slots or cells, and among them"],
  ["Enter, Space", "play the slot or cell focused"],
  ["t", "the position as text"],
  ["x", "explore: try moves from the board without writing them"],
  ["Escape", "discard the explored line (Left: take back its last move)"],
  ["?", "these keys"],
];

/** The legend of the board's marks: each differs by shape as well as colour. */
const legend: [string, string][] = [
  ["best", "the engine's best move (thick ring)"],
  ["line", "the engine's line from it: 1, 2, 3… in the colour of the side that plays"],
  ["held", "at a marked move, the move that held (dashed ring)"],
  ["wins", "wins at once (dotted)"],
  ["last", "the last move (solid frame)"],
  ["run", "the run a push moves (dashed)"],
];

/** The targets of a drawn board: Pousse's edge slots, the cells of Spot and PATH (not those of an earlier board beside). */
function targets(svg: Element): Element[] {
  return Array.from(svg.querySelectorAll(svg.classList.contains("pousse") ? ":scope > rect.slot" : ":scope > rect.cell"));
}

/** targetKey names a target across redraws: "T3", or "2,3" for a cell. */
function targetKey(e: Element): string {
  return e.getAttribute("data-slot") ?? `${e.getAttribute("data-row")},${e.getAttribute("data-col")}`;
}

function box(e: Element): Box {
  const n = (a: string) => Number(e.getAttribute(a)) || 0;
  return { x: n("x"), y: n("y"), width: n("width"), height: n("height") };
}

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
  /** The slot or cell under the pointer's press, until its release. */
  private pressed: { node: Element; key: string } | undefined;
  private evaluation: Evaluation | undefined;
  private evaluations: Evaluations | undefined;
  private side: EngineSide = "off";
  /** The position the status line is about ("" none; "next": the board drawn next). */
  private statusAt = "";
  /** The target (slot or cell) focused last, kept across redraws. */
  private focusKey = "";
  private readonly parts: {
    turn: HTMLElement;
    announce: HTMLElement;
    text: HTMLPreElement;
    keys: HTMLElement;
    hint: HTMLElement;
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
    level?: HTMLSelectElement;
    value: HTMLElement;
    strip: HTMLElement;
    main: HTMLElement;
    svg: HTMLElement;
    moves: HTMLOListElement;
    status: HTMLElement;
    empty: HTMLElement;
    exploreBtn: HTMLButtonElement;
    banner: HTMLElement;
    bannerText: HTMLElement;
    scratch: HTMLOListElement;
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
    let level: HTMLSelectElement | undefined;
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
      // The level, once the host says which is in force (a host that sets none gets no choice).
      level = el("select", { id: "enginelevel", class: "level", "aria-label": "The engine's level", title: "How well the engine plays (gamels.engine.level)" });
      for (const l of engineLevels) level.append(el("option", { value: l }, `Level: ${l}`));
      level.hidden = true;
      level.addEventListener("change", () => host.level(level!.value as (typeof engineLevels)[number]));
      actions.append(level);
    }
    for (const f of options.pictures ?? (["svg", "png", "gif"] as PictureFormat[])) {
      const [label, title] = pictureLabel[f];
      const b = button(`picture-${f}`, label, title, "picture");
      b.addEventListener("click", () => host.picture(f));
      actions.append(b);
    }
    const exploreBtn = button("explore", "Explore", "Try moves from the board without writing them (x); Escape discards them", "explore");
    exploreBtn.setAttribute("aria-pressed", "false");
    exploreBtn.addEventListener("click", () => host.explore("start"));
    actions.append(exploreBtn);
    const bannerText = el("span", { id: "explore-text" });
    const scratch = el("ol", { id: "scratch", class: "scratch", "aria-label": "The explored moves (not written)" });
    const writeBtn = button("explore-write", "Write these moves", "Write the explored moves into the transcript");
    const discardBtn = button("explore-discard", "Discard", "Discard the explored moves (Escape)");
    writeBtn.addEventListener("click", () => host.explore("write"));
    discardBtn.addEventListener("click", () => host.explore("discard"));
    const banner = el("section", { id: "explore-banner", class: "explore-banner", "aria-label": "Exploring a line" }, bannerText, writeBtn, discardBtn, scratch);
    banner.hidden = true;
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
    const turn = el("div", { id: "turn", class: "turn" });
    const announce = el("div", { id: "announce", class: "sr-only", "aria-live": "polite", "aria-atomic": "true" });
    const textBtn = button("astext", "Position as text", "The position as text, for reading (t)", "astext");
    textBtn.setAttribute("aria-expanded", "false");
    const text = el("pre", { id: "postext", class: "postext", "aria-label": "The position as text" });
    text.hidden = true;
    const keysBtn = button("keyshelp", "Keys (?)", "The view's keys (?)", "keyshelp");
    keysBtn.setAttribute("aria-expanded", "false");
    const keys = el("dl", { id: "keys", class: "keys", "aria-label": "Keys" });
    for (const [k, what] of keysHelp) keys.append(el("dt", {}, k), el("dd", {}, what));
    keys.hidden = true;
    actions.append(textBtn, keysBtn);
    const leg = el("ul", { id: "legend", class: "legend", "aria-label": "Legend of the board's marks" });
    for (const [cls, what] of legend) leg.append(el("li", {}, el("span", { class: `swatch ${cls}`, "aria-hidden": "true" }), what));
    const hint = el("p", { id: "playhint", class: "hint" });
    const title = el("div", { id: "title", class: "title" });
    const verdict = el("div", { id: "verdict", class: "verdict" });
    const notice = el("div", { id: "notice", class: "notice", role: "note" });
    notice.hidden = true;
    const value = el("p", { id: "value", class: "value", "aria-live": "polite" });
    const strip = el("div", { id: "strip", class: "strip", role: "group", "aria-label": "The engine's values move by move (n, N: next, previous mark)" });
    strip.hidden = true;
    const svg = el("div", { id: "board", class: "board", tabindex: "0", role: "group", "aria-label": "The board at the cursor", "aria-describedby": "playhint" });
    const moves = el("ol", { id: "moves", class: "moves", "aria-label": "Moves" });
    const main = el("main", { id: "boardmain" }, el("div", { class: "boardcol" }, svg, leg), moves);
    const status = el("p", { id: "boardstatus", class: "view-status", role: "status" });
    const empty = el("p", { id: "empty", class: "empty" });
    controls.hidden = true;
    main.hidden = true;
    root.replaceChildren(el("header", {}, actions, title, turn, verdict, notice), keys, banner, controls, value, strip, main, text, hint, status, announce, empty);
    this.parts = { turn, announce, text, keys, hint, title, verdict, notice, controls, pos, first, prev, next, last, engine, level, value, strip, main, svg, moves, status, empty, exploreBtn, banner, bannerText, scratch };
    textBtn.addEventListener("click", () => this.toggle(text, textBtn));
    keysBtn.addEventListener("click", () => this.toggle(keys, keysBtn));
    svg.addEventListener("focusin", (e) => {
      const t = this.target(e.target);
      if (!t) return;
      this.focusKey = targetKey(t);
      if (t.matches("rect.slot")) this.preview(t);
    });
    svg.addEventListener("focusout", (e) => {
      if (this.target(e.target)?.matches("rect.slot")) this.preview(null);
    });

    first.addEventListener("click", () => this.go(0));
    prev.addEventListener("click", () => (this.board?.explore ? host.explore("back") : this.go((this.board?.move ?? 0) - 1)));
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
    // A board redrawn between the press and the release (the engine's value
    // arriving, say) replaces the pressed target, and the browser then fires
    // no click: the release on the same slot or cell plays it instead.
    svg.addEventListener("pointerdown", (e) => {
      const t = e.button === 0 ? this.target(e.target) : null;
      this.pressed = t ? { node: t, key: targetKey(t) } : undefined;
    });
    svg.addEventListener("pointerup", (e) => {
      const down = this.pressed;
      this.pressed = undefined;
      const t = this.target(e.target);
      if (down && t && !down.node.isConnected && targetKey(t) === down.key) this.click(t);
    });
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
        this.status(m.message, m.error, m.next ? (m.move !== undefined ? `next#${m.move}` : "next") : this.here());
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
      case "level":
        if (this.parts.level) {
          this.parts.level.value = m.level;
          this.parts.level.hidden = false;
        }
        break;
    }
  }

  /** The board shown, for hosts and tests. */
  shown(): BoardModel | undefined {
    return this.board;
  }

  /** here names the position shown, for the status line. */
  private here(): string {
    const b = this.board;
    return b ? `${b.file}#${b.game}@${b.kind === "path" ? 0 : b.move}` : "";
  }

  private toggle(part: HTMLElement, btn: HTMLElement): void {
    part.hidden = !part.hidden;
    btn.setAttribute("aria-expanded", String(!part.hidden));
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
    p.title.title = b.title;
    p.turn.textContent = b.turn;
    p.turn.hidden = !b.turn;
    p.verdict.textContent = verdictLine(b);
    p.text.textContent = `${b.title}\n${b.turn}\n${b.rows.join("\n")}`;
    p.hint.textContent = hints[b.kind];
    p.notice.textContent = b.notice ?? "";
    p.notice.hidden = !b.notice;
    p.pos.textContent = b.kind === "path" ? "" : b.explore ? `${b.explore.from} + ${b.explore.moves.length} / ${b.count}` : `${b.move} / ${b.count}`;
    this.drawExplore(b);
    const had = p.svg.contains(document.activeElement) ? document.activeElement : null;
    const doc = new DOMParser().parseFromString(b.svg, "image/svg+xml").documentElement;
    if (doc.nodeName === "svg") p.svg.replaceChildren(document.importNode(doc, true));
    else p.svg.replaceChildren();
    this.decorate(b, had);
    // A large board keeps its drawn size and scrolls (its cells stay readable); a small one fits the pane.
    p.svg.classList.toggle("big", b.rows.length > 12);
    // On a board larger than the view, bring the last move into sight.
    reveal(p.svg, p.svg.querySelector("rect.cell.last"));
    p.moves.replaceChildren();
    p.moves.start = (b.moves[0]?.move ?? 1);
    for (const mv of b.moves) {
      const li = el("li", { "data-move": String(mv.move), title: `move ${mv.move}, line ${mv.line}` }, mv.text);
      const a = this.markOf(mv.move);
      if (a) li.append(el("span", { class: `mark ${a.kind}`, title: a.text }, ` ${markSign[a.kind] ?? ""}`));
      if (mv.move === (b.explore?.from ?? b.move)) li.className = "current";
      else if (b.end > 0 && mv.move > b.end) li.className = "unplayed";
      p.moves.append(li);
    }
    reveal(p.moves, p.moves.querySelector(".current"));
    p.first.disabled = p.prev.disabled = b.kind === "path" || b.move <= 0;
    p.next.disabled = p.last.disabled = b.kind === "path" || b.move >= b.count || !!b.explore;
    if (!before || before.game !== b.game || before.file !== b.file) {
      // Another game: its values come with the host's next evaluations.
      this.evaluations = undefined;
    }
    // A status line about another position or file is stale.
    const here = this.here();
    const waits = /^next(?:#(\d+))?$/.exec(this.statusAt);
    if (waits) {
      // The status of a move just written binds to that move's board; a
      // redraw of the board it was written from, the move already in the
      // text (not undone), may come first.
      const k = waits[1] === undefined ? undefined : Number(waits[1]);
      if (k === undefined || k === b.move) this.statusAt = here;
      else if (b.move !== k - 1 || b.count < k) this.status("");
    } else if (this.statusAt && this.statusAt !== here) this.status("");
    if (!before || before.file !== b.file || before.game !== b.game || before.move !== b.move) {
      p.announce.textContent = announcement(b);
    }
    if (this.evaluation && (this.evaluation.game !== b.game || this.evaluation.move !== b.move)) {
      this.evaluation = undefined;
    }
    this.drawValue(b.kind === "path" ? "" : undefined);
    this.drawStrip();
  }

  /** drawExplore shows the banner of a scratch line (its moves listed apart from the game's), or hides it. */
  private drawExplore(b: BoardModel): void {
    const p = this.parts;
    const x = b.explore;
    p.banner.hidden = !x;
    p.exploreBtn.setAttribute("aria-pressed", String(!!x));
    p.exploreBtn.disabled = b.kind === "path";
    if (!x) {
      p.scratch.replaceChildren();
      return;
    }
    p.bannerText.textContent = `Exploring after move ${x.from}: ${x.moves.length ? `${x.moves.length} move(s) tried, not written` : "click the board to try a move"}. Escape discards.`;
    p.scratch.replaceChildren();
    p.scratch.start = x.from + 1;
    x.moves.forEach((m, i) => p.scratch.append(el("li", { "data-scratch": String(i + 1) }, m)));
    p.hint.textContent = "Exploring: a click on the board tries a move. Left takes back the last one, Escape discards the line.";
  }

  private empty(message: string): void {
    const p = this.parts;
    this.board = undefined;
    p.banner.hidden = true;
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

  private status(message: string, error = false, at = this.here()): void {
    this.statusAt = message ? at : "";
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
    if (e && text === undefined && this.board) p.announce.textContent = announcement(this.board, e);
    p.value.className = e ? `value ${e.winner ? e.winner.toLowerCase() : "even"}` : "value";
    const svg = p.svg.querySelector("svg.gamels-board");
    const b = this.board;
    if (!svg || !b) return;
    const best = text === undefined ? e?.best : undefined;
    // The main line is drawn when it starts with the move marked best.
    const line = e?.judged?.line;
    const from = best && Array.isArray(line) && line[0]?.trim() === best.text.trim();
    drawLine(svg, b.kind, from && e ? lineLabels(line, e.toMove, e.toMove === "X" ? "O" : "X") : []);
    if (!best) return;
    targetOf(svg, b.kind, best.slot ?? (best.cell ? `${best.cell.row} ${best.cell.col}` : best.text))?.classList.add("best");
  }

  /** drawHeldMove marks, on the board of an annotated move, the move that held (the annotation's best). */
  private drawHeldMove(): void {
    const b = this.board;
    const svg = this.parts.svg.querySelector("svg.gamels-board");
    if (!b || !svg) return;
    const a = b.explore ? undefined : this.markOf(b.move);
    drawHeld(svg, b.kind, a && a.kind !== "decisive" ? a.best : undefined);
  }

  /** drawStrip draws the strip of values of the game shown, the current move marked. */
  private drawStrip(): void {
    this.drawHeldMove();
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
    const at = b.explore?.from ?? b.move; // exploring: the strip is the transcript's, from where the line starts
    const graph = this.graph(e, at);
    for (const c of cells) {
      const move = c.mark && c.from !== c.to ? c.mark.move : c.from;
      const cls = ["cell", c.value];
      if (c.mark) cls.push("mark", c.mark.kind);
      if (at >= c.from && at <= c.to) cls.push("current");
      const s = el("span", { class: cls.join(" "), "data-move": String(move), title: c.title });
      if (c.mark) s.textContent = markSign[c.mark.kind] ?? "";
      row.append(s);
    }
    const about = e.off
      ? `No values: ${e.off}.`
      : e.pending
        ? "The engine is annotating this game…"
        : `${e.annotations.length} annotated move(s), depth ${e.depth}${e.complete ? "" : " (cut short)"}; n, N: next, previous`;
    // Without a graph yet (a game of one position), its place is kept: the
    // board below must not move under the pointer when the graph comes.
    p.strip.replaceChildren(graph ?? el("div", { class: "graph", "aria-hidden": "true" }), row, el("div", { class: "about" }, about));
    // The move list's marks come with the values.
    for (const li of Array.from(p.moves.querySelectorAll("li[data-move]"))) {
      li.querySelector(".mark")?.remove();
      const a = this.markOf(Number((li as HTMLElement).dataset.move));
      if (a) li.append(el("span", { class: `mark ${a.kind}`, title: a.text }, ` ${markSign[a.kind] ?? ""}`));
    }
  }

  /** markOf is the annotation of move k of the game shown (the most telling), if any. */
  private markOf(k: number): Annotation | undefined {
    const rank: Record<string, number> = { blunder: 5, "missed-win": 4, mistake: 3, inaccuracy: 2, decisive: 1 };
    let best: Annotation | undefined;
    for (const a of this.annotations()) if (a.move === k && (!best || (rank[a.kind] ?? 0) > (rank[best.kind] ?? 0))) best = a;
    return best;
  }

  /**
   * graph draws the engine's estimates of the game (X's expected score at
   * each position) as a line over the strip, X's 100% at the top, the
   * position shown marked; undefined without estimates.
   */
  private graph(e: Evaluations, move: number): SVGSVGElement | undefined {
    const est = e.estimates;
    if (!Array.isArray(est)) return undefined;
    const w = 400;
    const h = 40;
    const pts = graphPoints(est, w, h);
    if (!pts) return undefined;
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("class", "graph");
    svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
    svg.setAttribute("preserveAspectRatio", "none");
    svg.setAttribute("role", "img");
    const v = est[move];
    svg.setAttribute("aria-label", `The engine's estimate move by move${typeof v === "number" ? `; here X ${Math.round(v * 100)}%` : ""}`);
    const mid = document.createElementNS(ns, "line");
    for (const [k, val] of Object.entries({ x1: "0", x2: String(w), y1: String(h / 2), y2: String(h / 2), class: "mid" })) mid.setAttribute(k, val);
    const line = document.createElementNS(ns, "polyline");
    line.setAttribute("points", pts);
    line.setAttribute("class", "estimate");
    svg.append(mid, line);
    if (est.length > 1) {
      const x = (move / (est.length - 1)) * w;
      const at = document.createElementNS(ns, "line");
      for (const [k, val] of Object.entries({ x1: String(x), x2: String(x), y1: "0", y2: String(h), class: "here" })) at.setAttribute(k, val);
      svg.append(at);
    }
    svg.addEventListener("click", (ev) => {
      const r = svg.getBoundingClientRect();
      if (r.width > 0) this.go(Math.round(((ev.clientX - r.left) / r.width) * (est.length - 1)));
    });
    return svg;
  }

  /** target is the playable slot or cell at (or around) node, or null. */
  private target(node: EventTarget | null): Element | null {
    const t = (node as Element | null)?.closest?.("rect.slot, [data-row][data-col]");
    const svg = t?.closest("svg.gamels-board");
    if (!t || !svg || t.closest("g.earlier")) return null;
    if (t.matches("rect.slot")) return t;
    if (svg.classList.contains("pousse")) return null;
    return svg.querySelector(`:scope > rect.cell[data-row="${t.getAttribute("data-row")}"][data-col="${t.getAttribute("data-col")}"]`);
  }

  /**
   * decorate makes the targets of the board just drawn reachable by
   * keyboard: one tab stop (the target focused last, else the first),
   * each a button with its name. had held the focus in the board before
   * the redraw: the same target gets it back.
   */
  private decorate(b: BoardModel, had: Element | null): void {
    const svg = this.parts.svg.querySelector("svg.gamels-board");
    if (!svg) return;
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", b.kind === "pousse" ? "The board and its edge slots" : "The board's cells");
    const all = targets(svg);
    const cellName = (e: Element) => `row ${e.getAttribute("data-row")}, column ${e.getAttribute("data-col")}`;
    for (const t of all) {
      t.setAttribute("tabindex", "-1");
      t.setAttribute("role", "button");
      if (b.kind === "pousse") {
        const name = t.getAttribute("aria-label") ?? targetKey(t);
        if (!name.startsWith("Push ")) t.setAttribute("aria-label", `Push ${name}`);
      } else t.setAttribute("aria-label", b.kind === "spot" ? `Play ${cellName(t)}` : `Cycle the cell at ${cellName(t)}`);
    }
    const keep = all.find((t) => targetKey(t) === this.focusKey) ?? all[0];
    keep?.setAttribute("tabindex", "0");
    if (keep && had && had.closest?.("rect.slot, rect.cell")) (keep as SVGElement).focus({ preventScroll: true });
  }

  /** moveFocus moves the focus from target t to the nearest one in the arrow's direction. */
  private moveFocus(t: Element, key: string): void {
    const d = arrows[key];
    const svg = t.closest("svg.gamels-board");
    if (!d || !svg) return;
    const all = targets(svg);
    const next = all[nextTarget(all.map(box), all.indexOf(t), d)];
    if (!next || next === t) return;
    for (const x of all) x.setAttribute("tabindex", x === next ? "0" : "-1");
    (next as SVGElement).focus();
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
    const target = t ? this.target(t) : null;
    if (target) {
      // A slot or cell: Enter or Space plays it; the arrows move among them.
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        this.click(target);
        return;
      }
      if (arrows[e.key]) {
        e.preventDefault();
        this.moveFocus(target, e.key);
        return;
      }
    }
    if (e.key === "?") {
      e.preventDefault();
      this.toggle(this.parts.keys, document.getElementById("keyshelp") ?? this.parts.keys);
      return;
    }
    if (e.key === "t") {
      e.preventDefault();
      this.toggle(this.parts.text, document.getElementById("astext") ?? this.parts.text);
      return;
    }
    if (e.key === "x" && b.kind !== "path") {
      e.preventDefault();
      if (!b.explore) this.host.explore("start");
      return;
    }
    if (b.explore && (e.key === "Escape" || e.key === "ArrowLeft")) {
      e.preventDefault();
      this.host.explore(e.key === "Escape" ? "discard" : "back");
      return;
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

/**
 * reveal scrolls box, and box alone, so that target comes into sight at
 * its nearest edge, as scrollIntoView's "nearest" does but without
 * scrolling the view around box, which would take the buttons and the
 * value line off the screen at each move of a long game.
 */
function reveal(box: HTMLElement, target: Element | null): void {
  if (!target) return;
  const b = box.getBoundingClientRect();
  const t = target.getBoundingClientRect();
  if (t.top < b.top) box.scrollTop -= b.top - t.top;
  else if (t.bottom > b.bottom) box.scrollTop += Math.min(t.bottom - b.bottom, t.top - b.top);
  if (t.left < b.left) box.scrollLeft -= b.left - t.left;
  else if (t.right > b.right) box.scrollLeft += Math.min(t.right - b.right, t.left - b.left);
}
