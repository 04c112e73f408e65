// Unit tests of src/view/model.ts, the board view's pure part: the model
// of a board (the moves listed, the notice of a cursor outside every game),
// the value line, the strip of values, the n/N keys, the engine's turn.

import { test } from "node:test";
import * as assert from "node:assert/strict";
import { announcement, boardModel, describe, engineAnswers, evaluationLine, graphPoints, inProgress, lineLabels, linePlies, nextAnnotated, nextEngineSide, stripCells, turnLine, valueClass, verdictLine } from "../../../board/model";
import { postingHost, type FromView } from "../../../board/host";
import { movesByNumber } from "../../../board/window";
import type { Annotation, Board, Evaluations, MoveEntry } from "../../../board/types";

function entry(k: number): MoveEntry {
  return { move: k, text: `T${k}`, range: { start: { line: k + 1, character: 0 }, end: { line: k + 1, character: 2 } } };
}

function board(extra: Partial<Board>): Board {
  return {
    kind: "pousse", n: 4, game: 2, move: 0, played: 10, rows: [], verdict: "X WINS",
    end: 10, earlier: 0, rotation: 0, moves: [], ...extra,
  };
}

test("boardModel lists the moves around the current one, the title and the position", () => {
  const moves = [];
  for (let k = 1; k <= 10; k++) moves.push(entry(k));
  const m = boardModel(board({ move: 5, moves }), "sample.pousse", "<svg/>", 2, 6);
  assert.deepEqual(m.moves.map((x) => x.move), [4, 5, 6, 7]);
  assert.equal(m.moves[0].line, 6);
  assert.equal(m.count, 10);
  assert.equal(m.title, "sample.pousse: Pousse 4×4, game 2, after move 5 of 10: X WINS");
  assert.equal(m.notice, undefined);
});

test("boardModel skips the holes of a version 2 answer", () => {
  const b = board({ version: 2, moveCount: 1000, move: 500, moves: [entry(499), entry(500), entry(501)], firstMove: entry(1), lastMove: entry(1000) });
  b.moves = movesByNumber(b);
  const m = boardModel(b, "long.pousse", "", 60, 0);
  assert.deepEqual(m.moves.map((x) => x.move), [499, 500, 501]);
  assert.equal(m.count, 1000);
});

test("boardModel: the nearest game to a cursor outside every game says so", () => {
  const m = boardModel(board({ outside: true, game: 1, moves: [entry(1)] }), "sample.pousse", "", 60, 0);
  assert.equal(m.notice, "line 1: the cursor is outside every game: showing game 1");
  const p = boardModel(board({ kind: "path", outside: true, game: 3, moves: [] }), "b.path", "", 60, 9);
  assert.equal(p.notice, "line 10: the cursor is outside every game: showing board 3");
});

test("evaluationLine: the value, the best move, the depth", () => {
  const line = evaluationLine({
    game: 1, move: 3, toMove: "X", result: "win", winner: "X", plies: 3, value: "X wins in 3",
    best: { text: "T2", slot: "T2" }, depth: 6, complete: true, source: "search",
  });
  assert.equal(line, "Engine: X wins in 3; best T2 (depth 6)");
  const cut = evaluationLine({
    game: 1, move: 3, toMove: "O", result: "unknown", value: "no forced result within 6 plies",
    depth: 6, complete: false, source: "annotations",
  });
  assert.equal(cut, "Engine: no forced result within 6 plies (depth 6, cut short)");
  const judged = evaluationLine({
    game: 1, move: 3, toMove: "O", result: "unknown", value: "no forced result within 6 plies",
    best: { text: "R2", slot: "R2" }, depth: 6, complete: true, source: "search", estimate: 0.29, estimateText: "O 71%",
  });
  assert.equal(judged, "Engine: no forced result within 6 plies (O 71%); best R2 (depth 6)");
  const older = evaluationLine({
    game: 1, move: 3, toMove: "O", result: "unknown", value: "no forced result within 6 plies",
    depth: 6, complete: false, source: "annotations", estimate: 0.64,
  });
  assert.equal(older, "Engine: no forced result within 6 plies (X 64%) (depth 6, cut short)");
});

function evals(values: string, annotations: Annotation[]): Evaluations {
  return { game: 1, moveCount: values.length - 1, depth: 6, complete: true, pending: false, values, annotations };
}

const blunder: Annotation = { move: 3, kind: "blunder", mark: "??", text: "blunder: after L2, X wins", played: "L2", best: "T1" };
const decisive: Annotation = { move: 5, kind: "decisive", mark: "!", text: "decisive", played: "B1" };

test("stripCells: one cell a position, coloured by value, the marks at their moves", () => {
  const cells = stripCells(evals("..XX.OO ", [blunder, decisive]), 100);
  assert.equal(cells.length, 8);
  assert.deepEqual(cells.map((c) => c.value), ["even", "even", "x", "x", "even", "o", "o", "none"]);
  assert.equal(cells[3].mark?.kind, "blunder");
  assert.equal(cells[5].mark?.kind, "decisive");
  assert.equal(cells[0].mark, undefined);
  assert.match(cells[3].title, /^after move 3: X wins; move 3 \?\? blunder/);
  assert.equal(cells[0].title, "start: nothing forced");
});

