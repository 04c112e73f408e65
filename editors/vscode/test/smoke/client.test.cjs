// The bundled extension's real vscode-languageclient against the real
// `gamels serve`, with the stand-in `vscode` module: the server starts,
// diagnostics for an opened transcript arrive, the hover shows the board,
// the code lens command reveals the ending move, and changing
// gamels.pousse.rules reaches the server (workspace/didChangeConfiguration).
//
// Needs GAMELS_BIN, the path of a built gamels binary; without it the
// tests are skipped (npm test says so). Run after `npm run bundle`.
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const { makeVscode, loadExtension, textDocument } = require("./vscode-stub.cjs");

const bin = process.env.GAMELS_BIN;
const skip = bin ? false : "GAMELS_BIN is not set (the path of a built gamels binary)";
const TIMEOUT = 15000;

async function waitFor(what, pred) {
  const deadline = Date.now() + TIMEOUT;
  for (;;) {
    const v = pred();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) };

function show(diags) {
  return (diags || [])
    .map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} sev${d.severity} ${d.message}`)
    .join("\n");
}

// The UVa 844 sample's second game (X wins at move 7, line 9), then a game
// with the malformed move X9 (line 13).
const pousse = ["# vscode client test", "4", "L2", "T2", "L2", "B2", "R2", "T1", "L2", "QUIT", "4", "L2", "X9", "T2", "QUIT", ""].join("\n");
// From the ICFP 1998 log: a tie under the contest rules, X wins at move 8
// (line 9) under the icfp rules.
const repeat = ["6", "T4", "B4", "T4", "B4", "T4", "B4", "T4", "B4", "QUIT", ""].join("\n");

test("the language client runs gamels serve: diagnostics, hover, code lens, rules", { skip }, async () => {
  assert.ok(fs.existsSync(bin), `${bin} does not exist`);
  const settings = { "gamels.server.path": bin, "gamels.pousse.rules": "contest" };
  const { vscode, log } = makeVscode(settings);
  const ext = loadExtension(vscode);
  await ext.activate({ subscriptions: [] });
  try {
    assert.deepEqual(log.errors, [], "no error at start");
    // The server lists gamels.revealMove, so the client registered it.
    assert.ok(log.commands.has("gamels.revealMove"), "gamels.revealMove registered by the client");
    assert.ok(log.providers.hover, "a hover provider is registered");
    assert.ok(log.providers.codeLens, "a code lens provider is registered");
    assert.ok(
      log.lines.some((l) => /initialize/.test(l) && /contest/.test(l)),
      `the server log shows the initialize with the contest rules:\n${log.lines.join("\n")}`,
    );

    // Open the transcript: the client sends didOpen, the server publishes.
    const doc = textDocument(vscode, "/tmp/gamels-vscode-test/game.pousse", "pousse", pousse);
    for (const l of log.listeners.open) l(doc);
    const uri = doc.uri.toString();
    const diags = await waitFor("diagnostics with the error and the verdict", () => {
      const d = log.diagnostics.get(uri);
      return d && d.some((x) => x.severity === 0) && d.some((x) => /X WINS/.test(x.message)) ? d : undefined;
    });
    const errors = diags.filter((d) => d.severity === vscode.DiagnosticSeverity.Error);
    assert.equal(errors.length, 1, show(diags));
    assert.deepEqual(
      [errors[0].range.start.line, errors[0].range.start.character, errors[0].range.end.character],
      [12, 0, 2],
      `the error is at X9:\n${show(diags)}`,
    );
    const win = diags.find((d) => /X WINS/.test(d.message));
    assert.equal(win.severity, vscode.DiagnosticSeverity.Information, show(diags));
    assert.deepEqual([win.range.start.line, win.range.start.character], [8, 0], show(diags));

    // Hover on the winning move: the board.
    const hover = await log.providers.hover.provideHover(doc, new vscode.Position(8, 0), token);
    assert.ok(hover, "a hover");
    const text = hover.contents.map((c) => (typeof c === "string" ? c : c.value)).join("\n");
    assert.match(text, /```/, text);
    assert.match(text, /\|X\|X\|X\|X\|/, `X holds row 2 after move 7:\n${text}`);
    assert.match(text, /\+-\+-\+-\+-\+/, text);

    // The code lens of game 1 and its command: the editor selects L2.
    const lenses = await log.providers.codeLens.provideCodeLenses(doc, token);
    const lens = lenses.find((l) => l.range.start.line === 1);
    assert.ok(lens && lens.command, `a lens on game 1: ${JSON.stringify(lenses)}`);
    assert.match(lens.command.title, /X WINS/);
    assert.equal(lens.command.command, "gamels.revealMove");
    await log.commands.get("gamels.revealMove")(...lens.command.arguments);
    assert.equal(log.shown.length, 1, "the editor was shown");
    const sel = log.shown[0].editor.selection;
    assert.deepEqual([sel.start.line, sel.start.character, sel.end.line, sel.end.character], [8, 0, 8, 2]);
    assert.deepEqual(log.opened, [uri]);

    // Rules: the setting reaches the server through didChangeConfiguration.
    const rep = textDocument(vscode, "/tmp/gamels-vscode-test/rules.pousse", "pousse", repeat);
    for (const l of log.listeners.open) l(rep);
    const repUri = rep.uri.toString();
    const verdictAt8 = (re) => () => {
      const d = log.diagnostics.get(repUri);
      return d && d.find((x) => x.range.start.line === 8 && re.test(x.message));
    };
    await waitFor("TIE GAME under the contest rules", verdictAt8(/TIE GAME/));
    settings["gamels.pousse.rules"] = "icfp";
    const event = { affectsConfiguration: (s) => s === "gamels.pousse.rules" || s === "gamels.pousse" || s === "gamels" };
    for (const l of log.listeners.config) await l(event);
    await waitFor("X WINS under the icfp rules", verdictAt8(/X WINS/));
  } finally {
    await ext.deactivate();
  }
});

