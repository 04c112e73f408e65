// The engine in the board view, in the real VS Code (run by run.mjs, after
// the other scenarios): on icfp1998.pousse, the value line and the best
// move of a position (gamels/evaluate), the strip of values move by move
// (gamels/evaluations) with its marks, `n` to the blunder, `N` back, a
// click on the strip; the engine toggle answering a move from the board
// (gamels.playEngineMove); Copy SVG, Save PNG and Save animation
// (gamels/picture). Saves screenshots (vscode-engine-*.png).

import { boardFrame, goLine, pickTheme, readBoard, stepper } from "./board.mjs";

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
    moves: [...document.querySelectorAll("#moves li")].map((li) => li.textContent),
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
 * engineScenario runs the checks; h holds run.mjs's helpers:
 * { mode, check, log, until, openFile, runCommand, key, text, shot, out, path, fs, folder }.
 */
export async function engineScenario(page, h) {
  const { mode, check, until, openFile, runCommand } = h;
  const m = (s) => `${mode}: engine: ${s}`;
  let frame = await boardFrame(page);
  check(frame != null, m("the board view is open"));
  if (!frame) return;
  const read = () => frame.evaluate(readEngine);
  const { step } = stepper(page, h, frame);

  // Move 12 of game 1, O's T4: X wins at once with L2.
  await openFile(page, "icfp1998.pousse");
  await goLine(page, h, 16);
  const at12 = await until("the value of move 12", async () => {
    const b = await frame.evaluate(readBoard);
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

  // n from the start to the blunder; N back finds nothing before it.
  let r = await step("Home", () => frame.$eval("#board", (el) => el.focus()).then(() => page.keyboard.press("Home")), 0);
  check(r.b.move === 0, m("Home: move 0"), `${r.b.move}`);
  r = await step("n", () => page.keyboard.press("n"), 12);
  check(r.b.move === 12 && r.line === 16, m("n: to the blunder, move 12 (T4), the editor's cursor on line 16"), `${r.b.move} line ${r.line}`);
  await page.keyboard.press("N");
  const back = await until("N's answer", async () => {
    const e = await read();
    return /No annotated move before move 12/.test(e.status) ? e : false;
  }, 5_000).catch(read);
  check(/No annotated move before move 12/.test(back.status), m("N from the first annotated move: nothing before it, said so"), back.status);

  // A click on the strip: position 5.
  // (Clicked again when the view has not moved in 5 s: a click that came
  // while the strip was being redrawn, on a loaded machine.)
  for (let attempt = 1; attempt <= 3; attempt++) {
    await frame.$eval('#strip .cell[data-move="5"]', (c) => c.click()).catch((err) => h.log(`strip click: ${err}`));
    const there = await until("the view at move 5", async () => (await frame.evaluate(readBoard))?.move === 5, 5_000).catch(() => false);
    if (there) break;
    h.log(`${mode}: engine: strip click ${attempt}: the view did not move`);
  }
  r = await step("strip click", async () => {}, 5);
  check(r.b.move === 5 && r.line === 9, m("a click on the strip's cell 5: move 5, the editor's cursor on line 9"), `${r.b.move} line ${r.line}`);

  // Pictures of the position shown.
  await pictures(page, h, frame, read);

  // The engine toggle: O answers X's move from the board.
  if (h.folder) {
    h.fs.writeFileSync(h.path.join(h.folder, "engine.pousse"), "1\n4\nQUIT\n");
    // In the transcripts' group, so that the view stays visible beside it.
    // The focus is in the view's iframe after the clicks above, where a
    // key reaches the workbench late or not at all: a click in the first
    // group's editor gives the workbench the focus first.
    await page.click(".editor-group-container .monaco-editor .view-lines").catch((err) => h.log(`group 1 click: ${err}`));
    await h.key(page, "Control+Digit1");
    await openFile(page, "engine.pousse");
    // Opened in the view's group all the same (the view is then hidden
    // and its frame gone): moved back into the first group.
    if (!(await until("the board view beside engine.pousse", () => boardFrame(page), 5_000).catch(() => false))) {
      h.log(`${mode}: engine: engine.pousse opened in the view's group; moved into the first`);
      await runCommand(page, "View: Move Editor into Previous Group");
    }
    await goLine(page, h, 2);
    frame = (await until("the board view", () => boardFrame(page), 20_000).catch(() => undefined)) ?? frame;
    await until("the empty 4 x 4 board", async () => {
      const b = await frame.evaluate(readBoard);
      return b && b.n === 4 && b.move === 0;
    }, 20_000).catch(() => false);
    await frame.$eval("#engine", (b) => b.click());
    await frame.$eval("#engine", (b) => b.click());
    const side = await until("the engine to play O", async () => /Engine plays: O/.test((await read()).engine), 5_000).catch(() => false);
    check(side, m('the toggle: "Engine plays: O" after two clicks'), (await read()).engine);
    await frame.$eval('svg.gamels-board rect.slot[data-slot="T1"]', (s) => s.dispatchEvent(new MouseEvent("click", { bubbles: true })));
    const answered = await until("the engine's answer", async () => {
      const b = await frame.evaluate(readBoard);
      const e = await read();
      return b && b.move === 2 && e.moves.length === 2 ? { b, e } : false;
    }, 30_000).catch(async () => ({ b: await frame.evaluate(readBoard), e: await read() }));
    const ok = answered.b?.move === 2 && answered.e.moves[0] === "T1" && answered.e.moves.length === 2 && /The engine played move 2/.test(answered.e.status);
    // When it fails: a dialog left open, or a notification, says why.
    const why = ok ? "" : await page.evaluate(() => [...document.querySelectorAll(".monaco-dialog-box, .notification-toast")].map((e) => e.innerText).join(" | "));
    check(ok, m("T1 from the board, then the engine's move 2 written and shown"), `${why} ${JSON.stringify({ b: answered.b?.title, pos: answered.b?.pos, e: answered.e })}`);
    await shotView(page, h, `vscode-engine-answer-${mode}`);
    await frame.$eval("#engine", (b) => b.click());
    const off = await until("the engine off", async () => /Engine plays: off/.test((await read()).engine), 5_000).catch(() => false);
    check(off, m('a third click: "Engine plays: off"'), (await read()).engine);
  }
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
 * border, 3 px (media/board.css); then back to Light Modern.
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
