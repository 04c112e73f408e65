// The pure parts of playing in the page, in Node: the server's edits as
// CodeMirror changes (edits.ts), the arrow keys among the board's targets
// (targets.ts), and the server's requests answered beside the LSP client
// (requests.ts). Run by npm run test:unit.
import { test } from "node:test";
import assert from "node:assert/strict";
import { EditorState, Text } from "@codemirror/state";
import { changesFor, editsFor, offsetOf, type TextEdit } from "../src/edits";
import { nextTarget, sideToMove, type Box, type Direction } from "../../editors/board/targets";
import { serverRequests } from "../src/requests";
import type { Transport } from "@codemirror/lsp-client";

const uri = "file:///sample.pousse";
const doc = Text.of(["2", "", "3", "T3", "QUIT", ""]);
const at = (line: number, character: number) => ({ line, character });
const edit = (l1: number, c1: number, l2: number, c2: number, newText: string): TextEdit => ({ range: { start: at(l1, c1), end: at(l2, c2) }, newText });

/** apply applies the changes for edits to doc, as the page does. */
function apply(d: Text, edits: TextEdit[]): string {
  const specs = changesFor(d, edits);
  if (typeof specs === "string") throw new Error(specs);
  return EditorState.create({ doc: d }).update({ changes: specs }).state.doc.toString();
}

test("a play answer: one insertion after the move", () => {
  const w = { documentChanges: [{ textDocument: { uri, version: 4 }, edits: [edit(3, 2, 3, 2, "\nL1")] }] };
  const de = editsFor(w, uri);
  assert.ok(typeof de !== "string");
  assert.equal(de.version, 4);
  assert.equal(apply(doc, de.edits), "2\n\n3\nT3\nL1\nQUIT\n");
});

test("replace the rest and the count line: two edits, given in any order", () => {
  const d = Text.of(["1", "", "3", "T3", "L1", "B2", "QUIT", ""]);
  const edits = [edit(4, 0, 6, 0, "R2\n"), edit(0, 0, 0, 1, "2")];
  assert.equal(apply(d, edits), "2\n\n3\nT3\nR2\nQUIT\n");
});

test("a CRLF edit: positions count by line, the editor splits the inserted line ends as its own", () => {
  const d = Text.of("2\r\n\r\n3\r\nT3\r\nQUIT\r\n".split(/\r\n/));
  assert.equal(apply(d, [edit(3, 2, 3, 2, "\r\nL1")]).split(/\n/).join("|"), "2||3|T3|L1|QUIT|");
});

test("changes instead of documentChanges: no version", () => {
  const de = editsFor({ changes: { [uri]: [edit(0, 0, 0, 1, "9")] } }, uri);
  assert.ok(typeof de !== "string");
  assert.equal(de.version, null);
  assert.equal(apply(doc, de.edits), "9\n\n3\nT3\nQUIT\n");
});

const refused: [string, unknown, RegExp][] = [
  ["not an object", "edit", /not a WorkspaceEdit/],
  ["no changes", {}, /no changes/],
  ["another document", { documentChanges: [{ textDocument: { uri: "file:///other.pousse", version: 1 }, edits: [] }] }, /not the open document/],
  ["another document (changes)", { changes: { "file:///x.spot": [] } }, /not the open document/],
  ["a file operation", { documentChanges: [{ kind: "create", uri: "file:///new.pousse" }] }, /not a file create/],
  ["a malformed edit", { documentChanges: [{ textDocument: { uri, version: 1 }, edits: [{ range: { start: at(0, 0) }, newText: "x" }] }] }, /malformed/],
  ["a text that is not a string", { changes: { [uri]: [{ range: { start: at(0, 0), end: at(0, 0) }, newText: 3 }] } }, /malformed/],
  [
    "two versions",
    {
      documentChanges: [
        { textDocument: { uri, version: 1 }, edits: [] },
        { textDocument: { uri, version: 2 }, edits: [] },
      ],
    },
    /two versions/,
  ],
];
for (const [name, w, msg] of refused) {
  test(`editsFor refuses ${name}`, () => {
    const r = editsFor(w, uri);
    assert.equal(typeof r, "string");
    assert.match(r as string, msg);
  });
}

test("changesFor refuses ranges outside the text, backwards or overlapping", () => {
  assert.match(changesFor(doc, [edit(9, 0, 9, 0, "x")]) as string, /outside/);
  assert.match(changesFor(doc, [edit(3, 5, 3, 5, "x")]) as string, /outside/);
  assert.match(changesFor(doc, [edit(-1, 0, 0, 0, "x")]) as string, /outside/);
  assert.match(changesFor(doc, [edit(3, 2, 3, 0, "x")]) as string, /ends before/);
  assert.match(changesFor(doc, [edit(3, 0, 3, 2, "a"), edit(3, 1, 4, 0, "b")]) as string, /overlap/);
});

test("offsetOf: the end of a line is in it, past it is not", () => {
  assert.equal(offsetOf(doc, at(3, 2)), 7);
  assert.equal(offsetOf(doc, at(3, 3)), -1);
  assert.equal(offsetOf(doc, at(5, 0)), doc.length);
});

