// The engine's main line and the move that held, drawn on the board the
// server drew: the line's plies as numbers on their slots or cells (1 the
// move to play now, in the colour of the side that plays it), and at an
// annotated move the slot or cell of the move that held as a dashed ring.
// Both are the view's, over the server's picture: they follow the engine's
// answers, which come after the picture.

import type { LineLabel } from "./model";

/** targetOf is the slot (Pousse) or cell (Spot) that move text plays on svg, or null. O(1) lookups. */
export function targetOf(svg: Element, kind: string, text: string): Element | null {
  if (kind === "pousse") return svg.querySelector(`:scope > rect.slot[data-slot="${CSS.escape(text.trim().toUpperCase())}"]`);
  const m = /^\s*(\d+)\s+(\d+)/.exec(text);
  return m ? svg.querySelector(`:scope > rect.cell[data-row="${Number(m[1])}"][data-col="${Number(m[2])}"]`) : null;
}

const ns = "http://www.w3.org/2000/svg";

/**
 * drawLine draws labels on svg (a board of kind): each target's ply
 * numbers at its centre, class "line-ply" and the side, x or o (the
 * server names Spot's players 1 and 2 X and O too). It replaces what an
 * earlier call drew.
 */
export function drawLine(svg: Element, kind: string, labels: LineLabel[]): void {
  svg.querySelector(":scope > g.engine-line")?.remove();
  if (labels.length === 0) return;
  const g = document.createElementNS(ns, "g");
  g.setAttribute("class", "engine-line");
  g.setAttribute("aria-hidden", "true");
  for (const l of labels) {
    const t = targetOf(svg, kind, l.text);
    if (!t) continue;
    const [x, y, w, h] = ["x", "y", "width", "height"].map((a) => Number(t.getAttribute(a)));
    if (![x, y, w, h].every(Number.isFinite)) continue;
    const txt = document.createElementNS(ns, "text");
    txt.setAttribute("class", `line-ply ${l.side === "O" ? "o" : "x"}`);
    txt.setAttribute("x", String(x + w / 2));
    txt.setAttribute("y", String(y + h / 2));
    txt.setAttribute("text-anchor", "middle");
    txt.setAttribute("dominant-baseline", "central");
    txt.setAttribute("font-size", String(Math.max(8, Math.min(w, h) * (l.plies.length > 1 ? 0.5 : 0.7))));
    txt.setAttribute("data-plies", l.plies.join(" "));
    txt.setAttribute("pointer-events", "none");
    txt.textContent = l.plies.join(",");
    g.append(txt);
  }
  svg.append(g);
}

/** drawHeld marks on svg the target of the move that held (an annotation's best), class "held"; none when text is undefined. */
export function drawHeld(svg: Element, kind: string, text: string | undefined): void {
  svg.querySelectorAll(".held").forEach((x) => x.classList.remove("held"));
  if (text) targetOf(svg, kind, text)?.classList.add("held");
}
