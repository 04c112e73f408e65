// The engine in the board view, in the real VS Code (run by run.mjs, after
// the other scenarios): on icfp1998.pousse, the value line and the best
// move of a position (gamels/evaluate), the strip of values move by move
// (gamels/evaluations) with its marks, `n` to the blunder, `N` back, a
// click on the strip; the engine toggle answering a move from the board
// (gamels.playEngineMove); Copy SVG, Save PNG and Save animation
// (gamels/picture). Saves screenshots (vscode-engine-*.png).

import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { boardFrame, editorLine, focusWorkbench, goLine, pickTheme, readBoard, shownFrame, stepper } from "./board.mjs";

/** axe-core (the extension's devDependency), run in the webview's frame. */
const axeSource = () => readFileSync(join(dirname(fileURLToPath(import.meta.url)), "..", "node_modules", "axe-core", "axe.min.js"), "utf8");

/** What the view shows of the engine: the value line, the best move, the strip. */
function readEngine() {
  const strip = document.getElementById("strip");
  const cells = strip ? [...strip.querySelectorAll(".cell")] : [];
  return {
    value: document.getElementById("value")?.textContent ?? "",
    best: [...document.querySelectorAll("svg.gamels-board .best")].map((e) => e.getAttribute("data-slot") ?? `${e.getAttribute("data-row")},${e.getAttribute("data-col")}`),
    strip: strip && !strip.hidden ? cells.length : 0,
    marks: cells.filter((c) => c.classList.contains("mark")).map((c) => `${c.dataset.move}:${[...c.classList].filter((k) => ["blunder", "decisive", "missed-win"].includes(k)).join("+")}`),
    current: cells.filter((c) => c.classList.contains("current")).map((c) => Number(c.dataset.move)),
    about: strip?.querySelector(".about")?.textContent ?? "",
    status: document.getElementById("boardstatus")?.textContent ?? "",
    engine: document.getElementById("engine")?.textContent ?? "",
    moves: [...document.querySelectorAll("#moves li")].map((li) => li.firstChild?.textContent ?? ""),
    turn: document.getElementById("turn")?.textContent ?? "",
    announce: document.getElementById("announce")?.textContent ?? "",
  };
}

/** shotView saves the board view's editor group, cropped, as name.png. */
async function shotView(page, h, name) {
  const clip = await page.evaluate(() => {
    const el = [...document.querySelectorAll(".editor-group-container")]
      .map((e) => e.getBoundingClientRect())
      .filter((r) => r.width > 0)
      .sort((a, b) => b.x - a.x)[0];
    return el ? { x: el.x, y: el.y, width: el.width, height: Math.min(el.height, 640) } : null;
  });
  if (!clip) return;
  const file = h.path.join(h.out, `${name}.png`);
  await page.screenshot({ path: file, clip, captureBeyondViewport: false });
  h.log(`screenshot ${file}`);
}

/**
 * openBesideView opens name in the transcripts' group, so that the board
 * view stays visible beside it, and returns the view's frame as it is
 * then. The focus may be in the view's iframe after a scenario's keys,
 * where a key reaches the workbench late or not at all, and a double
 * click in the Explorer opens the file in the active group: a click in
 * the first group's editor gives the workbench the focus first. A file
 * that opened in the view's group all the same hides the view (its frame
 * is detached): it is moved back into the first group and the view's
 * new frame looked up.
 */
export async function openBesideView(page, h, name) {
  await focusWorkbench(page, h);
  await h.key(page, "Control+Digit1");
  await h.openFile(page, name);
  let frame = await h.until(`the board view beside ${name}`, () => boardFrame(page), 5_000).catch(() => undefined);
  if (!frame) {
    h.log(`${h.mode}: engine: ${name} opened in the view's group; moved into the first`);
    await h.runCommand(page, "View: Move Editor into Previous Group");
    frame = await h.until("the board view", () => boardFrame(page), 20_000).catch(() => undefined);
  }
  return frame;
}

/**
 * engineScenario runs the checks; h holds run.mjs's helpers:
 * { mode, check, log, until, openFile, runCommand, key, text, shot, out, path, fs, folder }.
 */
