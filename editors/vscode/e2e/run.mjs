// The extension in the real VS Code: code-server (the VS Code workbench,
// served to a browser) with the built platform .vsix installed, driven in
// Debian's Chromium by puppeteer-core. No `gamels` is on PATH and no
// setting names one: the extension must start the binary inside the .vsix.
// Asserts on what a person sees: the language in the status bar, the
// Problems panel, the hover board, the code lens, the inlay hints, the
// completion list, a quick fix applied, Format Document, the board view
// (e2e/board.mjs), the expected output beside a transcript
// (e2e/expected.mjs), the engine in the board view: value, best move, the
// strip of values, n, the engine toggle, the pictures (e2e/engine.mjs),
// and the board session's scenario the page's e2e runs too (e2e/session.mjs).
// Runs once trusted and once in Restricted Mode (where a workspace setting
// that names another binary must be ignored). Saves PNG screenshots in --out.
//
//   node run.mjs --vsix gamels-linux-x64.vsix --examples testdata/examples \
//     --out DIR [--mode trusted|restricted|both] \
//     [--universal gamels.vsix --gamels /path/to/gamels]
//
// With --universal, a third run installs the universal .vsix (no binary
// inside) with the given binary on PATH as gamels: the language, the
// Problems panel and the hover.
//
// Run with Node 24 (code-server's); e2e/setup.sh installs everything in
// editors/vscode/.e2e (or $GAMELS_E2E_DIR). Every step has a timeout, and a
// watchdog ends the whole run.
import { spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { boardScenario, longBoardScenario } from "./board.mjs";
import { playScenario } from "./play.mjs";
import { expectedScenario } from "./expected.mjs";
import { engineScenario } from "./engine.mjs";
import { sharedScenario } from "./session.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const e2eDir = path.resolve(process.env.GAMELS_E2E_DIR || path.join(here, "..", ".e2e"));
const require = createRequire(path.join(e2eDir, "cs", "package.json"));
const puppeteer = require("puppeteer-core");
const codeServer = path.join(e2eDir, "cs", "node_modules", "code-server", "out", "node", "entry.js");
const chromium = process.env.CHROMIUM || "/usr/bin/chromium";

function arg(name, def) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : def;
}
const vsix = path.resolve(arg("vsix", ""));
const examples = path.resolve(arg("examples", ""));
const out = path.resolve(arg("out", "e2e-screenshots"));
// --universal gamels.vsix --gamels BIN: also the universal .vsix (no
// binary inside), with BIN on PATH as gamels.
const universal = arg("universal", "") && path.resolve(arg("universal"));
const gamelsBin = arg("gamels", "") && path.resolve(arg("gamels"));
const modes = arg("mode", "both") === "both" ? ["trusted", "restricted"] : [arg("mode")];
if (universal && !modes.includes("universal")) modes.push("universal");
fs.mkdirSync(out, { recursive: true });

const children = new Set();
let browser;
const started = Date.now();
const watchdog = setTimeout(() => {
  console.error("vscode e2e: FAIL: the whole run took more than 10 minutes");
  cleanup();
  process.exit(1);
}, 10 * 60_000);

function cleanup() {
  for (const c of children) {
    try {
      process.kill(-c.pid, "SIGKILL");
    } catch {}
  }
  children.clear();
}

function log(msg) {
  console.log(`vscode e2e [${((Date.now() - started) / 1000).toFixed(1)}s] ${msg}`);
}

const failures = [];
function check(cond, what, detail = "") {
  if (cond) {
    log(`ok   ${what}`);
  } else {
    log(`FAIL ${what}${detail ? `: ${detail}` : ""}`);
    failures.push(what);
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

async function until(what, fn, timeout = 30_000, every = 250) {
  const end = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      last = await fn();
      if (last) return last;
    } catch (err) {
      last = err;
    }
    if (Date.now() > end) {
      throw new Error(`timed out after ${timeout} ms waiting for ${what} (last: ${String(last).slice(0, 300)})`);
    }
    await new Promise((r) => setTimeout(r, every));
  }
}

/** PATH without any directory that holds a gamels binary. */
function pathWithoutGamels() {
  return (process.env.PATH || "")
    .split(":")
    .filter((d) => d && !fs.existsSync(path.join(d, "gamels")))
    .join(":");
}

// The workspace: the shipped examples, plus a file with errors for the
// Problems panel and the quick fix, and one to format.
const errorsPousse = "# rules: contest\n4\nL2\nX9\nl2\nT2\nQUIT\n";
const messySpot = "# not in the canonical layout\n2   \n1 1 +\n2 2 +\n\n\n0\n";

