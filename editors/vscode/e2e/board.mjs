// The board view in the real VS Code (run by run.mjs): open sample.pousse,
// "gamels: Show Board" from the Command Palette, step to move 3 with the
// view's button and its Right key, and assert the drawn board from the SVG
// inside the webview's iframe: the board after move 3 of game 1. Then a
// click in the view's move list, End and Home, the editor's cursor moved
// each time (the text is the one source of truth), the CSP of the page, and
// the editor-title button. Saves PNG screenshots: the window, and the view
// cropped (vscode-board-<mode>.png).

import { legendReport, legendProblems, legendGame, legendLine } from "../../board/e2e/legend.mjs";

/** The webview frame that holds the drawn board, or undefined. */
export async function boardFrame(page) {
  for (const f of page.frames()) {
    try {
      if (await f.evaluate(() => document.querySelector("svg.gamels-board, #board") !== null && typeof acquireVsCodeApi === "function")) {
        return f;
      }
    } catch {
      // A frame that went away, or one not ours.
    }
  }
  return undefined;
}

/**
 * shownFrame is the board view's frame that is on the screen: a view
 * recreated leaves the old frame a while, hidden, and a frame detached
 * throws; the one whose iframe has a size is the one shown.
 */
export async function shownFrame(page) {
  for (const f of page.frames()) {
    const ours = await f.evaluate(() => document.getElementById("board") !== null && typeof acquireVsCodeApi === "function").catch(() => false);
    if (!ours) continue;
    const el = await f.frameElement().catch(() => null);
    const box = el && (await el.boundingBox().catch(() => null));
    if (!el || (box && box.width > 0 && box.height > 0)) return f;
  }
  return undefined;
}

/** What the view shows: the SVG's move and title, the marks as rows, the classes of the marked cells. */
export function readBoard() {
  const svg = document.querySelector("svg.gamels-board");
  if (!svg) return null;
  const n = Number(svg.getAttribute("data-n"));
  const rows = Array.from({ length: n }, () => Array(n).fill("."));
  // Only the main board: not the earlier board of a repetition (g.earlier),
  // not the marker pushed off.
  for (const t of svg.querySelectorAll(":scope > text.mark:not(.off)")) {
    rows[Number(t.getAttribute("data-row")) - 1][Number(t.getAttribute("data-col")) - 1] = t.textContent;
  }
  const marked = {};
  for (const r of svg.querySelectorAll(":scope > rect.cell")) {
    const cls = [...r.classList].filter((c) => c !== "cell");
    if (cls.length > 0) marked[`${r.getAttribute("data-row")},${r.getAttribute("data-col")}`] = cls.join(" ");
  }
  return {
    move: Number(svg.getAttribute("data-move")),
    n,
    cells: svg.querySelectorAll(":scope > rect.cell").length,
    rows: rows.map((r) => r.join("")),
    title: svg.querySelector("title")?.textContent ?? "",
    marked,
    arrow: svg.querySelector(".arrow")?.getAttribute("data-move") ?? "",
    pos: document.getElementById("pos")?.textContent ?? "",
    current: (document.querySelector("#moves li.current")?.textContent ?? "").replace(/\s*[?!]+$/, ""),
    csp: document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute("content") ?? "",
    scripts: [...document.querySelectorAll("script")].map((s) => ({ nonce: s.nonce || s.getAttribute("nonce") || "", src: s.getAttribute("src") || "" })),
  };
}

/**
 * colours measures, in the view, the contrast of the X and O markers
 * against their cells and of the grid against the page (WCAG ratios, from
 * the computed colours), and the page's background.
 */