export async function engineScenario(page, h) {
  const { mode, check, until } = h;
  const m = (s) => `${mode}: engine: ${s}`;
  check((await boardFrame(page)) != null, m("the board view is open"));
  // Move 12 of game 1, O's T4: X wins at once with L2.
  let frame = await openBesideView(page, h, "icfp1998.pousse");
  if (!frame) {
    check(false, m("icfp1998.pousse opened beside the board view"));
    return;
  }
  // The view's frame, found again when it went away (the view hidden, or
  // recreated: a frame detached throws on evaluate).
  const live = async () => {
    const f = await until("the board view's frame", () => shownFrame(page), 20_000).catch(() => undefined);
    if (f) frame = f;
    return frame;
  };
  const read = async () => (await live()).evaluate(readEngine);
  const { step } = stepper(page, h, live);
  await goLine(page, h, 16);
  const at12 = await until("the value of move 12", async () => {
    const b = await (await live()).evaluate(readBoard);
    const e = await read();
    return b && b.move === 12 && /X wins at once/.test(e.value) && e.best.length > 0 ? e : false;
  }, 30_000).catch(read);
  check(/X wins at once/.test(at12.value) && /best L2/.test(at12.value) && at12.best.join() === "L2",
    m('move 12 of icfp1998.pousse: "X wins at once; best L2", the slot L2 marked best on the board'), JSON.stringify(at12));

  // The strip: one cell a position (0..13), the blunder marked.
  const strip = await until("the strip of values", async () => {
    const e = await read();
    return e.strip === 14 && e.marks.length > 0 ? e : false;
  }, 30_000).catch(read);
  check(strip.strip === 14 && strip.marks.some((k) => /^12:.*blunder/.test(k)) && strip.current.join() === "12",
    m("the strip: 14 positions, move 12 marked a blunder, the current move 12 outlined"), JSON.stringify(strip));
  await shotView(page, h, `vscode-engine-${mode}`);
  await highContrast(page, h, frame);
  await hideAndShow(page, h, live, read);
  await narrowPane(page, h, live);

  // n from the start to the blunder; N back finds nothing before it.
  let r = await step("Home", async () => (await live()).$eval("#board", (el) => el.focus()).then(() => page.keyboard.press("Home")), 0);
  check(r.b.move === 0, m("Home: move 0"), `${r.b.move}`);
  // The annotated moves of game 1: 12 (T4, the proven blunder ??)
  // alone (the judgment marks no move before it: each cost its mover
  // less than 10% against the judgment's best move).
  r = await step("n", () => page.keyboard.press("n"), 12);
  check(r.b.move === 12 && r.line === 16, m("n: to the first annotated move, the blunder, move 12 (T4), the editor's cursor on line 16"), `${r.b.move} line ${r.line}`);
  await page.keyboard.press("N");
  const back = await until("N's answer", async () => {
    const e = await read();
    return /No annotated move before move 12/.test(e.status) ? e : false;
  }, 5_000).catch(read);
  check(/No annotated move before move 12/.test(back.status), m("N from the first annotated move: nothing before it, said so"), back.status);

  // A click on the strip: position 5.
  // (Clicked again when the view has not moved in 5 s: a click that came
  // while the strip was being redrawn, on a loaded machine.) The view
  // moves before the editor's cursor follows: the line is read once it
  // is no longer the one before the click.
  const lineBefore = await editorLine(page);
  for (let attempt = 1; attempt <= 3; attempt++) {
    await (await live()).$eval('#strip .cell[data-move="5"]', (c) => c.click()).catch((err) => h.log(`strip click: ${err}`));
    const there = await until("the view at move 5", async () => (await (await live()).evaluate(readBoard))?.move === 5, 5_000).catch(() => false);
    if (there) break;
    h.log(`${mode}: engine: strip click ${attempt}: the view did not move`);
  }
  r = await step("strip click", async () => {}, 5);
  if (r.line === lineBefore) {
    r.line = await until("the editor's cursor to follow the strip", async () => {
      const l = await editorLine(page);
      return l && l !== lineBefore ? l : false;
    }, 5_000).catch(() => r.line);
  }
  check(r.b.move === 5 && r.line === 9, m("a click on the strip's cell 5: move 5, the editor's cursor on line 9"), `${r.b.move} line ${r.line}`);

  // Pictures of the position shown.
  await pictures(page, h, await live(), read);

  // The engine toggle: O answers X's move from the board.
  if (h.folder) {
    h.fs.writeFileSync(h.path.join(h.folder, "engine.pousse"), "1\n4\nQUIT\n");
    frame = (await openBesideView(page, h, "engine.pousse")) ?? frame;
    await goLine(page, h, 2);
    frame = (await until("the board view", () => boardFrame(page), 20_000).catch(() => undefined)) ?? frame;
    await until("the empty 4 x 4 board", async () => {
      const b = await (await live()).evaluate(readBoard);
      return b && b.n === 4 && b.move === 0;
    }, 20_000).catch(() => false);
    await (await live()).$eval("#engine", (b) => b.click());
    await (await live()).$eval("#engine", (b) => b.click());
    const side = await until("the engine to play O", async () => /Engine plays: O/.test((await read()).engine), 5_000).catch(() => false);
    check(side, m('the toggle: "Engine plays: O" after two clicks'), (await read()).engine);
    // The level beside the toggle: normal (the default) at first; easy
    // chosen is written to the user's settings (gamels.engine.level).
    const level0 = await (await live()).$eval("#enginelevel", (s) => (s.hidden ? "hidden" : s.value));
    await (await live()).$eval("#enginelevel", (s) => {
      s.value = "easy";
      s.dispatchEvent(new Event("change", { bubbles: true }));
    });
    const settings = h.path.join(h.userData, "User", "settings.json");
    const levelSet = await until("gamels.engine.level in the user's settings", async () => {
      const e = await read();
      return /easy level/.test(e.status) && /"gamels\.engine\.level":\s*"easy"/.test(h.fs.readFileSync(settings, "utf8")) ? e : false;
    }, 15_000).catch(() => false);
    check(level0 === "normal" && !!levelSet, m("the level: normal at first; easy chosen in the view is written to the user's settings and said"),
      `${level0} ${(await read()).status} ${h.fs.readFileSync(settings, "utf8").match(/"gamels\.engine[^\n]*/)?.[0] ?? "(no gamels.engine setting)"}`);
    await (await live()).$eval('svg.gamels-board rect.slot[data-slot="T1"]', (s) => s.dispatchEvent(new MouseEvent("click", { bubbles: true })));
    const answered = await until("the engine's answer", async () => {
      const b = await (await live()).evaluate(readBoard);
      const e = await read();
      return b && b.move === 2 && e.moves.length === 2 ? { b, e } : false;
    }, 30_000).catch(async () => ({ b: await (await live()).evaluate(readBoard), e: await read() }));
    const ok = answered.b?.move === 2 && answered.e.moves[0] === "T1" && answered.e.moves.length === 2 && /The engine played move 2/.test(answered.e.status);
    // When it fails: a dialog left open, or a notification, says why.
    const why = ok ? "" : await page.evaluate(() => [...document.querySelectorAll(".monaco-dialog-box, .notification-toast")].map((e) => e.innerText).join(" | "));
    check(ok, m("T1 from the board, then the engine's move 2 written and shown"), `${why} ${JSON.stringify({ b: answered.b?.title, pos: answered.b?.pos, e: answered.e })}`);
    await shotView(page, h, `vscode-engine-answer-${mode}`);

    // Keyboard play (the view's, as in the page): Tab from the board to a
    // slot, Enter plays it; the engine answers move 4.
    await (await live()).$eval("#board", (el) => el.focus());
    await page.keyboard.press("Tab");
    const focused = await (await live()).evaluate(() => document.activeElement?.getAttribute("data-slot") ?? "");
    await page.keyboard.press("Enter");
    const keyed = await until("move 3 by keyboard and the engine's move 4", async () => {
      const e = await read();
      return e.moves.length === 4 && /The engine played move 4/.test(e.status) ? e : false;
    }, 30_000).catch(read);
    check(/^[LRTB][1-4]$/.test(focused) && keyed.moves.length === 4 && keyed.moves[2] === focused,
      m(`keyboard: Tab to slot ${focused}, Enter plays move 3; the engine answers move 4`), JSON.stringify({ focused, moves: keyed.moves, status: keyed.status }));
    const hint = await (await live()).evaluate(() => document.getElementById("playhint")?.textContent ?? "");
    check(/Keyboard: Tab to the slots/.test(hint), m("the keyboard hint under the board"), hint);
    check(keyed.turn === "X to move", m('whose turn it is: "X to move" after move 4'), keyed.turn);
    // Undo in the editor takes back the engine's move 4: its status goes with it.
    await page.click(".editor-group-container .monaco-editor .view-lines").catch(() => {});
    await h.key(page, "Control+KeyZ");
    const undone = await until("the engine's move undone", async () => {
      const e = await read();
      return e.moves.length === 3 ? e : false;
    }, 15_000).catch(read);
    check(undone.moves.length === 3 && !/The engine played move 4/.test(undone.status),
      m("undo takes back the engine's move 4, and its status line goes"), JSON.stringify({ moves: undone.moves, status: undone.status }));
    await (await live()).$eval("#engine", (b) => b.click());
    const off = await until("the engine off", async () => /Engine plays: off/.test((await read()).engine), 5_000).catch(() => false);
    await axeCheck(page, h, live);
    check(off, m('a third click: "Engine plays: off"'), (await read()).engine);
  }
}

