// The drawing of a gamels/board answer as SVG. A standalone module: it
// knows nothing of VS Code or of a DOM, takes the JSON of the request
// (types.ts) and returns the SVG as a string, so that any web page can show
// it. Colours are not in the SVG: every element has classes (media/board.css
// gives them the theme's colours), so the same drawing serves light and dark
// themes.
//
// Classes:
//
//	svg.gamels-board.pousse|spot|path   the root; data-n, data-game, data-move
//	rect.cell                           every cell; data-row, data-col (1-based)
//	  .last                             the square the last move entered (Pousse) or toggled (Spot)
//	  .pushed                           every square of the pushed run (Pousse)
//	  .add .remove .illegal             Spot: what the last move did
//	  .straight .x/.o                   a cell of a straight of X or O
//	  .path                             PATH: a cell of the winning path
//	  .onemove                          PATH: a cell where one move wins
//	text.mark.x / text.mark.o           a Pousse marker, its text X or O
//	circle.mark.spot                    a Spot spot
//	circle.mark.w / circle.mark.b       a PATH cell, white or black (U is empty)
//	text.mark.bad                       "?": not a cell
//	path.arrow                          where the last Pousse push came in
//	text.mark.off                       the marker pushed off the board, outside it
//	line.straight-line.x/.o             through a straight
//	g.earlier                           the earlier board of a repetition, beside
//	rect.slot                           Pousse: an edge slot, a click target (play.ts); data-slot
//	                                    ("T3"), data-run and data-off (the push it previews:
//	                                    "row,col" squares), .wins/.loses/.repeats from the marks
//	rect.cell.repeats                   Spot: a cell whose move repeats an earlier pattern
//	text.label, text.caption            coordinates and captions
//
// Cost: O(n²) elements and characters for an n x n board (about 150 bytes a
// cell); a 100 x 100 board is about 1.5 MB of SVG.

import { describe } from "../view/model";
import type { Board, Cell } from "./types";
import { pushPreview, slots } from "./play";

export interface DrawOptions {
  /**
   * The board at the earlier move of a repetition (board.earlier), drawn
   * beside this one; the caller requests it at that move.
   */
  earlier?: Board;
  /** The side of a cell in px; by default from n: 40 for small boards, down to 14. */
  cell?: number;
}

/** cellSize is the default side of a cell for an n x n board. O(1). */
export function cellSize(n: number): number {
  return Math.max(14, Math.min(40, Math.floor(480 / Math.max(1, n))));
}

/** escapeXml makes s safe in XML text and in double-quoted attributes. O(len). */
export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) =>
    c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : c === '"' ? "&quot;" : "&#39;",
  );
}

export { describe };

const key = (c: Cell): string => `${c.row},${c.col}`;

/** The push direction of a Pousse move's letter, as (drow, dcol). */
function pushDirection(text: string | undefined): [number, number] | undefined {
  switch (text?.trim().charAt(0).toUpperCase()) {
    case "L":
      return [0, 1];
    case "R":
      return [0, -1];
    case "T":
      return [1, 0];
    case "B":
      return [-1, 0];
  }
  return undefined;
}

/** One grid: the cells and marks of rows, top-left at (x0, y0). */
function grid(
  out: string[],
  b: Board,
  x0: number,
  y0: number,
  s: number,
  classes: Map<string, string[]>,
): void {
  const n = b.n;
  const font = Math.round(s * 0.62);
  for (let r = 1; r <= n; r++) {
    const row = b.rows[r - 1] ?? "";
    for (let c = 1; c <= n; c++) {
      const x = x0 + (c - 1) * s;
      const y = y0 + (r - 1) * s;
      const extra = classes.get(`${r},${c}`);
      const cls = extra ? `cell ${extra.join(" ")}` : "cell";
      out.push(
        `<rect class="${cls}" data-row="${r}" data-col="${c}" x="${x}" y="${y}" width="${s}" height="${s}"/>`,
      );
      const ch = row.charAt(c - 1) || "?";
      const cx = x + s / 2;
      const cy = y + s / 2;
      const at = `data-row="${r}" data-col="${c}"`;
      if (ch === "X" || ch === "O") {
        out.push(
          `<text class="mark ${ch.toLowerCase()}" ${at} x="${cx}" y="${cy}" font-size="${font}" text-anchor="middle" dominant-baseline="central">${ch}</text>`,
        );
      } else if (ch === "*") {
        out.push(`<circle class="mark spot" ${at} cx="${cx}" cy="${cy}" r="${s * 0.3}"/>`);
      } else if (ch === "W" || ch === "B") {
        out.push(`<circle class="mark ${ch.toLowerCase()}" ${at} cx="${cx}" cy="${cy}" r="${s * 0.34}"/>`);
      } else if (ch !== "." && ch !== "U") {
        out.push(
          `<text class="mark bad" ${at} x="${cx}" y="${cy}" font-size="${font}" text-anchor="middle" dominant-baseline="central">?</text>`,
        );
      }
    }
  }
}