function colours() {
  const parse = (c) => {
    let m = /rgba?\(([^)]+)\)/.exec(c);
    if (m) return m[1].split(/[\s,/]+/).filter(Boolean).slice(0, 3).map(Number);
    m = /color\(srgb ([^)]+)\)/.exec(c);
    if (m) return m[1].split(/\s+/).slice(0, 3).map((v) => Number(v) * 255);
    return null;
  };
  const lum = ([r, g, b]) => {
    const f = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const ratio = (a, b) => {
    if (!a || !b) return 0;
    const [hi, lo] = [lum(a), lum(b)].sort((p, q) => q - p);
    return Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100;
  };
  const svg = document.querySelector("svg.gamels-board");
  const cellOf = (t) => svg.querySelector(`rect.cell[data-row="${t.getAttribute("data-row")}"][data-col="${t.getAttribute("data-col")}"]`);
  const x = svg.querySelector(":scope > text.mark.x");
  const o = svg.querySelector(":scope > text.mark.o");
  const bg = parse(getComputedStyle(document.body).backgroundColor);
  const anyCell = svg.querySelector("rect.cell");
  return {
    bg,
    x: x ? ratio(parse(getComputedStyle(x).fill), parse(getComputedStyle(cellOf(x)).fill)) : 0,
    o: o ? ratio(parse(getComputedStyle(o).fill), parse(getComputedStyle(cellOf(o)).fill)) : 0,
    grid: ratio(parse(getComputedStyle(anyCell).stroke), bg),
    text: ratio(parse(getComputedStyle(document.body).color), bg),
  };
}

/** pickTheme opens the colour theme picker (Ctrl+K Ctrl+T), focus in the editor. */
export async function pickTheme(page, h) {
  await h.key(page, "Control+Digit1");
  await h.key(page, "Control+KeyK");
  await h.key(page, "Control+KeyT");
  await page.waitForSelector(".quick-input-widget input", { visible: true });
}

/**
 * editorLine is the line of the cursor in the leftmost editor group (the
 * transcript's), from its active line number: the status bar hides the
 * cursor position while the view has the focus.
 */
export function editorLine(page) {
  return page.evaluate(() => {
    const group = [...document.querySelectorAll(".editor-group-container")]
      .filter((e) => e.getBoundingClientRect().width > 0)
      .sort((a, b) => a.getBoundingClientRect().x - b.getBoundingClientRect().x)[0];
    const ln = group?.querySelector(".margin .line-numbers.active-line-number");
    return ln ? Number(ln.textContent.trim()) : 0;
  });
}

/**
 * goLine puts the editor's cursor at the start of line with Go to Line
 * (Ctrl+G), waiting for the widget to take the line before Enter, and
 * trying again when the cursor did not get there (a loaded machine).
 */
export async function goLine(page, h, line) {
  for (let attempt = 1; ; attempt++) {
    await focusWorkbench(page, h);
    await h.key(page, "Control+KeyG");
    const open = await page.waitForSelector(".quick-input-widget input", { visible: true, timeout: 10_000 }).then(() => true, () => false);
    if (!open) {
      if (attempt === 3) throw new Error(`Go to Line ${line}: Ctrl+G opened no input`);
      h.log(`${h.mode}: Go to Line ${line}: Ctrl+G opened no input; again`);
      await page.click(".editor-group-container .monaco-editor .view-lines").catch((err) => h.log(`editor click: ${err}`));
      continue;
    }
    await page.keyboard.type(`${line}:1`);
    await h.until("the Go to Line hint", () =>
      page.evaluate((l) => (document.querySelector(".quick-input-widget")?.innerText ?? "").includes(`line ${l}`), line), 5_000).catch(() => {});
    await page.keyboard.press("Enter");
    const there = await h.until(`the cursor at line ${line}`, async () =>
      (await h.text(page, '[id="status.editor.selection"]')).some((t) => t.includes(`Ln ${line}, Col 1`)), 8_000).catch(() => false);
    if (there) return;
    if (attempt === 3) throw new Error(`Go to Line ${line}: the cursor did not get there`);
    await page.keyboard.press("Escape");
  }
}

/**
 * focusWorkbench gives the keyboard back to the workbench when the focus
 * is in a webview's iframe (after a click or a key in the board view),
 * where a key reaches the workbench late or not at all: a click in the
 * first group's editor. The editor's cursor moves with the click; the
 * callers move it where they want next.
 */
export async function focusWorkbench(page, h) {
  const inFrame = await page.evaluate(() => document.activeElement?.tagName === "IFRAME").catch(() => false);
  if (inFrame) {
    await page.click(".editor-group-container .monaco-editor .view-lines").catch((err) => h.log(`editor click: ${err}`));
  }
}

/**
 * boardScenario runs the board view checks; h holds run.mjs's helpers:
 * { mode, check, log, until, openFile, runCommand, key, text, shot, out, path, fs, folder }.
 */
