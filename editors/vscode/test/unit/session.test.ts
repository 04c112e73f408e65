// Unit tests of editors/board/session.ts, the board session every client
// shares: driven through fake ports (a server answering from a table, an
// editor holding a cursor), they check what the view is sent and what the
// server is asked.

import { test } from "node:test";
import * as assert from "node:assert/strict";
import { BoardSession, serverSizes, settleMs, type EditorPort, type ServerPort } from "../../../board/session";
import type { ToView } from "../../../board/host";
import type { Board, Evaluation, MoveEntry, PlayEdit, Position } from "../../../board/types";

function entry(k: number): MoveEntry {
  return { move: k, text: `T${k}`, range: { start: { line: k, character: 0 }, end: { line: k, character: 2 } } };
}

function board(move: number, count: number, extra: Partial<Board> = {}): Board {
  const moves = [];
  for (let k = 1; k <= count; k++) moves.push(entry(k));
  return { kind: "pousse", n: 4, game: 1, move, played: count, rows: ["....", "....", "....", "...."], verdict: "TIE GAME", end: 0, earlier: 0, rotation: 0, moves, svg: "<svg/>", ...extra };
}

const edit: PlayEdit = {
  edit: { documentChanges: [{ textDocument: { uri: "file:///a.pousse", version: 1 }, edits: [{ range: { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } }, newText: "T1\n" }] }] },
  position: { line: 3, character: 0 },
  text: "T1",
  move: 3,
};

/** fixture is a session over a fake server (answers by method) and editor; it records the calls and the messages. */
function fixture(answers: Record<string, (params: any) => unknown>) {
  const calls: { method: string; params: any }[] = [];
  const sent: ToView[] = [];
  const asked: string[] = [];
  let position: Position = { line: 2, character: 0 };
  let version = 1;
  const server: ServerPort = {
    running: () => true,
    request: async (method, params) => {
      calls.push({ method, params });
      const f = answers[method];
      if (!f) throw new Error(`no ${method}`);
      return f(params);
    },
  };
  const editor: EditorPort = {
    cursor: () => ({ doc: { uri: "file:///a.pousse", name: "a.pousse", kind: "pousse", version }, position }),
    go: (_uri, p) => (position = p),
    apply: async (_uri, res) => {
      version++;
      position = res.position;
      return "";
    },
    confirm: async (q) => (asked.push(q.title), true),
    askSize: async (z) => (asked.push(`size ${z.lo}..${z.hi}`), z.def),
    engineMoved: (_uri, p) => (position = p),
  };
  const s = new BoardSession(server, editor, (m) => sent.push(m));
  return { s, server, editor, calls, sent, asked, count: (m: string) => calls.filter((c) => c.method === m).length };
}

const tick = (ms = 5) => new Promise((r) => setTimeout(r, ms));

test("a view recreated (ready) gets the strip of values again", async () => {
  const f = fixture({ "gamels/board": () => board(2, 2), "gamels/evaluate": () => null, "gamels/evaluations": () => ({ game: 1, values: "...", annotations: [] }) });
  await f.s.update();
  await tick();
  assert.equal(f.count("gamels/evaluations"), 1);
  f.s.receive({ type: "ready" });
  await tick(20);
  assert.equal(f.count("gamels/evaluations"), 2, "the new webview must be sent the values again");
  assert.ok(f.sent.filter((m) => m.type === "evaluations").length >= 2);
});

test("move 0 of a new game (no moves yet) is evaluated at the cursor, its N line", async () => {
  const f = fixture({ "gamels/board": () => board(0, 0), "gamels/evaluate": () => null, "gamels/evaluations": () => null });
  await f.s.update();
  await tick();
  const e = f.calls.find((c) => c.method === "gamels/evaluate");
  assert.ok(e, "gamels/evaluate asked at move 0");
  assert.deepEqual(e.params.position, { line: 2, character: 0 });
});

test("choosing the side to move plays at once; cycling through X on the way to O does not play X", async () => {
  const f = fixture({ "gamels/board": () => board(2, 2), "gamels/evaluate": () => null, "gamels/evaluations": () => null, "workspace/executeCommand": () => ({ ...edit, move: 3 }) });
  await f.s.update();
  f.s.setSide("X"); // X is to move after 2 moves
  f.s.setSide("O"); // at once: O is not to move
  await tick(settleMs + 100);
  assert.equal(f.count("workspace/executeCommand"), 0, "passing through X must not play");
  f.s.setSide("off");
  f.s.setSide("X");
  await tick(settleMs + 100);
  assert.equal(f.count("workspace/executeCommand"), 1, "resting on X, the side to move, plays");
  const st = f.sent.filter((m) => m.type === "status").map((m) => (m as { message: string }).message);
  assert.match(st[st.length - 1], /The engine played move 3/);
});

