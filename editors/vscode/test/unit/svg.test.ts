// Unit tests of the drawing module (src/board/svg.ts), on answers of the
// real server captured with scripts/capture-board.mjs (test/unit/fixtures).
// They read the SVG back with a small tag scanner and assert on what is
// drawn where.

import { test } from "node:test";
import * as assert from "node:assert/strict";
import * as fs from "fs";
import * as path from "path";
import { boardSvg, cellSize } from "../../src/board/svg";
import { Board, isBoard } from "../../src/board/types";
import { movePosition } from "../../src/board/steps";

const fixtures = path.join(__dirname, "..", "..", "test", "unit", "fixtures");

function load(name: string): any {
  return JSON.parse(fs.readFileSync(path.join(fixtures, name), "utf8"));
}

interface El {
  tag: string;
  attrs: Record<string, string>;
  classes: string[];
  text: string;
}

/** elements lists the SVG's elements with their attributes and text. */
function elements(svg: string): El[] {
  const out: El[] = [];
  const re = /<([a-z]+)((?:\s+[A-Za-z0-9:-]+="[^"]*")*)\s*(\/?)>(?:([^<]*)<\/\1>)?/g;
  for (let m = re.exec(svg); m !== null; m = re.exec(svg)) {
    const attrs: Record<string, string> = {};
    for (const a of m[2].matchAll(/([A-Za-z0-9:-]+)="([^"]*)"/g)) attrs[a[1]] = a[2];
    out.push({ tag: m[1], attrs, classes: (attrs["class"] ?? "").split(/\s+/).filter(Boolean), text: m[4] ?? "" });
  }
  return out;
}

const cells = (els: El[]) => els.filter((e) => e.tag === "rect" && e.classes.includes("cell"));
const at = (els: El[], r: number, c: number) => els.filter((e) => e.attrs["data-row"] === `${r}` && e.attrs["data-col"] === `${c}`);
const cellAt = (els: El[], r: number, c: number) => cells(at(els, r, c))[0];
const marks = (els: El[]) => els.filter((e) => e.classes.includes("mark") && !e.classes.includes("off"));

/** The marks as the board's rows: "X", "O", "*", "W", "B" where drawn, "." elsewhere. */
function drawnRows(els: El[], n: number): string[] {
  const rows = Array.from({ length: n }, () => Array<string>(n).fill("."));
  for (const e of marks(els)) {
    const r = Number(e.attrs["data-row"]);
    const c = Number(e.attrs["data-col"]);
    rows[r - 1][c - 1] = e.tag === "text" ? e.text : e.classes.includes("spot") ? "*" : e.classes.includes("w") ? "W" : "B";
  }
  return rows.map((r) => r.join(""));
}

test("sample.pousse after move 3: the cells, X and O where they are, the push marked", () => {
  const b = load("sample-move3.json");
  assert.ok(isBoard(b));
  assert.equal(b.move, 3);
  const svg = boardSvg(b);
  const els = elements(svg);
  const root = els[0];
  assert.equal(root.tag, "svg");
  assert.deepEqual(root.classes, ["gamels-board", "pousse"]);
  assert.equal(root.attrs["data-move"], "3");
  assert.match(svg, /<title>Pousse 4×4, game 1, after move 3 of 5: TIE GAME<\/title>/);
  assert.equal(cells(els).length, 16);
  // L2 T2 L2: X entered row 2 twice, O came down column 2.
  assert.deepEqual(drawnRows(els, 4), [".O..", "XX..", "....", "...."]);
  const s = cellSize(4);
  for (const [r, c, who] of [[2, 1, "X"], [2, 2, "X"], [1, 2, "O"]] as const) {
    const mark = at(els, r, c).find((e) => e.tag === "text")!;
    assert.equal(mark.text, who);
    assert.deepEqual(mark.classes, ["mark", who.toLowerCase()]);
    const rect = cellAt(els, r, c);
    // The marker is drawn at the centre of its cell.
    assert.equal(Number(mark.attrs.x), Number(rect.attrs.x) + s / 2);
    assert.equal(Number(mark.attrs.y), Number(rect.attrs.y) + s / 2);
    assert.equal(Number(rect.attrs.width), s);
  }
  assert.deepEqual(cellAt(els, 2, 1).classes, ["cell", "last", "pushed"]);
  assert.deepEqual(cellAt(els, 2, 2).classes, ["cell", "pushed"]);
  assert.equal(cells(els).filter((e) => e.classes.length > 1).length, 2);
  const arrows = els.filter((e) => e.classes.includes("arrow"));
  assert.equal(arrows.length, 1);
  assert.equal(arrows[0].attrs["data-move"], "L2");
  // The arrow comes from the left, in the margin beside row 2.
  const tail = /^M([\d.]+),([\d.]+)/.exec(arrows[0].attrs.d)!;
  const r21 = cellAt(els, 2, 1);
  assert.ok(Number(tail[1]) < Number(r21.attrs.x));
  assert.equal(Number(tail[2]), Number(r21.attrs.y) + s / 2);
  assert.equal(els.filter((e) => e.tag === "g").length, 0);
});

test("the move before the first: an empty board, nothing marked", () => {
  const b: Board = { ...load("sample-move3.json"), move: 0, rows: ["....", "....", "....", "...."], last: undefined };
  const els = elements(boardSvg(b));
  assert.equal(marks(els).length, 0);
  assert.equal(els.filter((e) => e.classes.includes("arrow") || e.classes.includes("last")).length, 0);
  assert.match(boardSvg(b), /before the first move/);
});

test("a straight: its cells and a line through its row", () => {
  const b = load("sample-game2-move7.json");
  const els = elements(boardSvg(b));
  assert.deepEqual(drawnRows(els, 4), ["OO..", "XXXX", "....", ".O.."]);
  const straight = cells(els).filter((e) => e.classes.includes("straight"));
  assert.deepEqual(straight.map((e) => [e.attrs["data-row"], e.attrs["data-col"], e.classes.includes("x")]), [
    ["2", "1", true],
    ["2", "2", true],
    ["2", "3", true],
    ["2", "4", true],
  ]);
  const lines = els.filter((e) => e.classes.includes("straight-line"));
  assert.equal(lines.length, 1);
  assert.deepEqual([lines[0].attrs["data-line"], lines[0].attrs["data-index"], lines[0].classes.includes("x")], ["row", "2", true]);
  assert.equal(lines[0].attrs.y1, lines[0].attrs.y2);
});

test("a marker pushed off is drawn outside the board, past the far edge", () => {
  const b = load("push-off.json");
  const els = elements(boardSvg(b));
  assert.deepEqual(drawnRows(els, 3), ["OXO", "...", "..."]);
  const off = els.filter((e) => e.classes.includes("off"));
  assert.equal(off.length, 1);
  assert.equal(off[0].text, "X");
  const edge = cellAt(els, 1, 3);
  assert.ok(Number(off[0].attrs.x) > Number(edge.attrs.x) + Number(edge.attrs.width));
  assert.equal(cells(els).filter((e) => e.classes.includes("pushed")).length, 3);
});

test("a Spot repeat: the earlier pattern beside, with its rotation", () => {
  const [b3, b1] = load("spot-turn.json");
  assert.equal(b3.earlier, 1);
  assert.equal(b3.end, 3);
  const alone = elements(boardSvg(b3));
  assert.equal(alone.filter((e) => e.tag === "g").length, 0);
  const svg = boardSvg(b3, { earlier: b1 });
  const els = elements(svg);
  assert.equal(cells(els).length, 8);
  assert.match(svg, /<g class="earlier" data-move="1" data-rotation="1"><text class="caption"[^>]*>move 1, turned 90° clockwise<\/text>/);
  // Main board: the spot just placed; the earlier one: the pattern after move 1.
  const main = svg.slice(0, svg.indexOf("<g "));
  const earlier = svg.slice(svg.indexOf("<g "));
  assert.deepEqual(drawnRows(elements(main), 2), ["..", ".*"]);
  assert.deepEqual(drawnRows(elements(earlier), 2), [".*", ".."]);
  assert.deepEqual(cellAt(elements(main), 2, 2).classes, ["cell", "last", "add"]);
  // The earlier board lies right of the main one.
  assert.ok(Number(cellAt(elements(earlier), 1, 1).attrs.x) > Number(cellAt(elements(main), 1, 2).attrs.x));
  // Before the repeat (move 1 itself) nothing is drawn beside.
  assert.equal(elements(boardSvg(b1, { earlier: b1 })).filter((e) => e.tag === "g").length, 0);
});

test("PATH: the winning path and the one-move cells", () => {
  const [p, q] = load("path-marks.json");
  const els = elements(boardSvg(p));
  assert.deepEqual(drawnRows(els, 3), ["WWW", "B.B", "BBB"]);
  assert.deepEqual(
    cells(els).filter((e) => e.classes.includes("path")).map((e) => `${e.attrs["data-row"]},${e.attrs["data-col"]}`),
    ["1,1", "1,2", "1,3"],
  );
  assert.equal(els.filter((e) => e.classes.includes("path-line")).length, 1);
  const els2 = elements(boardSvg(q));
  assert.deepEqual(
    cells(els2).filter((e) => e.classes.includes("onemove")).map((e) => `${e.attrs["data-row"]},${e.attrs["data-col"]}`),
    ["1,2", "2,1"],
  );
  assert.equal(cells(els2).filter((e) => e.classes.includes("path")).length, 0);
});

test("text from the answer is escaped", () => {
  const b = { ...load("sample-move3.json"), verdict: `<script>alert("x")</script>` };
  const svg = boardSvg(b);
  assert.ok(!svg.includes("<script>"));
  assert.match(svg, /&lt;script&gt;alert\(&quot;x&quot;\)/);
  assert.equal(isBoard({ kind: "chess", n: 8, move: 0, rows: [], moves: [] }), false);
  assert.equal(isBoard(null), false);
});

test("100 x 100: every cell, cells of 14 px, a label every 5", () => {
  const n = 100;
  const rows = Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => ((r + c) % 3 === 0 ? "X" : (r + c) % 3 === 1 ? "O" : ".")).join(""));
  const b: Board = { kind: "pousse", n, game: 1, move: 0, played: 0, rows, verdict: "TIE GAME", end: 0, earlier: 0, rotation: 0, moves: [] };
  const els = elements(boardSvg(b));
  assert.equal(cells(els).length, n * n);
  assert.equal(cellSize(n), 14);
  assert.equal(marks(els).length, rows.join("").replace(/\./g, "").length);
  const labels = els.filter((e) => e.classes.includes("label"));
  assert.equal(labels.length, 2 * 21); // 1, 5, 10, ..., 100 on two sides
  assert.ok(Number(els[0].attrs.width) >= n * 14);
  assert.deepEqual(drawnRows(els, n), rows);
});

test("movePosition: the start of move k, the N line for move 0, clamped", () => {
  const b = load("sample-move3.json");
  assert.deepEqual(movePosition(b.moves, 3), { line: 7, character: 0 });
  assert.deepEqual(movePosition(b.moves, 1), { line: 5, character: 0 });
  assert.deepEqual(movePosition(b.moves, 0), { line: 4, character: 0 }); // the N line "4"
  assert.deepEqual(movePosition(b.moves, 99), { line: 9, character: 0 }); // move 5, the last
  assert.deepEqual(movePosition(b.moves, -1), { line: 4, character: 0 });
  assert.equal(movePosition([], 0), undefined);
  // A first move on the N line's own line (a one-line Spot game): that line's start.
  const one = [{ move: 1, text: "1 1 +", range: { start: { line: 3, character: 2 }, end: { line: 3, character: 7 } } }];
  assert.deepEqual(movePosition(one, 0), { line: 3, character: 0 });
});