// The slots of a 3x3 Pousse board as the server draws them
// (internal/picture): L and R in columns left and right of the board, T
// and B in rows above and below.
function pousseSlots(n: number): { names: string[]; boxes: Box[] } {
  const names: string[] = [];
  const boxes: Box[] = [];
  for (let i = 1; i <= n; i++) {
    names.push(`L${i}`, `R${i}`, `T${i}`, `B${i}`);
    boxes.push(
      { x: 0, y: i * 10, width: 4, height: 8 },
      { x: (n + 1) * 10 + 6, y: i * 10, width: 4, height: 8 },
      { x: i * 10, y: 0, width: 8, height: 4 },
      { x: i * 10, y: (n + 1) * 10 + 6, width: 8, height: 4 },
    );
  }
  return { names, boxes };
}

test("nextTarget: along the sides, across the board, round the corners", () => {
  const { names, boxes } = pousseSlots(3);
  const go = (from: string, d: Direction) => names[nextTarget(boxes, names.indexOf(from), d)];
  const cases: [string, Direction, string][] = [
    ["L1", "down", "L2"],
    ["L3", "down", "B1"],
    ["L1", "up", "T1"],
    ["L2", "right", "R2"],
    ["T3", "left", "T2"],
    ["T2", "down", "B2"],
    ["T1", "left", "L1"],
    ["B1", "left", "L3"],
    ["R3", "down", "B3"],
    ["T3", "right", "R1"],
  ];
  for (const [from, d, want] of cases) assert.equal(go(from, d), want, `${from} ${d}`);
});

test("nextTarget: a grid of cells; the edge stays", () => {
  const boxes: Box[] = [];
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) boxes.push({ x: c * 10, y: r * 10, width: 10, height: 10 });
  assert.equal(nextTarget(boxes, 4, "left"), 3);
  assert.equal(nextTarget(boxes, 4, "up"), 1);
  assert.equal(nextTarget(boxes, 4, "right"), 5);
  assert.equal(nextTarget(boxes, 4, "down"), 7);
  assert.equal(nextTarget(boxes, 0, "left"), 0);
  assert.equal(nextTarget(boxes, 8, "down"), 8);
  assert.equal(nextTarget([], 0, "down"), 0);
});

test("sideToMove: X first", () => {
  assert.deepEqual([0, 1, 2, 7].map(sideToMove), ["X", "O", "X", "O"]);
});

/** A transport whose server is the test: what the client sent, and a way to send it messages. */
function fakeTransport() {
  const sent: unknown[] = [];
  let subs: ((m: string) => void)[] = [];
  const t: Transport = {
    send: (m) => void sent.push(JSON.parse(m)),
    subscribe: (h) => void subs.push(h),
    unsubscribe: (h) => void (subs = subs.filter((x) => x !== h)),
  };
  return { t, sent, serve: (m: unknown) => subs.forEach((h) => h(JSON.stringify(m))) };
}

test("serverRequests answers its methods, and passes every other message on", async () => {
  const f = fakeTransport();
  const w = serverRequests(f.t, {
    "workspace/applyEdit": (p) => ({ applied: (p as { ok: boolean }).ok }),
    "window/workDoneProgress/create": () => undefined,
    "fails/here": () => {
      throw new Error("no such thing");
    },
  });
  const got: unknown[] = [];
  const h = (m: string) => got.push(JSON.parse(m));
  w.subscribe(h);
  f.serve({ jsonrpc: "2.0", id: 7, method: "workspace/applyEdit", params: { ok: true } });
  f.serve({ jsonrpc: "2.0", id: "a", method: "window/workDoneProgress/create", params: {} });
  f.serve({ jsonrpc: "2.0", id: 8, method: "fails/here" });
  f.serve({ jsonrpc: "2.0", id: 9, method: "client/registerCapability", params: {} }); // the client's to answer
  f.serve({ jsonrpc: "2.0", method: "textDocument/publishDiagnostics", params: { uri, diagnostics: [] } });
  f.serve({ jsonrpc: "2.0", id: 3, result: { method: "x" } }); // a response that mentions "method"
  await new Promise((r) => setTimeout(r, 10));
  assert.deepEqual(f.sent, [
    { jsonrpc: "2.0", id: 7, result: { applied: true } },
    { jsonrpc: "2.0", id: "a", result: null },
    { jsonrpc: "2.0", id: 8, error: { code: -32603, message: "no such thing" } },
  ]);
  assert.deepEqual(
    got.map((m) => (m as { method?: string; id?: unknown }).method ?? (m as { id?: unknown }).id),
    ["client/registerCapability", "textDocument/publishDiagnostics", 3],
  );
  w.unsubscribe(h);
  f.serve({ jsonrpc: "2.0", method: "x" });
  assert.equal(got.length, 3);
  w.send('{"jsonrpc":"2.0","method":"initialized"}');
  assert.deepEqual(f.sent.at(-1), { jsonrpc: "2.0", method: "initialized" });
});