/** labels writes the column numbers above and the row numbers left of a grid. */
function labels(out: string[], n: number, x0: number, y0: number, s: number): void {
  const every = n <= 20 ? 1 : 5;
  const font = Math.max(8, Math.round(Math.min(s * 0.45, 14)));
  for (let i = 1; i <= n; i++) {
    if (i !== 1 && i % every !== 0) {
      continue;
    }
    const mid = (i - 0.5) * s;
    out.push(
      `<text class="label" x="${x0 + mid}" y="${y0 - s * 0.95}" font-size="${font}" text-anchor="middle">${i}</text>`,
      `<text class="label" x="${x0 - s * 0.95}" y="${y0 + mid}" font-size="${font}" text-anchor="end" dominant-baseline="central">${i}</text>`,
    );
  }
}

function addClass(classes: Map<string, string[]>, c: Cell, ...cls: string[]): void {
  const k = key(c);
  const list = classes.get(k);
  if (list) {
    for (const x of cls) if (!list.includes(x)) list.push(x);
  } else {
    classes.set(k, [...cls]);
  }
}

/**
 * showsRepeat tells whether b shows the board of a repetition (a Spot
 * pattern, an icfp Pousse position): the game ended by repeating the board
 * of move b.earlier, and b is at that end or past it. Only then is the
 * earlier board drawn beside. O(1).
 */
export function showsRepeat(b: Board): boolean {
  return b.earlier > 0 && b.end > 0 && Math.min(b.move, b.played) >= b.end;
}

/**
 * boardSvg draws b as an SVG document fragment (one <svg> element). The
 * earlier board of a repetition, when given, is drawn beside it at a
 * smaller scale. O(n²).
 */