test("a move in the middle of a game asks first, then replaces the rest; the engine answers", async () => {
  let first = true;
  const f = fixture({
    "gamels/board": () => board(1, 4),
    "gamels/evaluate": () => null,
    "gamels/evaluations": () => null,
    "gamels/play": (p) => {
      if (first && !p.replaceRest) {
        first = false;
        throw Object.assign(new Error("gamels: this move would replace 3 move(s); ask again with replaceRest"), { data: { code: "would-replace" } });
      }
      return { ...edit, move: 2, replaced: 3 };
    },
    "workspace/executeCommand": () => ({ ...edit, move: 3 }),
  });
  await f.s.update();
  f.s.setSide("X");
  await f.s.play("T1");
  assert.deepEqual(f.asked, ["Play here, at move 2?"]);
  const plays = f.calls.filter((c) => c.method === "gamels/play");
  assert.equal(plays.length, 2);
  assert.equal(plays[1].params.replaceRest, true);
  assert.equal(f.count("workspace/executeCommand"), 1, "X answers move 2");
  const played = f.sent.find((m) => m.type === "status" && /Played move 2/.test(m.message));
  assert.ok(played && played.type === "status" && played.next, "the status is about the board drawn next");
});

test("serverSizes reads experimental.gamelsNewGame, and nothing from a malformed one", () => {
  assert.deepEqual(serverSizes({ gamelsNewGame: { pousse: { min: 1, max: 100, default: 4 }, spot: { min: 2, max: 50, default: 99 } } }), {
    pousse: { lo: 1, hi: 100, def: 4 },
    spot: { lo: 2, hi: 50, def: 50 },
  });
  assert.equal(serverSizes({ gamelsNewGame: { pousse: { min: "1", max: 100 } } }), undefined);
  assert.equal(serverSizes(undefined), undefined);
});

test("New game offers the server's size limits when it sends them", async () => {
  const f = fixture({ "gamels/board": () => board(0, 0), "gamels/newGame": () => ({ ...edit, game: 2 }) });
  (f.server as { experimental?: () => unknown }).experimental = () => ({ gamelsNewGame: { pousse: { min: 3, max: 12, default: 6 } } });
  await f.s.newGame();
  assert.deepEqual(f.asked, ["size 3..12"]);
  assert.equal(f.calls.find((c) => c.method === "gamels/newGame")?.params.size, 6);
});

test("New game without the server's size limits asks nothing and says so", async () => {
  const f = fixture({ "gamels/board": () => board(0, 0), "gamels/newGame": () => ({ ...edit, game: 2 }) });
  await f.s.newGame();
  assert.deepEqual(f.asked, []);
  assert.equal(f.count("gamels/newGame"), 0);
  const said = f.sent.find((m) => m.type === "status" && /does not say the board sizes/.test(m.message));
  assert.ok(said && said.type === "status" && said.error, "the status says why, as an error");
});

/** explored answers gamels/board as a server that explores: move 1 of 4, then the scratch moves asked. */
function explored(p: any): Board {
  const moves: string[] = p.moves ?? [];
  if (moves.includes("Q9")) throw Object.assign(new Error('gamels: scratch move 2 ("Q9") cannot be played: "Q9" is not an edge slot'), { code: -32602, data: { code: "bad-target", index: 1 } });
  return board(1 + moves.length, 4, p.moves ? { scratch: { from: 1, moves } } : {});
}

