// Unit tests of src/board/window.ts: the moves of a version 1 and a
// version 2 gamels/board answer, by move number, and stepping from them.

import { test } from "node:test";
import * as assert from "node:assert/strict";
import { movesByNumber } from "../../../board/window";
import { movePosition } from "../../../board/steps";
import { describe } from "../../../board/model";
import type { Board, MoveEntry } from "../../../board/types";

function entry(k: number): MoveEntry {
  return { move: k, text: `L${k}`, range: { start: { line: k + 1, character: 0 }, end: { line: k + 1, character: 2 } } };
}

function answer(extra: Partial<Board>): Board {
  return {
    kind: "pousse", n: 5, game: 1, move: 500, played: 100000, rows: [], verdict: "TIE GAME",
    end: 0, earlier: 0, rotation: 0, moves: [], ...extra,
  };
}

test("version 1: the list as given", () => {
  const moves = [entry(1), entry(2), entry(3)];
  assert.equal(movesByNumber(answer({ moves })), moves);
});

test("version 2: the window and the landmarks by number, the game's length", () => {
  const window = [];
  for (let k = 440; k <= 560; k++) window.push(entry(k));
  const b = answer({
    version: 2, moveCount: 100000, moves: window, end: 90000, earlier: 3,
    firstMove: entry(1), lastMove: entry(100000), endMove: entry(90000), earlierMove: entry(3),
  });
  const moves = movesByNumber(b);
  assert.equal(moves.length, 100000);
  for (const k of [1, 3, 440, 500, 560, 90000, 100000]) assert.equal(moves[k - 1]?.move, k, `move ${k}`);
  assert.equal(moves[438], undefined);
  assert.equal(moves[560], undefined);
  // Every step the view takes is there: first, previous, next, last, earlier.
  assert.deepEqual(movePosition(moves, 0), { line: 1, character: 0 });
  assert.deepEqual(movePosition(moves, 499), { line: 500, character: 0 });
  assert.deepEqual(movePosition(moves, 501), { line: 502, character: 0 });
  assert.deepEqual(movePosition(moves, 100000), { line: 100001, character: 0 });
  assert.deepEqual(movePosition(moves, 3), { line: 4, character: 0 });
  b.moves = moves;
  assert.match(describe(b), /after move 500 of 100000/);
});

test("version 2: entries out of range are dropped", () => {
  const b = answer({ version: 2, moveCount: 2, moves: [entry(1), entry(2), entry(7)], lastMove: entry(0) });
  const moves = movesByNumber(b);
  assert.equal(moves.length, 2);
  assert.equal(moves[1]?.move, 2);
});