test("stripCells folds a long game into at most max cells, keeping a decided value and the strongest mark", () => {
  // A blunder and the decisive move in one cell: the blunder is the one shown.
  const values = ".".repeat(1000) + "X" + ".".repeat(999);
  const cells = stripCells(evals(values, [{ ...blunder, move: 1001 }, { ...decisive, move: 1002 }]), 100);
  assert.equal(cells.length, 100);
  assert.equal(cells[0].from, 0);
  assert.equal(cells[0].to, 19);
  assert.equal(cells[99].to, 1999);
  const hit = cells.find((c) => c.from <= 1000 && c.to >= 1000)!;
  assert.equal(hit.value, "x");
  assert.equal(hit.mark?.kind, "blunder");
  assert.match(hit.title, /^moves 1000-1019/);
  assert.deepEqual(stripCells(evals("", []), 10), []);
});

test("valueClass", () => {
  assert.deepEqual(["X", "O", ".", " ", "?"].map(valueClass), ["x", "o", "even", "none", "none"]);
});

test("nextAnnotated: n and N from the move shown", () => {
  const as = [decisive, blunder, { ...blunder, move: 9 }];
  assert.equal(nextAnnotated(as, 0, 1), 3);
  assert.equal(nextAnnotated(as, 3, 1), 5);
  assert.equal(nextAnnotated(as, 9, 1), undefined);
  assert.equal(nextAnnotated(as, 9, -1), 5);
  assert.equal(nextAnnotated(as, 3, -1), undefined);
  assert.equal(nextAnnotated([], 3, 1), undefined);
});

test("engineAnswers: the engine moves when its side is next", () => {
  // After move 1 (X's), O is to move.
  assert.equal(engineAnswers("O", "pousse", 1), true);
  assert.equal(engineAnswers("X", "pousse", 1), false);
  assert.equal(engineAnswers("X", "spot", 2), true);
  assert.equal(engineAnswers("off", "pousse", 1), false);
  assert.equal(engineAnswers("O", "path", 1), false);
  assert.deepEqual(["off", "X", "O"].map((s) => nextEngineSide(s as "off")), ["X", "O", "off"]);
});

test("postingHost posts each call as its message", () => {
  const got: FromView[] = [];
  const h = postingHost((m) => got.push(m));
  h.go(3);
  h.play({ slot: "T1" });
  h.play({ cell: { row: 2, col: 3 } });
  h.newGame();
  h.engine("O");
  h.picture("png");
  assert.deepEqual(got, [
    { type: "go", move: 3 },
    { type: "play", slot: "T1" },
    { type: "play", cell: { row: 2, col: 3 } },
    { type: "newGame" },
    { type: "engine", side: "O" },
    { type: "picture", format: "png" },
  ]);
});

test("whose turn it is, and a game in progress not shown as its judge's verdict", () => {
  const fresh = board({ move: 0, played: 0, end: 0, verdict: "TIE GAME", moves: [] });
  assert.equal(turnLine(fresh), "X to move");
  assert.match(describe(fresh), /before the first move: no result yet$/);
  assert.equal(verdictLine(boardModel(fresh, "a.pousse", "", 10)), "No result yet (a judge would print: TIE GAME)");
  const moves = [entry(1), entry(2), entry(3)];
  const spot = board({ kind: "spot", n: 4, move: 3, played: 3, end: 0, verdict: "a game has 8 moves, not 3", moves });
  assert.equal(turnLine(spot), "Player 2 to move, 5 moves left");
  assert.ok(inProgress(spot));
  const won = board({ move: 10, end: 7 });
  assert.equal(turnLine(won), "Ended at move 7: X WINS");
  assert.equal(verdictLine(boardModel(won, "a.pousse", "", 10)), "X WINS");
});

test("graphPoints: one point an estimate, X's 100% at the top; none for fewer than two", () => {
  assert.equal(graphPoints([0.5, 1, 0], 100, 10), "0.0,5.0 50.0,0.0 100.0,10.0");
  assert.equal(graphPoints([0.5, null, 0.25], 100, 10), "0.0,5.0 100.0,7.5");
  assert.equal(graphPoints([0.5], 100, 10), "");
});

test("announcement: the step in words, with what the move did (the server's words: how many markers it pushed)", () => {
  const moves = [];
  for (let k = 1; k <= 4; k++) moves.push(entry(k));
  const last = { cells: [], words: "O enters at (1,1), pushing 2 markers to (1,3); X pushed off from (1,3)" };
  const m = boardModel(board({ move: 4, moves, end: 0, verdict: "TIE GAME", last }), "p.pousse", "", 5);
  assert.equal(announcement(m), `Move 4 of 4, O T4: O enters at (1,1), pushing 2 markers to (1,3); X pushed off from (1,3). ${m.turn}.`);
  const old = boardModel(board({ move: 4, moves, end: 0, verdict: "TIE GAME", last: { cells: [] } }), "p.pousse", "", 5);
  assert.equal(announcement(old), `Move 4 of 4, O T4. ${old.turn}.`, "an older server's answer, without words");
});

test("lineLabels numbers the engine's line by target, the side of its first ply, at most linePlies plies", () => {
  assert.deepEqual(lineLabels(["L2", "T1", "l2", "B3", "R1"], "X", "O"), [
    { text: "L2", plies: [1, 3], side: "X" },
    { text: "T1", plies: [2], side: "O" },
    { text: "B3", plies: [4], side: "O" },
  ]);
  assert.equal(linePlies, 4);
  // Spot: a cell placed and taken back is one target.
  assert.deepEqual(lineLabels(["1 2 +", "2 2 +", "1 2 -"], "O", "X").map((l) => [l.text, l.plies, l.side]), [["1 2 +", [1, 3], "O"], ["2 2 +", [2], "X"]]);
  assert.deepEqual(lineLabels([], "X", "O"), []);
});
