// Unit tests of playing from the board: the push a Pousse edge slot
// previews (src/board/play.ts) and the slots and marks the drawing holds
// (src/board/svg.ts), on answers of the real server (test/unit/fixtures).

import { test } from "node:test";
import * as assert from "node:assert/strict";
import * as fs from "fs";
import * as path from "path";
import { boardSvg, cellSize } from "../../src/board/svg";
import { pushPreview, slots } from "../../src/board/play";
import { Board, isPlayEdit } from "../../src/board/types";

const fixtures = path.join(__dirname, "..", "..", "test", "unit", "fixtures");
const load = (name: string): any => JSON.parse(fs.readFileSync(path.join(fixtures, name), "utf8"));
const rc = (cells: { row: number; col: number }[]) => cells.map((c) => `${c.row},${c.col}`).join(" ");

/** The rect.slot elements of an SVG, with their attributes. */
function slotEls(svg: string): Record<string, string>[] {
  return [...svg.matchAll(/<rect class="slot[^"]*"[^>]*\/>/g)].map((m) =>
    Object.fromEntries([...m[0].matchAll(/([a-z-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])),
  );
}

test("pushPreview: the run from the entry square to the first empty one", () => {
  // After L2 T2 L2: .O.. / XX.. / .... / ....
  const b: Board = load("sample-move3.json");
  assert.equal(rc(pushPreview(b, { dir: "L", line: 2 }).cells), "2,1 2,2 2,3");
  assert.equal(rc(pushPreview(b, { dir: "T", line: 2 }).cells), "1,2 2,2 3,2");
  assert.equal(rc(pushPreview(b, { dir: "R", line: 2 }).cells), "2,4");
  assert.equal(rc(pushPreview(b, { dir: "B", line: 1 }).cells), "4,1");
  assert.equal(pushPreview(b, { dir: "L", line: 2 }).off, undefined);
});

test("pushPreview: on a full line, the marker at the far end falls off", () => {
  // OXO in row 1 of a 3 x 3 board.
  const b: Board = load("push-off.json");
  const p = pushPreview(b, { dir: "L", line: 1 });
  assert.equal(rc(p.cells), "1,1 1,2 1,3");
  assert.deepEqual(p.off, { row: 1, col: 3 });
  assert.equal(p.offWho, "O");
  const q = pushPreview(b, { dir: "R", line: 1 });
  assert.deepEqual(q.off, { row: 1, col: 1 });
  assert.equal(q.offWho, "O");
});

test("slots: 4N edge slots, each beside its line, outside the board, with its push", () => {
  const b: Board = load("sample-move3.json");
  assert.equal(slots(4).length, 16);
  const els = slotEls(boardSvg(b));
  assert.deepEqual(els.map((e) => e["data-slot"]), slots(4).map((s) => `${s.dir}${s.line}`));
  const s = cellSize(4);
  const m = Math.round(s * 1.6);
  const byName = Object.fromEntries(els.map((e) => [e["data-slot"], e]));
  assert.equal(byName.L2["data-run"], "2,1 2,2 2,3");
  assert.equal(byName.T2["data-run"], "1,2 2,2 3,2");
  // L slots left of the board, beside their row; B slots below.
  assert.ok(Number(byName.L2.x) + Number(byName.L2.width) <= m);
  assert.ok(Number(byName.L2.y) > m + s && Number(byName.L2.y) < m + 2 * s);
  assert.ok(Number(byName.B3.y) >= m + 4 * s);
  assert.ok(Number(byName.B3.x) > m + 2 * s && Number(byName.B3.x) < m + 3 * s);
  assert.equal(byName.L2["data-off"], undefined);
  const off = Object.fromEntries(slotEls(boardSvg(load("push-off.json"))).map((e) => [e["data-slot"], e]));
  assert.equal(off.L1["data-off"], "1,3");
  // No slots on Spot and PATH boards: their cells are the targets.
  const [spot] = load("spot-turn.json");
  assert.equal(slotEls(boardSvg(spot)).length, 0);
});

test("marks: a slot that wins or loses at once, a Spot cell that repeats", () => {
  const b: Board = { ...load("sample-move3.json"), marks: [{ slot: "T3", mark: "wins" }, { slot: "B1", mark: "loses" }] };
  const byName = Object.fromEntries(slotEls(boardSvg(b)).map((e) => [e["data-slot"], e]));
  assert.equal(byName.T3.class, "slot wins");
  assert.equal(byName.T3["aria-label"], "T3: wins at once");
  assert.equal(byName.B1.class, "slot loses");
  assert.equal(byName.L1.class, "slot");
  const [spot] = load("spot-turn.json");
  const svg = boardSvg({ ...spot, marks: [{ cell: { row: 1, col: 1 }, mark: "repeats" }] });
  assert.match(svg, /<rect class="cell repeats" data-row="1" data-col="1"/);
});

test("isPlayEdit: the shape of a gamels/play answer", () => {
  const ok = {
    edit: { documentChanges: [{ textDocument: { uri: "file:///a.pousse", version: 3 }, edits: [{ range: { start: { line: 0, character: 1 }, end: { line: 0, character: 1 } }, newText: "\nT3" }] }] },
    text: "T3",
    move: 1,
    replaced: 0,
    position: { line: 1, character: 0 },
  };
  assert.ok(isPlayEdit(ok));
  assert.equal(isPlayEdit({ ...ok, position: undefined }), false);
  assert.equal(isPlayEdit({ edit: { documentChanges: [] }, position: { line: 0, character: 0 } }), false);
  assert.equal(isPlayEdit(null), false);
});