export function boardSvg(b: Board, opts: DrawOptions = {}): string {
  const n = Math.max(0, Math.floor(b.n));
  const s = opts.cell ?? cellSize(n);
  // The margin: the labels outermost, then the arrow of the last push or
  // the marker pushed off, next to the board.
  const m = Math.round(s * 1.6);
  const classes = new Map<string, string[]>();
  const out: string[] = [];

  // What the last move did.
  const last = b.last;
  const moveText = b.move >= 1 ? b.moves[b.move - 1]?.text : undefined;
  if (last && last.cells.length > 0) {
    if (b.kind === "pousse") {
      addClass(classes, last.cells[0], "last");
      for (const c of last.cells) addClass(classes, c, "pushed");
    } else {
      addClass(classes, last.cells[0], "last", last.illegal ? "illegal" : last.add ? "add" : "remove");
    }
  }
  // Straights, then the PATH marks.
  for (const l of b.straights?.lines ?? []) {
    const who = l.who === "O" ? "o" : "x";
    for (let i = 1; i <= n; i++) {
      addClass(classes, l.line === "row" ? { row: l.index, col: i } : { row: i, col: l.index }, "straight", who);
    }
  }
  for (const c of b.winningPath ?? []) addClass(classes, c, "path");
  for (const c of b.oneMoveWins ?? []) addClass(classes, c, "onemove");
  if (b.kind === "spot") {
    for (const mk of b.marks ?? []) if (mk.cell) addClass(classes, mk.cell, mk.mark);
  }

  const x0 = m;
  const y0 = m;
  const side = n * s;
  labels(out, n, x0, y0, s);
  grid(out, b, x0, y0, s, classes);

  // The straights, as lines through them.
  for (const l of b.straights?.lines ?? []) {
    const who = l.who === "O" ? "o" : "x";
    const mid = (l.index - 0.5) * s;
    const [x1, y1, x2, y2] =
      l.line === "row"
        ? [x0 + s * 0.15, y0 + mid, x0 + side - s * 0.15, y0 + mid]
        : [x0 + mid, y0 + s * 0.15, x0 + mid, y0 + side - s * 0.15];
    out.push(
      `<line class="straight-line ${who}" data-line="${l.line}" data-index="${l.index}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke-width="${Math.max(2, s * 0.1)}"/>`,
    );
  }

  // The winning path, as a line through its cells in order.
  const wp = b.winningPath ?? [];
  if (wp.length > 1) {
    const pts = wp.map((c) => `${x0 + (c.col - 0.5) * s},${y0 + (c.row - 0.5) * s}`).join(" ");
    out.push(`<polyline class="path-line" points="${pts}" fill="none" stroke-width="${Math.max(2, s * 0.12)}"/>`);
  }

  // The arrow where the last push came in, and the marker pushed off.
  const dir = b.kind === "pousse" && last && last.cells.length > 0 ? pushDirection(moveText) : undefined;
  if (dir && last) {
    const [dr, dc] = dir;
    const e = last.cells[0];
    // The point just outside the entered square's edge, and the tip at it.
    const cx = x0 + (e.col - 0.5) * s;
    const cy = y0 + (e.row - 0.5) * s;
    const tipX = cx - dc * s * 0.5;
    const tipY = cy - dr * s * 0.5;
    const tailX = tipX - dc * s * 0.8;
    const tailY = tipY - dr * s * 0.8;
    const w = s * 0.22;
    // The head: a triangle pointing in the push direction.
    const bx = tipX - dc * w * 1.4;
    const by = tipY - dr * w * 1.4;
    const head = `M${tipX},${tipY} L${bx - dr * w},${by - dc * w} L${bx + dr * w},${by + dc * w} Z`;
    out.push(
      `<path class="arrow" data-move="${escapeXml(moveText ?? "")}" d="M${tailX},${tailY} L${bx},${by} ${head}" stroke-width="${Math.max(1.5, s * 0.08)}"/>`,
    );
    if (last.off && (last.offWho === "X" || last.offWho === "O")) {
      const ox = x0 + (last.off.col - 0.5) * s + dc * s * 0.95;
      const oy = y0 + (last.off.row - 0.5) * s + dr * s * 0.95;
      out.push(
        `<text class="mark off ${last.offWho.toLowerCase()}" data-row="${last.off.row}" data-col="${last.off.col}" x="${ox}" y="${oy}" font-size="${Math.round(s * 0.55)}" text-anchor="middle" dominant-baseline="central">${last.offWho}</text>`,
      );
    }
  }

  // The edge slots of a Pousse board: click targets beside each line,
  // between the board and the arrow, each with the push it previews.
  if (b.kind === "pousse" && n > 0) {
    const marks = new Map((b.marks ?? []).filter((mk) => mk.slot).map((mk) => [mk.slot, mk.mark]));
    const near = s * 0.05;
    const deep = s * 0.4;
    for (const sl of slots(n)) {
      const name = `${sl.dir}${sl.line}`;
      const along = (sl.line - 1) * s + s * 0.1;
      const [x, y, w, h] =
        sl.dir === "L"
          ? [x0 - near - deep, y0 + along, deep, s * 0.8]
          : sl.dir === "R"
            ? [x0 + side + near, y0 + along, deep, s * 0.8]
            : sl.dir === "T"
              ? [x0 + along, y0 - near - deep, s * 0.8, deep]
              : [x0 + along, y0 + side + near, s * 0.8, deep];
      const p = pushPreview(b, sl);
      const mark = marks.get(name);
      const run = p.cells.map((c) => `${c.row},${c.col}`).join(" ");
      const off = p.off ? ` data-off="${p.off.row},${p.off.col}"` : "";
      const what = mark === "wins" ? ": wins at once" : mark === "loses" ? ": loses at once" : mark === "repeats" ? ": repeats a position, loses" : "";
      out.push(
        `<rect class="slot${mark ? ` ${mark}` : ""}" data-slot="${name}" data-run="${run}"${off} x="${x}" y="${y}" width="${w}" height="${h}" rx="${s * 0.08}" aria-label="${name}${what}"/>`,
      );
    }
  }

  let width = side + 2 * m;
  let height = side + 2 * m;

  // The earlier board of a repetition, beside, at two thirds of the scale.
  const eb = opts.earlier;
  if (showsRepeat(b) && eb && eb.n === n) {
    const es = Math.max(8, Math.round(s * 0.66));
    const ex = width + m * 0.5;
    const ey = y0;
    const turn = b.kind === "spot" && b.rotation % 4 !== 0 ? `, turned ${(b.rotation % 4) * 90}° clockwise` : "";
    const caption = `move ${b.earlier}${turn}`;
    const cf = Math.max(9, Math.min(14, Math.round(s * 0.4)));
    out.push(`<g class="earlier" data-move="${b.earlier}" data-rotation="${b.rotation}">`);
    out.push(
      `<text class="caption" x="${ex}" y="${ey - cf * 0.8}" font-size="${cf}">${escapeXml(caption)}</text>`,
    );
    grid(out, eb, ex, ey, es, new Map());
    out.push(`</g>`);
    width = ex + n * es + m * 0.5;
    const captionWidth = ex + caption.length * cf * 0.6 + m * 0.5;
    width = Math.max(width, captionWidth);
    height = Math.max(height, ey + n * es + m * 0.5);
  }

  width = Math.ceil(width);
  height = Math.ceil(height);
  const title = escapeXml(describe(b));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="gamels-board ${b.kind}" data-n="${n}" data-game="${b.game}" data-move="${b.move}" ` +
    `width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${title}">` +
    `<title>${title}</title>` +
    out.join("") +
    `</svg>`
  );
}