test("exploring: clicks try moves (board and evaluate asked with moves), nothing is written; Escape (discard) drops them", async () => {
  const f = fixture({ "gamels/board": explored, "gamels/evaluate": () => null, "gamels/evaluations": () => null });
  await f.s.update();
  f.s.receive({ type: "explore", action: "start" });
  await tick();
  await f.s.play("T1");
  await tick();
  await f.s.play("L2");
  await tick();
  assert.deepEqual(f.s.exploring, { from: 1, moves: ["T1", "L2"] });
  assert.equal(f.count("gamels/play"), 0, "exploring writes nothing");
  const boards = f.calls.filter((c) => c.method === "gamels/board");
  assert.deepEqual(boards[boards.length - 1].params.moves, ["T1", "L2"]);
  assert.deepEqual(boards[boards.length - 1].params.position, { line: 2, character: 0 }, "the line starts where exploring began");
  const evals = f.calls.filter((c) => c.method === "gamels/evaluate");
  assert.deepEqual(evals[evals.length - 1].params.moves, ["T1", "L2"]);
  const shown = f.sent.filter((m) => m.type === "board").pop();
  assert.ok(shown && shown.type === "board");
  assert.deepEqual(shown.board.explore, { from: 1, moves: ["T1", "L2"] });
  assert.equal(shown.board.move, 3);

  f.s.receive({ type: "explore", action: "back" });
  await tick();
  assert.deepEqual(f.s.exploring, { from: 1, moves: ["T1"] });

  f.s.receive({ type: "explore", action: "discard" });
  await tick();
  assert.equal(f.s.exploring, undefined);
  const last = f.calls.filter((c) => c.method === "gamels/board").pop();
  assert.equal(last?.params.moves, undefined, "after discarding, the transcript's position");
  const after = f.sent.filter((m) => m.type === "board").pop();
  assert.ok(after && after.type === "board" && after.board.explore === undefined && after.board.move === 1);
});

test("exploring: a scratch move the server refuses is taken back and its message shown", async () => {
  const f = fixture({ "gamels/board": explored, "gamels/evaluate": () => null, "gamels/evaluations": () => null });
  await f.s.update();
  f.s.explore("start");
  await tick();
  await f.s.play("T1");
  await tick();
  await f.s.play("Q9");
  await tick();
  assert.deepEqual(f.s.exploring, { from: 1, moves: ["T1"] });
  const st = f.sent.filter((m) => m.type === "status").pop();
  assert.ok(st && st.type === "status" && st.error && /Scratch move 2 \("Q9"\) cannot be played/.test(st.message), JSON.stringify(st));
  await f.s.play("B1");
  await tick();
  assert.deepEqual(f.s.exploring, { from: 1, moves: ["T1", "B1"] }, "the line goes on after a refusal");
});

test("exploring: write plays the line through gamels/play, asking once before replacing the rest", async () => {
  const plays: any[] = [];
  const f = fixture({
    "gamels/board": explored,
    "gamels/evaluate": () => null,
    "gamels/evaluations": () => null,
    "gamels/play": (p) => {
      plays.push(p);
      if (p.move === 1 && !p.replaceRest) throw Object.assign(new Error("gamels: this move would replace 3 move(s); ask again with replaceRest"), { data: { code: "would-replace" } });
      return { ...edit, text: p.slot, move: p.move + 1, replaced: p.replaceRest ? 3 : 0 };
    },
  });
  await f.s.update();
  f.s.explore("start");
  await tick();
  await f.s.play("T1");
  await tick();
  await f.s.play("L2");
  await tick();
  f.s.explore("write");
  await tick(20);
  assert.deepEqual(f.asked, ["Play here, at move 2?"]);
  assert.deepEqual(
    plays.map((p) => [p.move, p.slot, !!p.replaceRest, p.textDocument.version]),
    [
      [1, "T1", false, 1],
      [1, "T1", true, 1],
      [2, "L2", false, 2],
    ],
  );
  assert.equal(f.s.exploring, undefined);
  const st = f.sent.filter((m) => m.type === "status").pop();
  assert.ok(st && st.type === "status" && /Wrote the explored line: 2 move\(s\), 2 to 3, replacing 3/.test(st.message), JSON.stringify(st));
});

test("exploring: an edit of the transcript discards the line", async () => {
  let version = 1;
  const f = fixture({ "gamels/board": explored, "gamels/evaluate": () => null, "gamels/evaluations": () => null });
  await f.s.update();
  f.s.explore("start");
  await tick();
  await f.s.play("T1");
  await tick();
  // The editor applies an edit of its own (another play): the version moves on.
  await f.editor.apply("file:///a.pousse", edit, version++);
  await f.s.update();
  assert.equal(f.s.exploring, undefined);
  const st = f.sent.filter((m) => m.type === "status").pop();
  assert.ok(st && st.type === "status" && /discarded: the transcript changed/.test(st.message));
});

