// Smoke test of the bundled extension (dist/extension.js) under node, with
// a stand-in for the `vscode` module: activation registers the commands,
// a missing server binary gives the clear error message (and no client),
// gamels.revealMove selects and reveals the range it is given, and the
// client middleware runs it in the editor.
// Run after `npm run bundle`: node --test test/smoke/
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { makeVscode, loadExtension } = require("./vscode-stub.cjs");

function context() {
  return { subscriptions: [], extensionPath: path.join(__dirname, "..", "..") };
}

test("a missing server binary gives a clear error and starts nothing", async () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), "gamels-smoke-"));
  const { vscode, log } = makeVscode({ "gamels.server.path": path.join(empty, "gamels") });
  const ext = loadExtension(vscode);
  await ext.activate(context());
  assert.ok(log.commands.has("gamels.restartServer"), "gamels.restartServer registered");
  // No server, no code lenses: gamels.revealMove is registered only with a
  // running server (by the client when the server lists it).
  assert.ok(!log.commands.has("gamels.revealMove"), "gamels.revealMove not registered without a server");
  assert.equal(log.errors.length, 1, JSON.stringify(log.errors));
  const { msg, items } = log.errors[0];
  assert.match(msg, /cannot start the language server/);
  assert.match(msg, /does not exist/);
  assert.match(msg, /gamels\.server\.path/);
  assert.deepEqual(items, ["Open Settings"]);
  // Restarting checks again, and says so again.
  await log.commands.get("gamels.restartServer")();
  assert.equal(log.errors.length, 2);
  await ext.deactivate();
});

test("a bare name not on PATH is reported as such", async () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), "gamels-smoke-"));
  const savedPath = process.env.PATH;
  process.env.PATH = empty;
  try {
    const { vscode, log } = makeVscode({});
    const ext = loadExtension(vscode);
    await ext.activate(context());
    assert.equal(log.errors.length, 1);
    assert.match(log.errors[0].msg, /"gamels" was not found on PATH/);
    await ext.deactivate();
  } finally {
    process.env.PATH = savedPath;
  }
});

test("gamels.revealMove selects and reveals the range", async () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), "gamels-smoke-"));
  const { vscode, log } = makeVscode({ "gamels.server.path": path.join(empty, "gamels") });
  const ext = loadExtension(vscode);
  await ext.activate(context());
  const reveal = ext.revealMove;
  const uri = "file:///tmp/game.pousse";
  await reveal(uri, { start: { line: 8, character: 0 }, end: { line: 8, character: 2 } });
  assert.deepEqual(log.opened, [uri]);
  assert.equal(log.shown.length, 1);
  const { editor } = log.shown[0];
  assert.deepEqual(
    [editor.selection.start.line, editor.selection.start.character, editor.selection.end.line, editor.selection.end.character],
    [8, 0, 8, 2],
  );
  assert.equal(editor.revealed.length, 1);
  assert.equal(editor.revealed[0].r.start.line, 8);
  // Bad arguments: an error, nothing opened.
  const before = log.errors.length;
  await reveal(uri, { start: { line: 1 } });
  assert.equal(log.errors.length, before + 1);
  assert.match(log.errors[before].msg, /expected the arguments \[uri, range\]/);
  assert.equal(log.opened.length, 1);
  await ext.deactivate();
});

test("the middleware runs gamels.revealMove in the editor and passes the rest on", async () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), "gamels-smoke-"));
  const { vscode, log } = makeVscode({ "gamels.server.path": path.join(empty, "gamels") });
  const ext = loadExtension(vscode);
  const mw = ext.middleware();
  const passed = [];
  const next = async (command, args) => {
    passed.push([command, args]);
    return "from server";
  };
  const uri = "file:///tmp/x.spot";
  const range = { start: { line: 3, character: 0 }, end: { line: 3, character: 5 } };
  await mw.executeCommand("gamels.revealMove", [uri, range], next);
  assert.deepEqual(passed, []);
  assert.deepEqual(log.opened, [uri]);
  assert.equal(log.shown[0].editor.selection.end.character, 5);
  const r = await mw.executeCommand("other.command", [1], next);
  assert.equal(r, "from server");
  assert.deepEqual(passed, [["other.command", [1]]]);
});