/**
 * hideAndShow hides the board tab (another file opened in its group) and
 * shows it again: VS Code recreates the webview, and the view must get
 * everything back, the strip of values too.
 */
async function hideAndShow(page, h, live, read) {
  const { mode, check, until } = h;
  const before = await read();
  const gone = await hideAndShowView(page, h);
  const back = await until("the strip after the view came back", async () => {
    const e = await read().catch(() => null);
    return e && e.strip === before.strip && e.strip > 0 ? e : false;
  }, 30_000).catch(() => read().catch(() => ({ strip: -1 })));
  if (!(back.strip > 0)) {
    for (const f of page.frames()) {
      const what = await f.evaluate(() => `${typeof acquireVsCodeApi} ${document.body?.innerText.slice(0, 60).replace(/\s+/g, " ")}`).catch((err) => `(${err.message.slice(0, 60)})`);
      h.log(`${mode}: engine: frame ${f.url().slice(0, 80)}: ${what}`);
    }
  }
  check(gone && back.strip === before.strip && before.strip > 0,
    `${mode}: engine: the board tab hidden and shown again: the strip of values is back (${back.strip} cells)`, JSON.stringify({ gone, before: before.strip, after: back.strip }));
  // The spot file goes back out of the view's group.
  await page.click(".editor-group-container .monaco-editor .view-lines").catch(() => {});
}