function workspace(root, restricted) {
  const dir = path.join(root, "transcripts");
  fs.mkdirSync(dir, { recursive: true });
  for (const f of fs.readdirSync(examples)) {
    fs.copyFileSync(path.join(examples, f), path.join(dir, f));
  }
  fs.writeFileSync(path.join(dir, "errors.pousse"), errorsPousse);
  fs.writeFileSync(path.join(dir, "messy.spot"), messySpot);
  if (restricted) {
    // A workspace that tries to choose the binary: ignored in Restricted
    // Mode (restrictedConfigurations), else nothing would work.
    fs.mkdirSync(path.join(dir, ".vscode"));
    fs.writeFileSync(
      path.join(dir, ".vscode", "settings.json"),
      JSON.stringify({ "gamels.server.path": "/bin/false" }, null, 2),
    );
  }
  return dir;
}

async function runMode(mode) {
  const restricted = mode === "restricted";
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `gamels-vscode-e2e-${mode}-`));
  const userData = path.join(root, "user-data");
  const extensions = path.join(root, "extensions");
  fs.mkdirSync(path.join(userData, "User"), { recursive: true });
  fs.writeFileSync(
    path.join(userData, "User", "settings.json"),
    JSON.stringify(
      {
        "security.workspace.trust.enabled": restricted,
        "security.workspace.trust.startupPrompt": "never",
        "security.workspace.trust.banner": "always",
        "workbench.startupEditor": "none",
        "workbench.tips.enabled": false,
        "workbench.welcomePage.walkthroughs.openOnInstall": false,
        "telemetry.telemetryLevel": "off",
        "update.mode": "none",
        "extensions.autoCheckUpdates": false,
        "extensions.autoUpdate": false,
        "editor.inlayHints.enabled": "on",
        "editor.codeLens": true,
        "editor.hover.delay": 300,
        "editor.hover.above": false,
        "editor.fontSize": 13,
        "editor.minimap.enabled": false,
        "chat.disableAIFeatures": true,
        "window.commandCenter": false,
        "workbench.colorTheme": "Default Light Modern",
        "workbench.secondarySideBar.defaultVisibility": "hidden",
        "workbench.editor.enablePreview": false,
        "files.autoSave": "off",
      },
      null,
      2,
    ),
  );
  const folder = workspace(root, restricted);
  const env = { ...process.env, PATH: pathWithoutGamels(), HOME: root, XDG_DATA_HOME: path.join(root, "xdg") };
  const theVsix = mode === "universal" ? universal : vsix;
  if (mode === "universal") {
    // The universal .vsix starts gamels from PATH.
    if (!gamelsBin) throw new Error("--universal needs --gamels BIN");
    fs.mkdirSync(path.join(root, "bin"));
    fs.symlinkSync(gamelsBin, path.join(root, "bin", "gamels"));
    env.PATH = `${path.join(root, "bin")}:${env.PATH}`;
    // The server side takes its environment from a login shell (VS Code's
    // shell environment resolution), which sets PATH again: tell it too.
    const profile = `export PATH="${path.join(root, "bin")}:$PATH"\n`;
    for (const f of [".profile", ".bash_profile", ".bashrc", ".zshrc"]) fs.writeFileSync(path.join(root, f), profile);
  } else {
    check(
      spawnSync("sh", ["-c", "command -v gamels"], { env }).status !== 0,
      `${mode}: no gamels on the PATH code-server gets`,
    );
  }
  const base = ["--user-data-dir", userData, "--extensions-dir", extensions];

  log(`${mode}: code-server --install-extension ${path.basename(theVsix)}`);
  const inst = spawnSync(process.execPath, [codeServer, ...base, "--install-extension", theVsix], {
    env,
    timeout: 120_000,
    encoding: "utf8",
  });
  check(inst.status === 0, `${mode}: the .vsix installs`, inst.stdout + inst.stderr);
  if (inst.status !== 0) return;

  const port = await freePort();
  const logFile = path.join(out, `code-server-${mode}.log`);
  const logFd = fs.openSync(logFile, "w");
  const args = [
    codeServer,
    ...base,
    "--bind-addr",
    `127.0.0.1:${port}`,
    "--auth",
    "none",
    "--disable-telemetry",
    "--disable-update-check",
    "--disable-getting-started-override",
    ...(restricted ? [] : ["--disable-workspace-trust"]),
    folder,
  ];
  log(`${mode}: code-server on 127.0.0.1:${port} (log ${logFile})`);
  const cs = spawn(process.execPath, args, { env, stdio: ["ignore", logFd, logFd], detached: true });
  children.add(cs);
  try {
    await until(
      "code-server to answer",
      async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).ok,
      60_000,
    );
    browser = await puppeteer.launch({
      executablePath: chromium,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,1300"],
      defaultViewport: { width: 1400, height: 1300 },
      protocolTimeout: 60_000,
      timeout: 60_000,
    });
    // The board view's Copy SVG writes the clipboard, which the test reads.
    await browser.defaultBrowserContext().overridePermissions(`http://127.0.0.1:${port}`, ["clipboard-read", "clipboard-write", "clipboard-sanitized-write"]);
    const page = await browser.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(folder)}`, {
      waitUntil: "domcontentloaded",
      timeout: 60_000,
    });
    await page.waitForSelector(".monaco-workbench .part.editor", { timeout: 90_000 });
    await until("the explorer to list the files", () =>
      page.evaluate(() => document.body.innerText.includes("sample.pousse")), 60_000);
    log(`${mode}: workbench loaded`);
    try {
      await scenario(page, mode, restricted);
      await outputChannel(userData, mode, restricted, env);
      // The board view (e2e/board.mjs): Show Board, step to move 3, the SVG.
      await boardScenario(page, { mode, check, log, until, openFile, runCommand, key, text, shot, out, path, fs, folder });
      // Playing on the board (e2e/play.mjs): New Game, three edge slots, undo.
      await playScenario(page, { mode, check, log, until, openFile, runCommand, key, text, shot, out, path, fs, folder });
      // The board on a game of 3000 moves (e2e/board.mjs), after play.
      await longBoardScenario(page, { mode, check, log, until, openFile, runCommand, key, text, shot, out, path, fs, folder });
      // The expected output beside a transcript (e2e/expected.mjs).
      if (mode !== "universal") {
        await expectedScenario(page, { mode, check, log, until, openFile, key, text, shot, path, fs, folder, problems, gotoLine });
      }
      // The engine in the board view (e2e/engine.mjs): value, best move, strip, n, toggle, pictures.
      await engineScenario(page, { mode, check, log, until, openFile, runCommand, key, text, shot, out, path, fs, folder, userData });
      // The board session's scenario, the page's too (e2e/session.mjs, editors/board/e2e/scenario.mjs).
      await sharedScenario(page, { mode, check, log, until, openFile, runCommand, key, text, shot, out, path, fs, folder, userData });
    } catch (err) {
      await shot(page, `failed-${mode}`).catch(() => {});
      fs.writeFileSync(path.join(out, `failed-${mode}.html`), await page.content().catch(() => ""));
      throw err;
    }
  } finally {
    if (browser) {
      await Promise.race([browser.close(), new Promise((r) => setTimeout(r, 10_000))]);
      browser = undefined;
    }
    try {
      process.kill(-cs.pid, "SIGTERM");
    } catch {}
    await Promise.race([new Promise((r) => cs.once("exit", r)), new Promise((r) => setTimeout(r, 10_000))]);
    try {
      process.kill(-cs.pid, "SIGKILL");
    } catch {}
    children.delete(cs);
    fs.closeSync(logFd);
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/**
 * outputChannel checks the extension's "gamels" output channel, as VS Code
 * writes it under the user data directory: the bundled binary was started
 * (in Restricted Mode too, where the workspace's gamels.server.path is
 * ignored) and its `gamels version` line logged.
 */
async function outputChannel(userData, mode, restricted, env) {
  const find = (dir) =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? find(path.join(dir, e.name)) : /gamels\.log$/.test(e.name) ? [path.join(dir, e.name)] : [],
    );
  const content = await until("the gamels output channel's log", () => {
    const t = find(path.join(userData, "logs")).map((f) => fs.readFileSync(f, "utf8")).join("\n");
    return /^gamels: gamels (v\S+|\(devel\))/m.test(t) ? t : false;
  }, 15_000).catch(() => find(path.join(userData, "logs")).map((f) => fs.readFileSync(f, "utf8")).join("\n"));
  if (mode === "universal") {
    const onPath = env.PATH.split(":")[0] + "/gamels";
    check(content.includes(`starting ${onPath} serve\n`), `${mode}: the output channel: gamels from PATH started`, content.slice(0, 300));
  } else {
    check(/starting \S+\/server\/gamels serve \(bundled with the extension\)/.test(content),
      `${mode}: the output channel: the bundled server/gamels started` + (restricted ? " (the workspace's gamels.server.path ignored)" : ""),
      content.slice(0, 300));
  }
  const version = /^gamels: (gamels (v\S+|\(devel\)).*)$/m.exec(content);
  check(version !== null, `${mode}: the output channel logs the binary's version`, content.slice(0, 300));
  if (version) log(`${mode}: output channel: ${version[1]}`);
}