export async function boardScenario(page, h) {
  const { mode, check, log, until, openFile, runCommand } = h;
  const m = (s) => `${mode}: board: ${s}`;
  await openFile(page, "sample.pousse");
  await goLine(page, h, 1); // the count line: outside every game

  // The editor-title button, for the three languages.
  const button = await until("the Show Board button in the editor title", () =>
    page.evaluate(() => [...document.querySelectorAll(".editor-actions .action-label")].some((a) =>
      /Show Board/.test(a.getAttribute("aria-label") || a.getAttribute("title") || ""))), 15_000).catch(() => false);
  check(button, m('the editor title has the "Show Board" button'));

  await runCommand(page, "gamels: Show Board");
  let frame;
  const first = await until("the board view to draw", async () => {
    frame = await boardFrame(page);
    const b = frame && (await frame.evaluate(readBoard));
    return b && b.move === 0 ? b : false;
  }, 45_000).catch((err) => {
    log(String(err));
    return null;
  });
  check(first !== null, m("the view opens and draws game 1 before its first move"), JSON.stringify(first));
  if (!first) return;
  // The first look, from line 1 (the count line, outside every game): the
  // nearest game, which the view names.
  const notice = () => frame.evaluate(() => {
    const n = document.getElementById("notice");
    return n && !n.hidden ? n.textContent : "";
  });
  check(/line 1: the cursor is outside every game: showing game 1/.test(await notice()),
    m('the first look from line 1: game 1 at move 0, "the cursor is outside every game: showing game 1"'), await notice());
  await h.shot(page, `vscode-board-first-look-${mode}`);
  await goLine(page, h, 5); // the N line of game 1: move 0, inside the game
  const inside = await until("the notice to go", async () => (await notice()) === "", 10_000).catch(() => false);
  check(inside, m("on the N line of game 1 the notice goes"), await notice());
  check(first.cells === 16 && first.rows.join("/") === "..../..../..../....", m("an empty 4 x 4 board, 16 cells"), JSON.stringify(first));
  // Every source is the webview's own resource origin ('self' and VS
  // Code's webview resource host), or the nonce: nothing remote, nothing unsafe.
  const directives = Object.fromEntries(first.csp.split(";").map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
  const own = (v) => v === "'self'" || /^https:\/\/\*\.vscode-(cdn\.net|resource\.vscode-cdn\.net)$/.test(v) || /^vscode-(webview|resource):/.test(v);
  check(directives["default-src"]?.join(" ") === "'none'" && /^'nonce-[^']{16,}'$/.test(directives["script-src"]?.join(" ") ?? "") &&
    ["style-src", "img-src", "font-src"].every((d) => (directives[d] ?? []).every(own)) && !/unsafe|\*[^.]/.test(first.csp),
    m("a strict Content-Security-Policy: default-src 'none', the script by its nonce only, styles and images from the extension only"), first.csp);
  const nonce = /'nonce-([^']+)'/.exec(first.csp)?.[1];
  const ours = first.scripts.filter((x) => x.src !== "");
  check(ours.length === 1 && /\/dist\/board\.js$/.test(ours[0].src) && ours[0].nonce === nonce,
    m("one script file, dist/board.js (the bundled view), with the nonce"), JSON.stringify(first.scripts));

  const { step, click } = stepper(page, h, frame);

  // Move 1 and 2 with the "next" button, move 3 with the Right key.
  let r = await step("next", click("#next"), 1);
  check(r.b.move === 1 && r.line === 6, m("the ▶ button: move 1, the editor's cursor on line 6"), `${r.b.move} line ${r.line}`);
  r = await step("next", click("#next"), 2);
  check(r.b.move === 2 && r.line === 7, m("▶ again: move 2, line 7"), `${r.b.move} line ${r.line}`);
  r = await step("Right", () => frame.$eval("#board", (el) => el.focus()).then(() => page.keyboard.press("ArrowRight")), 3);
  const b3 = r.b;
  check(b3.move === 3 && r.line === 8, m("the Right key: move 3, the editor's cursor on line 8 (L2)"), `${b3.move} line ${r.line}`);
  check(b3.rows.join("/") === ".O../XX../..../....",
    m("the drawn board is the one after move 3 (L2 T2 L2): .O.. / XX.. / .... / ...."), JSON.stringify(b3.rows));
  check(/after move 3 of 5\b.*TIE GAME/.test(b3.title) && b3.pos === "3 / 5" && b3.current === "L2",
    m('the title "after move 3 of 5", "3 / 5", the move list at L2'), `${b3.title} | ${b3.pos} | ${b3.current}`);
  check(b3.marked["2,1"] === "last pushed" && b3.marked["2,2"] === "pushed" && Object.keys(b3.marked).length === 2 && b3.arrow === "L2",
    m("the last move marked: row 2 col 1 entered, the run pushed, the arrow of L2"), JSON.stringify(b3.marked) + " " + b3.arrow);

  // The screenshots: the window, and the view cropped.
  await h.shot(page, `vscode-board-window-${mode}`);
  const clip = await page.evaluate(() => {
    const el = [...document.querySelectorAll(".editor-group-container")]
      .map((e) => e.getBoundingClientRect())
      .filter((rct) => rct.width > 0)
      .sort((a, b) => b.x - a.x)[0];
    return el ? { x: el.x, y: el.y, width: el.width, height: Math.min(el.height, 560) } : null;
  });
  if (clip) {
    const file = h.path.join(h.out, `vscode-board-${mode}.png`);
    await page.screenshot({ path: file, clip, captureBeyondViewport: false });
    log(`screenshot ${file}`);
  }

  // A click on a move in the list; End and Home.
  r = await step("click move 1", () => frame.$eval('#moves li[data-move="1"]', (li) => li.click()), 1);
  check(r.b.move === 1 && r.line === 6 && r.b.rows.join("/") === "..../X.../..../....",
    m("a click on move 1 in the list: the board after L2, line 6"), `${r.b.move} line ${r.line} ${JSON.stringify(r.b.rows)}`);
  r = await step("End", () => frame.$eval("#board", (el) => el.focus()).then(() => page.keyboard.press("End")), 5);
  check(r.b.move === 5 && r.line === 10, m("End: the last move (5, line 10)"), `${r.b.move} line ${r.line}`);
  r = await step("Home", () => page.keyboard.press("Home"), 0);
  check(r.b.move === 0 && r.line === 5, m("Home: before the first move, the cursor on the N line (5)"), `${r.b.move} line ${r.line}`);

  // The view follows the editor's cursor: game 2's winning move, a straight.
  await h.key(page, "Control+Digit1"); // the focus back in the editor
  await goLine(page, h, 21);
  const b7 = await until("the view to follow to game 2 move 7", async () => {
    const x = await frame.evaluate(readBoard);
    return x && x.move === 7 && /game 2/.test(x.title) ? x : false;
  }, 20_000).catch(async () => frame.evaluate(readBoard));
  check(b7.move === 7 && b7.rows.join("/") === "OO../XXXX/..../.O.." && /X WINS/.test(b7.title) &&
    ["2,1", "2,2", "2,3", "2,4"].every((k) => / ?straight x/.test(b7.marked[k] ?? "")),
    m("the view follows the cursor: game 2 after move 7, X WINS, the straight in row 2"), JSON.stringify(b7));
  await h.shot(page, `vscode-board-straight-${mode}`);

  // Readable in a light and a dark theme: the markers against their cells,
  // the grid and the text against the page.
  const light = await frame.evaluate(colours);
  await pickTheme(page, h);
  await page.keyboard.type("Dark Modern");
  await until("the theme list to offer Dark Modern", () =>
    page.evaluate(() => /Dark Modern/.test(document.querySelector(".quick-input-widget .monaco-list-row.focused")?.getAttribute("aria-label") ?? "")), 10_000).catch(() => {});
  await page.keyboard.press("Enter");
  const dark = await until("the view in the dark theme", async () => {
    const c = await frame.evaluate(colours);
    return c.bg && light.bg && c.bg.reduce((a, v) => a + v, 0) < light.bg.reduce((a, v) => a + v, 0) / 2 ? c : false;
  }, 15_000).catch(async () => frame.evaluate(colours));
  log(`${mode}: board: contrast light ${JSON.stringify(light)}, dark ${JSON.stringify(dark)}`);
  for (const [name, c] of [["light", light], ["dark", dark]]) {
    check(c.x >= 3 && c.o >= 3 && c.text >= 4.5 && c.grid >= 1.5,
      m(`readable in the ${name} theme: X and O against their cells at least 3:1, the text 4.5:1, the grid visible`), JSON.stringify(c));
  }
  check(dark.bg && light.bg && dark.bg.join() !== light.bg.join(), m("the view takes the theme's colours (the page background changed)"),
    `${light.bg} -> ${dark.bg}`);
  await h.shot(page, `vscode-board-dark-${mode}`);
  await pickTheme(page, h);
  await page.keyboard.type("Light Modern");
  await until("the theme list to offer Light Modern", () =>
    page.evaluate(() => /Light Modern/.test(document.querySelector(".quick-input-widget .monaco-list-row.focused")?.getAttribute("aria-label") ?? "")), 10_000).catch(() => {});
  await page.keyboard.press("Enter");

  // A 100 x 100 board: every cell, 14-pixel cells, the view scrolls.
  if (h.folder) {
    h.fs.writeFileSync(h.path.join(h.folder, "big.pousse"), "1\n100\nL1\nT50\nR100\nB3\nL100\nQUIT\n");
    await openFile(page, "big.pousse");
    await goLine(page, h, 7);
    const big = await until("the 100 x 100 board", async () => {
      const x = await frame.evaluate(() => {
        const svg = document.querySelector("svg.gamels-board");
        const cell = svg?.querySelector("rect.cell");
        return svg && { n: Number(svg.getAttribute("data-n")), move: Number(svg.getAttribute("data-move")), cells: svg.querySelectorAll(":scope > rect.cell").length,
          side: cell ? cell.getBoundingClientRect().width : 0,
          // The markers' size as drawn (the drawing may set it once, on the root).
          font: (() => { const t = svg.querySelector("text.mark"); return t ? parseFloat(getComputedStyle(t).fontSize) : 0; })(),
          // The last move (L100: row 100) scrolled into the view.
          last: (() => {
            const l = svg.querySelector("rect.cell.last")?.getBoundingClientRect();
            const v = document.getElementById("board").getBoundingClientRect();
            return l ? l.top >= v.top - 1 && l.bottom <= v.bottom + 1 && l.left >= v.left - 1 && l.right <= v.right + 1 : false;
          })() };
      });
      return x && x.n === 100 && x.move === 5 ? x : false;
    }, 30_000).catch(() => null);
    check(big !== null && big.cells === 10_000 && big.side >= 13.5 && big.font >= 8 && big.last,
      m("100 x 100: 10 000 cells of 14 px, markers at least 8 px, the last move (row 100) scrolled into sight"), JSON.stringify(big));
    await h.shot(page, `vscode-board-100-${mode}`);

    // The legend against the marks it names (editors/board/e2e/legend.mjs).
    h.fs.writeFileSync(h.path.join(h.folder, "legend.pousse"), legendGame);
    await openFile(page, "legend.pousse");
    await goLine(page, h, legendLine);
    const report = await until("the legend's marks on the board", async () => {
      const f = await shownFrame(page);
      const r = f && (await f.evaluate(legendReport).catch(() => null));
      return r && r.best?.mark && r.wins?.mark && r.last?.mark && r.run?.mark ? r : false;
    }, 30_000).catch(async () => (await shownFrame(page))?.evaluate(legendReport).catch(() => null));
    const problems = report ? legendProblems(report) : ["no report"];
    check(problems.length === 0, m("the legend draws each mark as the board does (shape and colour)"), problems.join("; ") || JSON.stringify(report));
  }

}