/**
 * hideAndShowView hides the board tab, sample.spot opened in its group,
 * and shows it again with Show Board from the transcript's editor, which
 * VS Code answers with a new webview. It reports whether the tab went.
 */
export async function hideAndShowView(page, h) {
  // The workbench gets the focus (a click in the first group's editor), then the view's group, the second.
  await page.click(".editor-group-container .monaco-editor .view-lines").catch(() => {});
  await h.key(page, "Control+Digit2");
  await h.openFile(page, "sample.spot");
  const gone = await h.until("the board tab hidden", async () => !(await boardFrame(page)), 10_000).catch(() => false);
  // Shown again from the transcript's editor: Show Board reveals the view, which VS Code recreates.
  await page.click(".editor-group-container .monaco-editor .view-lines").catch(() => {});
  await h.runCommand(page, "gamels: Show Board");
  return gone;
}

/**
 * narrowPane: the window narrowed to 900 px, the view's pane about 300 px:
 * the whole board in sight, scaled, no sideways scroll, the move list
 * under it. Saves vscode-board-narrow-<mode>.png.
 */
async function narrowPane(page, h, live) {
  const { mode, check, until } = h;
  const old = page.viewport();
  await page.setViewport({ width: 900, height: 1000 });
  const lay = await until("the view laid out in its narrow pane", async () => {
    const r = await (await live()).evaluate(() => {
      const svg = document.querySelector("svg.gamels-board")?.getBoundingClientRect();
      const moves = document.getElementById("moves")?.getBoundingClientRect();
      if (!svg || !moves) return null;
      return { width: innerWidth, scroll: document.scrollingElement.scrollWidth, right: Math.round(svg.right), below: moves.top >= svg.bottom - 1 };
    });
    return r && r.width < 480 ? r : false;
  }, 10_000).catch(async () => (await live()).evaluate(() => ({ width: innerWidth })));
  check(lay.width < 480 && lay.scroll <= lay.width && lay.right <= lay.width && lay.below,
    `${mode}: engine: a narrow pane (${lay.width} px): the whole board in the width, no sideways scroll, the moves under it`, JSON.stringify(lay));
  // The board in sight for the screenshot: the keys closed, the view scrolled to the board.
  await (await live()).evaluate(() => {
    const k = document.getElementById("keys");
    if (k) k.hidden = true;
    document.getElementById("controls")?.scrollIntoView({ block: "start" });
  });
  await shotView(page, h, `vscode-board-narrow-${mode}`);
  if (old) await page.setViewport(old);
}

/** axeCheck runs axe-core in the view's frame: no serious or critical violation. */
async function axeCheck(page, h, live) {
  const f = await live();
  await f.evaluate(axeSource());
  const bad = await f.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
  }).catch((err) => [`axe: ${err}`]);
  h.check(bad.length === 0, `${h.mode}: engine: axe-core in the board view: no serious or critical violation`, bad.join(" | "));
}