async function key(page, combo) {
  const parts = combo.split("+");
  const last = parts.pop();
  for (const m of parts) await page.keyboard.down(m);
  await page.keyboard.press(last);
  for (const m of parts.reverse()) await page.keyboard.up(m);
}

async function shot(page, name) {
  const file = path.join(out, `${name}.png`);
  await page.screenshot({ path: file });
  log(`screenshot ${file}`);
}

const text = (page, sel) =>
  page.evaluate((s) => [...document.querySelectorAll(s)].map((e) => e.innerText.replace(/\u00a0/g, " ")), sel);

/** The text of the editor's visible lines, inlay hints included. */
const editorText = async (page) => (await text(page, ".editor-instance .view-lines")).join("\n");

async function openFile(page, name) {
  // A double click on the file in the Explorer opens it (pinned).
  const box = await until(`${name} in the Explorer`, () =>
    page.evaluate((n) => {
      const row = [...document.querySelectorAll(".explorer-folders-view .monaco-list-row")].find(
        (r) => r.innerText.trim() === n,
      );
      if (!row) return false;
      const b = row.getBoundingClientRect();
      return { x: b.x + 60, y: b.y + b.height / 2 };
    }, name));
  await page.mouse.click(box.x, box.y, { clickCount: 2 });
  await until(`${name} to open`, async () =>
    page.evaluate((n) => [...document.querySelectorAll(".tab.active")].some((t) => t.getAttribute("data-resource-name") === n), name));
  await new Promise((r) => setTimeout(r, 500));
}