/**
 * stepper returns step, which does act and waits for the view in frame to
 * show move want (and the editor's cursor to follow), and click, an act
 * that clicks the view's element id.
 */
export function stepper(page, h, frameOf) {
  const { mode, log, until } = h;
  // frameOf: the frame, or a function that finds it again (a webview recreated, a frame detached).
  const get = async () => (typeof frameOf === "function" ? frameOf() : frameOf);
  const step = async (what, act, want) => {
    // The view moves first and the editor's cursor follows it: when the
    // move changes, so does its line, so the line is read once it is no
    // longer the one before the step.
    const from = (await (await get()).evaluate(readBoard).catch(() => null))?.move;
    const lineBefore = await editorLine(page);
    await act();
    const b = await until(`the view at move ${want}`, async () => {
      const x = await (await get()).evaluate(readBoard);
      return x && x.move === want ? x : false;
    }, 20_000).catch(async () => (await get()).evaluate(readBoard).catch(() => null));
    const moved = from !== undefined && from !== want;
    const line = await until(`the editor's cursor to move`, async () => {
      const l = await editorLine(page);
      return l && (!moved || l !== lineBefore) ? l : false;
    }, 5_000).catch(async () => (await editorLine(page)) || 0);
    log(`${mode}: board: ${what}: move ${b?.move}, the editor's cursor on line ${line}`);
    return { b, line };
  };
  const click = (id) => async () => {
    const el = await (await get()).$(id);
    await el.click();
  };
  return { step, click };
}