/** pictures: Copy SVG to the clipboard, Save PNG and Save animation through VS Code's save dialog. */
async function pictures(page, h, frame, read) {
  const { mode, check, until } = h;
  const m = (s) => `${mode}: engine: ${s}`;
  await frame.$eval("#picture-svg", (b) => b.click());
  const copied = await until("Copy SVG", async () => {
    const e = await read();
    return /Copied the board as SVG/.test(e.status) || /No picture/.test(e.status) ? e.status : false;
  }, 15_000).catch(async () => (await read()).status);
  const clip = await page.evaluate(() => navigator.clipboard.readText()).catch((err) => `(clipboard: ${err})`);
  check(/Copied the board as SVG/.test(copied) && /<svg[\s>]/.test(clip) && /<\/svg>\s*$/.test(clip),
    m("Copy SVG: the status says so and the clipboard holds an SVG document"), `${copied} | ${clip.slice(0, 80)}`);
  if (!h.folder) return;
  for (const [id, ext, magic, what] of [["#picture-png", "png", "\x89PNG", "Save PNG"], ["#picture-gif", "gif", "GIF8", "Save animation"]]) {
    const before = new Set(h.fs.readdirSync(h.folder));
    await frame.$eval(id, (b) => b.click());
    // VS Code's own save dialog (a quick input holding the suggested path): Enter saves,
    // once the input holds this dialog's path (not the last one's, closing).
    const ready = await until(`the save dialog for the ${ext}`, () =>
      page.evaluate((x) => {
        const i = document.querySelector(".quick-input-widget input");
        return i && i.offsetParent !== null && i.value.endsWith(`.${x}`);
      }, ext), 15_000).catch(() => false);
    if (ready) await page.keyboard.press("Enter");
    const file = await until(`the ${ext} file`, () => {
      const f = h.fs.readdirSync(h.folder).find((n) => n.endsWith(`.${ext}`) && !before.has(n));
      return f && h.fs.statSync(h.path.join(h.folder, f)).size > 0 ? f : false;
    }, 20_000).catch(() => "");
    const bytes = file ? h.fs.readFileSync(h.path.join(h.folder, file)) : Buffer.alloc(0);
    check(file !== "" && bytes.subarray(0, magic.length).toString("latin1") === magic,
      m(`${what}: Enter in the save dialog writes the suggested ${file}, a ${ext.toUpperCase()} of ${bytes.length} bytes`),
      `${file} ${bytes.subarray(0, 8).toString("hex")}`);
  }
}

/** theme picks a colour theme by name in the theme picker. */
async function theme(page, h, name) {
  await pickTheme(page, h);
  await page.keyboard.type(name);
  await h.until(`the theme list to offer ${name}`, () =>
    page.evaluate((n) => (document.querySelector(".quick-input-widget .monaco-list-row.focused")?.getAttribute("aria-label") ?? "").startsWith(n), name), 10_000).catch(() => {});
  await page.keyboard.press("Enter");
}

/**
 * highContrast: in Dark High Contrast the board's squares are outlined in
 * the theme's contrast border and the best move in its active contrast
 * border, 3 px (editors/board/board.css); then back to Light Modern.
 */
async function highContrast(page, h, frame) {
  const { mode, check, until } = h;
  await theme(page, h, "Dark High Contrast");
  const seen = await until("the view in high contrast", () =>
    frame.evaluate(() => {
      if (!document.body.classList.contains("vscode-high-contrast")) return false;
      const css = getComputedStyle(document.documentElement);
      const best = document.querySelector("svg.gamels-board rect.slot.best");
      const cell = document.querySelector("svg.gamels-board > rect.cell");
      if (!best || !cell) return false;
      const probe = document.createElement("div");
      document.body.append(probe);
      const colour = (v) => {
        probe.style.color = v;
        return getComputedStyle(probe).color;
      };
      const out = {
        border: colour(css.getPropertyValue("--vscode-contrastBorder").trim()),
        active: colour(css.getPropertyValue("--vscode-contrastActiveBorder").trim()),
        cell: getComputedStyle(cell).stroke,
        best: getComputedStyle(best).stroke,
        bestWidth: getComputedStyle(best).strokeWidth,
      };
      probe.remove();
      return out;
    }), 15_000).catch(() => null);
  check(seen !== null && seen.cell === seen.border && seen.best === seen.active && seen.bestWidth === "3px",
    `${mode}: engine: high contrast: the squares outlined in the contrast border, the best move in the active contrast border (3 px)`, JSON.stringify(seen));
  await shotView(page, h, `vscode-engine-hc-${mode}`);
  await theme(page, h, "Light Modern");
}