/** The rows of the Problems panel that the filter leaves, as the panel shows them. */
async function problems(page, filter) {
  const input = await page.waitForSelector(".markers-panel-action-filter input, .viewpane-filter input", { visible: true });
  // Set the filter's text as typing does, without the keyboard (whose focus
  // could be elsewhere).
  await input.evaluate((el, f) => {
    el.focus();
    el.value = f;
    el.dispatchEvent(new Event("input", { bubbles: true }));
  }, filter);
  try {
    return await until(`Problems rows for "${filter}"`, async () => {
      const rows = (await text(page, ".markers-panel .monaco-list-row")).map((r) => r.replace(/\s+/g, " ").trim());
      return rows.some((r) => r.toLowerCase().includes(filter.toLowerCase()) && /\[Ln \d+/.test(r)) ? rows : false;
    }, 45_000);
  } catch (err) {
    return (await text(page, ".markers-panel .monaco-list-row")).map((r) => r.replace(/\s+/g, " ").trim());
  }
}

/** runCommand runs a command by its title from the Command Palette. */
async function runCommand(page, title) {
  await page.keyboard.press("F1");
  await page.waitForSelector(".quick-input-widget input", { visible: true });
  await page.keyboard.type(title);
  await until(`the palette to offer ${title}`, async () => {
    const first = await page.evaluate(() => {
      const row = document.querySelector(".quick-input-widget .monaco-list-row.focused");
      return row ? (row.getAttribute("aria-label") || row.innerText) : "";
    });
    return first.startsWith(title);
  }, 10_000);
  await page.keyboard.press("Enter");
}

async function gotoLine(page, line, col = 1) {
  await key(page, "Control+KeyG");
  await page.waitForSelector(".quick-input-widget input", { visible: true });
  await page.keyboard.type(`${line}:${col}`);
  await page.keyboard.press("Enter");
  await until(`the cursor at ${line}:${col}`, async () =>
    (await text(page, '[id="status.editor.selection"]')).some((t) => t.includes(`Ln ${line}, Col ${col}`)));
}

async function scenario(page, mode, restricted) {
  const m = (s) => `${mode}: ${s}`;
  if (restricted) {
    const shown = await until("the Restricted Mode indicator", () =>
      page.evaluate(() => document.body.innerText.includes("Restricted Mode")), 30_000).catch(() => false);
    check(shown, m('the window is in Restricted Mode (status bar "Restricted Mode")'));
  }

  // The language in the status bar, and the server's verdicts.
  await openFile(page, "sample.pousse");
  await until("the status bar to name the language", async () =>
    (await text(page, '[id="status.editor.mode"]')).some((t) => t.trim() === "Pousse"), 30_000);
  check(true, m('the status bar says "Pousse"'));

  // The Problems panel: the errors at their lines and the verdicts (the
  // server reports on the open documents).
  await openFile(page, "sample.spot");
  await openFile(page, "boards.path");
  await openFile(page, "errors.pousse");
  await key(page, "Control+Shift+KeyM");
  const x9 = await problems(page, "X9");
  check(x9.some((r) => /unknown move "X9".*\[Ln 4, Col 1\]/.test(r)), m('Problems: the error at "X9", line 4'), x9.join(" | "));
  const l2 = await problems(page, "capitals");
  check(l2.some((r) => /"l2".*\[Ln 5, Col 1\]/.test(r)), m('Problems: the error at "l2", line 5'), l2.join(" | "));
  const wins = await problems(page, "X WINS");
  check(wins.some((r) => /^X WINS.*\[Ln 21, Col 1\]/.test(r)), m("Problems: X WINS at sample.pousse line 21"), wins.join(" | "));
  const spot = await problems(page, "Player 2 wins");
  check(spot.some((r) => /Player 2 wins on move 3.*\[Ln 5, Col 1\]/.test(r)), m("Problems: the Spot verdict at sample.spot line 5"), spot.join(" | "));
  const pth = await problems(page, "can win in one move");
  check(pth.some((r) => /White can win in one move\..*\[Ln 12, Col 1\]/.test(r)), m("Problems: the PATH verdict at boards.path line 12"), pth.join(" | "));
  await problems(page, "");
  await shot(page, `vscode-problems-${mode}`);
  await key(page, "Control+KeyJ"); // hide the panel

  // The hover board on the winning move of game 2 (sample.pousse:21).
  await openFile(page, "sample.pousse");
  await gotoLine(page, 21, 1);
  await key(page, "Control+KeyK");
  await key(page, "Control+KeyI");
  let hover = "";
  try {
    hover = await until("the hover", async () => {
      const t = (await text(page, ".monaco-hover:not(.hidden) .monaco-hover-content")).join("\n");
      return t.includes("+-+") ? t : false;
    }, 30_000);
  } catch (err) {
    log(String(err));
  }
  check(/move 7/.test(hover) && /\|X\|X\|X\|X\|/.test(hover) && /X WINS/.test(hover), m("hover: the board after move 7, X WINS"), hover);
  await shot(page, `vscode-hover-${mode}`);
  // The same, cropped to the editor and the hover (the README's picture).
  const clip = await page.evaluate(() => {
    const ed = [...document.querySelectorAll(".editor-group-container")]
      .map((e) => e.getBoundingClientRect())
      .find((r) => r.width > 0);
    const h = document.querySelector(".monaco-hover:not(.hidden)")?.getBoundingClientRect();
    if (!ed) return null;
    if (!h) return null;
    const right = Math.min(ed.right, Math.max(h.right + 240, ed.x + 720));
    return { x: ed.x, y: ed.y, width: right - ed.x, height: Math.min(ed.bottom, h.bottom + 16) - ed.y };
  });
  if (clip) {
    const file = path.join(out, `vscode-hover-${mode}-editor.png`);
    await page.screenshot({ path: file, clip, captureBeyondViewport: false });
    log(`screenshot ${file}`);
  }
  await page.keyboard.press("Escape");
  if (mode === "universal") return;

  // Code lens and inlay hints.
  const lenses = await until("the code lenses", async () => {
    const t = await text(page, ".codelens-decoration");
    return t.some((l) => /X WINS at move 7/.test(l)) ? t : false;
  }, 30_000).catch(() => []);
  check(lenses.some((l) => /game 2: X WINS at move 7/.test(l)), m('code lens "game 2: X WINS at move 7"'), lenses.join(" | "));
  const lines = await until("the inlay hints", async () => {
    const t = await editorText(page);
    return /X WINS/.test(t) ? t : false;
  }, 30_000).catch(() => "");
  check(/⟵ X WINS/.test(lines), m('inlay hint "⟵ X WINS" after the winning move'), lines.slice(0, 400));
  // The engine's annotations (gamels.analysis, on by default) come after
  // the diagnostics: game 2's T1 at move 6 lets X win at once.
  const notes = await until("the engine's annotations", async () => {
    const t = await editorText(page);
    return /\?\? blunder/.test(t) ? t : false;
  }, 30_000).catch(() => "");
  check(/T1 ?\?\? blunder: after T1, X wins at once/.test(notes), m('annotation "?? blunder" after game 2\'s move 6 (T1)'), notes.slice(0, 600));
  await shot(page, `vscode-lens-hints-${mode}`);

  // Completion: after move 2 of game 2 (line 15 "T2"), on a new line.
  await gotoLine(page, 15, 3);
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await key(page, "Control+Space");
  const items = await until("the completion list", async () => {
    const t = await page.evaluate(() =>
      [...document.querySelectorAll(".suggest-widget.visible .monaco-list-row")].map((r) => r.getAttribute("aria-label") || r.innerText));
    return t.length > 0 ? t : false;
  }, 30_000).catch(() => []);
  const widget = (await text(page, ".suggest-widget.visible")).join(" ");
  check(["L1", "L2", "R1", "T1"].every((mv) => items.some((i) => i.startsWith(mv))) && /O pushes into row 1 from the left/.test(widget),
    m('completion offers the moves, "L1: O pushes into row 1 from the left"'), items.slice(0, 6).join(" | ") + " / " + widget.slice(0, 200));
  await shot(page, `vscode-completion-${mode}`);
  await page.keyboard.press("Escape");
  await key(page, "Control+KeyZ");

  // A quick fix: capitalise "l2" in errors.pousse (line 5).
  // (Asked again when no menu came in 10 s: on a loaded machine Ctrl+.
  // can arrive before the editor has the focus or the diagnostics.)
  await openFile(page, "errors.pousse");
  let actions = [];
  for (let attempt = 1; attempt <= 3 && actions.length === 0; attempt++) {
    if (attempt > 1) {
      log(`${mode}: no quick fix menu after Ctrl+. (try ${attempt - 1}); again`);
      await page.keyboard.press("Escape");
    }
    await gotoLine(page, 5, 1);
    await key(page, "Control+Period");
    actions = await until("the quick fixes", async () => {
      const t = await text(page, ".action-widget .monaco-list-row");
      return t.length > 0 ? t : false;
    }, 10_000).catch(() => []);
  }
  log(`${mode}: quick fixes offered: ${actions.join(" | ")}`);
  const idx = actions.findIndex((a) => /L2/.test(a));
  check(idx >= 0, m("a quick fix offers L2"), actions.join(" | "));
  if (idx >= 0) {
    // Clicked, not counted with ArrowDown: the list has header rows
    // ("Quick Fix", "Rewrite") that the keys skip, and other actions.
    const rows = await page.$$(".action-widget .monaco-list-row");
    await rows[idx].click();
  }
  const fixed = await until("the fix to apply", async () => {
    const t = await editorText(page);
    return /\nX9\n(\d+\.)?L2\n/.test(t) ? t : false;
  }, 15_000).catch(async () => editorText(page));
  check(/\nX9\n(\d+\.)?L2\n/.test(fixed), m('the quick fix applied: "l2" became "L2"'), fixed.slice(0, 200));

  // Format Document on messy.spot.
  await openFile(page, "messy.spot");
  const lineCount = () => page.evaluate(() => document.querySelectorAll(".editor-instance .margin .line-numbers").length);
  const before = await lineCount();
  await runCommand(page, "Format Document");
  const formatted = await until("the document to be formatted", async () => {
    const t = await editorText(page);
    return !/\n2 +\n/.test(t) && (await lineCount()) === before - 1 ? t : false;
  }, 15_000).catch(async () => editorText(page));
  const after = await lineCount();
  check(!/\n2 +\n/.test(formatted) && after === before - 1,
    m("Format Document: the trailing spaces and the extra blank line gone"), `${before} -> ${after} lines: ${JSON.stringify(formatted)}`);
  await shot(page, `vscode-format-${mode}`);
}

try {
  if (!fs.existsSync(vsix)) throw new Error(`no .vsix at ${vsix}`);
  if (!fs.existsSync(codeServer)) throw new Error(`no code-server at ${codeServer}: run e2e/setup.sh`);
  for (const mode of modes) {
    await runMode(mode);
  }
} catch (err) {
  failures.push(String(err));
  log(`FAIL ${err && err.stack ? err.stack : err}`);
} finally {
  clearTimeout(watchdog);
  cleanup();
}
log(failures.length === 0 ? `PASS (${modes.join(", ")})` : `FAIL: ${failures.length} checks failed`);
process.exit(failures.length === 0 ? 0 : 1);