/**
 * longBoardScenario: the board view on a game of 3000 moves (gamels/board
 * version 2). Run after the play scenario, which expects the editors as
 * the board scenario leaves them. h as for boardScenario.
 */
export async function longBoardScenario(page, h) {
  const { mode, check, until, openFile } = h;
  const m = (s) => `${mode}: board: ${s}`;
  let frame = await boardFrame(page);
  check(frame != null, m("3000 moves: the board view is still open"));
  if (!frame) return;
  // The view's frame found again on each use: opening a file can hide the
  // view a while (its frame detached), and a view recreated has a new one.
  const live = async () => {
    const f = await until("the board view's frame", () => shownFrame(page), 20_000).catch(() => undefined);
    if (f) frame = f;
    return frame;
  };
  const { step, click } = stepper(page, h, live);
  let r;
  // A game of 3000 moves: the view asks for the moves around the one shown
  // (gamels/board version 2, movesAround 60), still counts 3000, lists
  // 121 and steps, End included (the last move comes with every answer).
  if (h.folder) {
    h.fs.writeFileSync(h.path.join(h.folder, "long.pousse"), "1\n4\n" + "L1\n".repeat(3000) + "QUIT\n");
    // Opened from the transcripts' group (the workbench given the focus by
    // a click in its editor), so that the view stays beside it; moved back
    // there when it opened in the view's group all the same.
    await page.click(".editor-group-container .monaco-editor .view-lines").catch(() => {});
    await h.key(page, "Control+Digit1");
    await openFile(page, "long.pousse");
    if (!(await until("the board view beside long.pousse", () => shownFrame(page), 5_000).catch(() => false))) {
      h.log(`${mode}: board: long.pousse opened in the view's group; moved into the first`);
      await h.runCommand(page, "View: Move Editor into Previous Group");
    }
    await goLine(page, h, 1502); // move 1500
    const listed = async () => (await live()).evaluate(() => {
      const lis = [...document.querySelectorAll("#moves li[data-move]")];
      return { n: lis.length, first: Number(lis[0]?.dataset.move ?? 0), last: Number(lis.at(-1)?.dataset.move ?? 0) };
    });
    const mid = await until("the view at move 1500 of 3000", async () => {
      const x = await (await live()).evaluate(readBoard);
      return x && x.move === 1500 ? x : false;
    }, 30_000).catch(async () => (await live()).evaluate(readBoard));
    const list = await listed();
    check(mid.move === 1500 && /after move 1500 of 3000/.test(mid.title) && mid.pos === "1500 / 3000" && mid.current === "L1" &&
      list.n === 120 && list.first === 1441 && list.last === 1560,
      m("3000 moves: move 1500 of 3000, the list around it (moves 1441 to 1560)"), JSON.stringify({ mid, list }));
    r = await step("next", click("#next"), 1501);
    check(r.b.move === 1501 && r.line === 1503, m("3000 moves: ▶ to move 1501, line 1503"), `${r.b.move} line ${r.line}`);
    r = await step("End", async () => (await live()).$eval("#board", (el) => el.focus()).then(() => page.keyboard.press("End")), 3000);
    check(r.b.move === 3000 && r.line === 3002, m("3000 moves: End to move 3000, line 3002"), `${r.b.move} line ${r.line}`);
    r = await step("Home", () => page.keyboard.press("Home"), 0);
    check(r.b.move === 0 && r.line === 2, m("3000 moves: Home to the N line (2)"), `${r.b.move} line ${r.line}`);
    // long.pousse closed by its tab's close button, so that the next
    // scenario finds the editors as they were before this block (its New
    // Game goes to the active editor).
    const close = await page.$('.tab[data-resource-name="long.pousse"] .tab-actions .action-label');
    if (close) await close.click();
    await until("long.pousse to close", () =>
      page.evaluate(() => !document.querySelector('.tab[data-resource-name="long.pousse"]')), 10_000);
    await h.key(page, "Control+Digit1"); // the focus back in the editor, for the next scenario
  }
}