test("the level: a view gets the editor's level; a choice is set through the editor and shown; a host without one offers none", async () => {
  const f = fixture({ "gamels/board": () => board(0, 0), "gamels/evaluate": () => null, "gamels/evaluations": () => null });
  let level: "easy" | "normal" | "strong" = "normal";
  f.editor.level = () => level;
  f.editor.setLevel = async (l) => ((level = l), "");
  f.s.receive({ type: "ready" });
  assert.deepEqual(f.sent.find((m) => m.type === "level"), { type: "level", level: "normal" });
  f.sent.length = 0;
  f.s.receive({ type: "level", level: "easy" });
  await tick();
  assert.equal(level, "easy");
  assert.deepEqual(f.sent.find((m) => m.type === "level"), { type: "level", level: "easy" });
  const st = f.sent.find((m) => m.type === "status");
  assert.ok(st && st.type === "status" && !st.error && /easy level/.test(st.message), JSON.stringify(st));
  f.s.receive({ type: "level", level: "unheard-of" as never });
  await tick();
  assert.equal(level, "easy", "an unknown level is ignored");

  const g = fixture({ "gamels/board": () => board(0, 0), "gamels/evaluate": () => null, "gamels/evaluations": () => null });
  g.s.receive({ type: "ready" });
  assert.equal(g.sent.filter((m) => m.type === "level").length, 0, "no level is offered by a host that sets none");
});

test("a click on the board the edit's own redraw drew, before the write returned, is played after it; one on the old board is not", async () => {
  let moves = 0;
  const f = fixture({
    "gamels/board": () => board(moves, moves),
    "gamels/evaluate": () => null,
    "gamels/evaluations": () => null,
    "gamels/play": (p) => ({ ...edit, text: p.slot, move: p.move + 1 }),
  });
  const apply = f.editor.apply;
  let clicks = ["L1"];
  f.editor.apply = async (uri, res, version) => {
    const why = await apply(uri, res, version);
    moves++;
    f.s.play("B9"); // on the board written from: refused, said so
    await f.s.update(); // the edit's redraw, before the write returns
    const next = clicks.shift();
    if (next) void f.s.play(next); // the user clicks the new board
    return why;
  };
  await f.s.update();
  await f.s.play("T1");
  await tick(20);
  const plays = f.calls.filter((c) => c.method === "gamels/play").map((c) => `${c.params.slot}@${c.params.move}`);
  assert.deepEqual(plays, ["T1@0", "L1@1"]);
  assert.ok(f.sent.some((m) => m.type === "status" && /A move is being written/.test(m.message)));
  clicks = [];
});

test("choosing the side to move plays once the choice rests, though the board is redrawn meanwhile", async () => {
  const f = fixture({ "gamels/board": () => board(2, 2), "gamels/evaluate": () => null, "gamels/evaluations": () => null, "workspace/executeCommand": () => ({ ...edit, move: 3 }) });
  await f.s.update();
  f.s.setSide("X");
  await f.s.update(); // the same position drawn again: a new board
  await tick(settleMs + 100);
  assert.equal(f.count("workspace/executeCommand"), 1, "the engine plays X's move");
});

test("the same position asked again (its annotations done) keeps its value shown until the new one; another position waits", async () => {
  const value: Evaluation = { game: 1, move: 2, toMove: "X", result: "win", winner: "X", plies: 1, value: "X wins at once", best: { text: "T1", slot: "T1" }, depth: 1, complete: true, source: "search", estimate: 1 };
  const f = fixture({ "gamels/board": () => board(2, 2), "gamels/evaluate": () => value, "gamels/evaluations": () => null });
  await f.s.update();
  await tick();
  const pending = () => f.sent.filter((m) => m.type === "evaluation" && m.pending).length;
  assert.equal(pending(), 1, "a position first shown waits for its value");
  f.s.annotated("file:///a.pousse");
  await tick();
  assert.equal(f.count("gamels/evaluate"), 2, "the value is asked again");
  assert.equal(pending(), 1, "and the one shown stays until it comes");
  const last = f.sent.filter((m) => m.type === "evaluation").pop();
  assert.ok(last && last.type === "evaluation" && last.evaluation !== null);
  f.s.receive({ type: "ready" }); // a new view has no value: it waits again
  await tick(20);
  assert.equal(pending(), 2);
});