test("a server started with gamels.pousse.rules = icfp gets it as initializationOptions", { skip }, async () => {
  const settings = { "gamels.server.path": bin, "gamels.pousse.rules": "icfp" };
  const { vscode, log } = makeVscode(settings);
  const ext = loadExtension(vscode);
  await ext.activate({ subscriptions: [] });
  try {
    const rep = textDocument(vscode, "/tmp/gamels-vscode-test/rules.pousse", "pousse", repeat);
    for (const l of log.listeners.open) l(rep);
    const repUri = rep.uri.toString();
    const d = await waitFor("X WINS at move 8", () => {
      const ds = log.diagnostics.get(repUri);
      return ds && ds.find((x) => x.range.start.line === 8 && /X WINS/.test(x.message));
    });
    assert.ok(d);
  } finally {
    await ext.deactivate();
  }
});

// gamels from PATH (no setting, no bundled binary in the source tree): the
// output channel names it, its version, and whether it is the one
// `CGO_ENABLED=0 go install ./cmd/gamels` wrote ($GOBIN here; PATH holds
// only that directory, so `go env` cannot run and GOBIN is read from the
// environment).
test("the output channel says which gamels runs and warns when PATH's is not the installed one", { skip }, async () => {
  const os = require("node:os");
  const path = require("node:path");
  const onPath = fs.mkdtempSync(path.join(os.tmpdir(), "gamels-path-"));
  fs.symlinkSync(bin, path.join(onPath, "gamels"));
  const saved = { PATH: process.env.PATH, GOBIN: process.env.GOBIN, GOPATH: process.env.GOPATH };
  const run = async (gobin, want) => {
    process.env.PATH = onPath;
    process.env.GOBIN = gobin;
    const { vscode, log } = makeVscode({});
    const ext = loadExtension(vscode);
    await ext.activate({ subscriptions: [], extensionPath: onPath });
    try {
      await waitFor(`the output channel line ${want}`, () => log.lines.some((l) => want.test(l)));
      assert.ok(log.lines.some((l) => l.includes(`starting ${path.join(onPath, "gamels")} serve`)), log.lines.join("\n"));
      await waitFor("the version line", () => log.lines.some((l) => /^gamels: gamels /.test(l)));
    } finally {
      await ext.deactivate();
    }
  };
  try {
    await run(onPath, /is the one the install command wrote/);
    const other = fs.mkdtempSync(path.join(os.tmpdir(), "gamels-gobin-"));
    fs.copyFileSync(bin, path.join(other, "gamels"));
    fs.chmodSync(path.join(other, "gamels"), 0o755);
    await run(other, new RegExp(`warning: .*gamels, first on PATH, is not ${other}/gamels`));
    await run(path.join(other, "none"), /warning: .* \(.*none\/gamels, not there\)/);
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
});
