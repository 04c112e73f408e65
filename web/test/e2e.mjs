// The page end to end in headless Chromium (puppeteer-core driving
// Debian's /usr/bin/chromium, as editors/vscode/e2e does), against a
// running page:
//
//   node test/e2e.mjs URL GAMELS SHOTS_DIR
//
// URL is gamels web's address or a static server of gamels web --out;
// GAMELS the binary (gamels fmt is the reference for the formatting);
// SHOTS_DIR receives PNG screenshots. Checks: the page starts and draws
// the board; a malformed move gets its diagnostic with its code; a quick
// fix; a hover shows the board; Format gives gamels fmt's text; the
// board's buttons and keys step the cursor; a share link opens the same
// text at the same move; a broken link gives a message; a comment
// holding HTML shows as text and runs nothing; playing on the board
// (playScenario: New game, clicks on slots and cells, undo and redo, the
// middle-of-game question, refusals, the keyboard, the engine's value,
// best move and answers, workspace/applyEdit). Measures (printed as
// "measure:" lines): time to interactive, diagnostics after pasting a
// 1 MB transcript, hover round trips, a click to the board redrawn.
import puppeteer from "puppeteer-core";
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

const [url, gamels, shots] = process.argv.slice(2);
if (!url || !gamels || !shots) {
  console.error("usage: node test/e2e.mjs URL GAMELS SHOTS_DIR");
  process.exit(2);
}
mkdirSync(shots, { recursive: true });
const chromium = process.env.CHROMIUM ?? "/usr/bin/chromium";
let failures = 0;
function check(ok, what, detail = "") {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}${detail ? `: ${detail}` : ""}`);
  if (!ok) failures++;
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
});
const consoleErrors = [];
const requests = [];

async function open(href, scheme = "light") {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: scheme }]);
  page.on("console", (m) => {
    if (m.type() === "error") consoleErrors.push(m.text());
  });
  page.on("pageerror", (e) => consoleErrors.push(`pageerror: ${e.message}`));
  page.on("request", (r) => requests.push(r.url()));
  await page.goto(href);
  await page.waitForSelector("html[data-ready]", { timeout: 20000 });
  return page;
}

/** The editor's text. */
const text = (page) => page.evaluate(() => window.gamels.view().state.doc.toString());

/** Puts the cursor at the start of line n (1-based) plus ch. */
const cursorTo = (page, n, ch = 0) =>
  page.evaluate(
    (n, ch) => {
      const v = window.gamels.view();
      const l = v.state.doc.line(n);
      v.dispatch({ selection: { anchor: l.from + ch }, scrollIntoView: true });
      v.focus();
    },
    n,
    ch,
  );

/** Replaces line n with s, as typed (userEvent input.type). */
const replaceLine = (page, n, s) =>
  page.evaluate(
    (n, s) => {
      const v = window.gamels.view();
      const l = v.state.doc.line(n);
      v.dispatch({ changes: { from: l.from, to: l.to, insert: s }, selection: { anchor: l.from + s.length }, userEvent: "input.type" });
    },
    n,
    s,
  );

/** Waits for the next diagnostics publication whose count satisfies ok. */
const nextDiagnostics = (page, timeout = 10000) =>
  page.evaluate(
    (timeout) =>
      new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error("no diagnostics")), timeout);
        window.addEventListener("gamels:diagnostics", (e) => (clearTimeout(t), resolve(e.detail)), { once: true });
      }),
    timeout,
  );

/** What the board view shows. */
const boardState = (page) =>
  page.evaluate(() => {
    const svg = document.querySelector("#board svg.gamels-board");
    return {
      move: svg ? Number(svg.getAttribute("data-move")) : -1,
      game: svg ? Number(svg.getAttribute("data-game")) : -1,
      marks: svg ? [...svg.querySelectorAll(":scope > text.mark:not(.off)")].map((t) => t.textContent).join("") : "",
      title: document.getElementById("title").textContent,
      pos: document.getElementById("pos").textContent,
      current: document.querySelector("#moves li.current")?.textContent ?? "",
    };
  });

const waitBoardMove = (page, move) =>
  page.waitForFunction((m) => Number(document.querySelector("#board svg.gamels-board")?.getAttribute("data-move")) === m, { timeout: 5000 }, move);

/** The lint diagnostics in the editor: message, source (code) and actions. */
const lint = (page) =>
  page.evaluate(() => {
    const root = document.getElementById("editor").shadowRoot;
    return [...root.querySelectorAll(".cm-panel.cm-panel-lint li.cm-diagnostic")].map((li) => ({
      message: li.querySelector(".cm-diagnosticText")?.textContent ?? "",
      source: li.querySelector(".cm-diagnosticSource")?.textContent ?? "",
      actions: [...li.querySelectorAll(".cm-diagnosticAction")].map((b) => b.textContent),
    }));
  });

/** The line of the editor's cursor (1-based). */
const cursorLine = (page) =>
  page.evaluate(() => {
    const v = window.gamels.view();
    return v.state.doc.lineAt(v.state.selection.main.head).number;
  });

/** Waits until the editor's text is want; false when it does not come. */
const waitText = (page, want, timeout = 8000) =>
  page
    .waitForFunction((w) => window.gamels.view().state.doc.toString() === w, { timeout }, want)
    .then(() => true)
    .catch(() => false);

/** The status line. */
const statusText = (page) => page.$eval("#boardstatus", (e) => e.textContent);

/** Waits for the board to show game g at move m. */
const waitBoard = (page, g, m) =>
  page
    .waitForFunction(
      (g, m) => {
        const svg = document.querySelector("#board svg.gamels-board");
        return svg && Number(svg.getAttribute("data-game")) === g && Number(svg.getAttribute("data-move")) === m;
      },
      { timeout: 8000 },
      g,
      m,
    )
    .then(() => true)
    .catch(() => false);

/** Undo in the editor with its key (Ctrl+Z), focused first. */
async function undoKey(page) {
  await page.evaluate(() => window.gamels.view().focus());
  await page.keyboard.down("Control");
  await page.keyboard.press("KeyZ");
  await page.keyboard.up("Control");
}

/**
 * playTimes measures, in the page, a click on an edge slot to the board
 * redrawn at the move written, for six moves (L1..L6) of a new 6x6 game
 * after `games` random 8x8 games (about 300 bytes each): the page's
 * round trip (gamels/play, the edit, gamels/board) on a document of that
 * size. Returns the times in ms, sorted, and the document's length.
 */
async function playTimes(page, games) {
  let seed = 7;
  const rnd = (n) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
  const parts = [];
  for (let g = 0; g < games; g++) {
    const moves = [];
    for (let i = 0; i < 40; i++) moves.push("LRTB"[rnd(4)] + (1 + rnd(8)));
    parts.push(`8\n${moves.join("\n")}\nQUIT\n`);
  }
  parts.push("6\nQUIT\n");
  const t = `${parts.length}\n\n${parts.join("\n")}`;
  await page.click("button[title^='Open the example sample.pousse']");
  await page.evaluate((s) => {
    const v = window.gamels.view();
    v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: s }, userEvent: "input.paste" });
  }, t);
  await cursorTo(page, t.split("\n").length - 2);
  if (!(await waitBoard(page, parts.length, 0))) throw new Error(`no board of game ${parts.length}`);
  await sleep(300);
  const times = await page.evaluate(async () => {
    const board = document.getElementById("board");
    const out = [];
    for (let i = 1; i <= 6; i++) {
      const shown = () => Number(board.querySelector("svg.gamels-board")?.getAttribute("data-move")) === i;
      const t0 = performance.now();
      board.querySelector(`rect.slot[data-slot="L${i}"]`).dispatchEvent(new MouseEvent("click", { bubbles: true }));
      await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`move ${i}: no board`)), 10000);
        const obs = new MutationObserver(() => shown() && (obs.disconnect(), clearTimeout(timer), resolve()));
        obs.observe(board, { childList: true, subtree: true, attributes: true });
      });
      out.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 50));
    }
    return out.sort((a, b) => a - b);
  });
  return { times, length: t.length };
}

/**
 * playScenario plays on the board of a fresh page as a user would, and
 * checks the text after each step against the expected transcript and
 * gamels fmt (every text written by play is canonical).
 */
async function playScenario(page) {
  const sample = await text(page);
  const canonical = (t, kind) => execFileSync(gamels, ["fmt", "--kind", kind, "-"], { input: t }).toString() === t;

  // A new game from the button: the dialog asks the size; Escape closes it, nothing written.
  await page.click("#newGame");
  await page.waitForSelector("#ask[open]", { timeout: 5000 });
  await page.keyboard.press("Escape");
  await sleep(300);
  check(!(await page.$eval("#ask", (d) => d.open)) && (await text(page)) === sample, "Escape closes the New game dialog, nothing written");

  // A new 3x3 game.
  await page.click("#newGame");
  await page.waitForSelector("#ask[open]", { timeout: 5000 });
  await page.$eval("#asksize", (e) => (e.value = ""));
  await page.type("#asksize", "3");
  await page.screenshot({ path: join(shots, "web-new-game.png") });
  await page.keyboard.press("Enter");
  const t0want = sample.replace(/^2$/m, "3") + "\n3\nQUIT\n";
  const grown = await waitText(page, t0want);
  const t0 = await text(page);
  check(grown && t0.split("\n")[2] === "3", "New game: a 3×3 game at the end, the count line raised to 3", JSON.stringify(t0.slice(-40)));
  check(await waitBoard(page, 3, 0), "the board shows the new game 3 at move 0");

  // Three moves clicked on the edge slots: T3, L1, B2.
  const moves = [];
  for (const slot of ["T3", "L1", "B2"]) {
    const before = await text(page);
    await page.click(`#board rect.slot[data-slot="${slot}"]`);
    moves.push(slot);
    const want = before.replace(/\nQUIT\n$/, `\n${slot}\nQUIT\n`);
    const ok = await waitText(page, want);
    check(ok && (await waitBoard(page, 3, moves.length)), `a click on slot ${slot} writes move ${moves.length} and the board follows`, (await text(page)).slice(-30).replace(/\n/g, "|"));
  }
  const played = await text(page);
  check(played === sample.replace(/^2$/m, "3") + "\n3\nT3\nL1\nB2\nQUIT\n" && canonical(played, "pousse"), "the three moves make the expected transcript, canonical (gamels fmt)", JSON.stringify(played.slice(-30)));
  // The engine's value of the position shown, and its best move marked on the board (the shared view).
  const valued = await page
    .waitForFunction(() => /wins in|no forced result/.test(document.getElementById("value")?.textContent ?? ""), { timeout: 10000 })
    .then(() => true)
    .catch(() => false);
  const value = await page.evaluate(() => ({ line: document.getElementById("value")?.textContent, best: document.querySelector("#board rect.slot.best")?.getAttribute("data-slot") ?? "" }));
  check(valued && (/no forced result/.test(value.line) || /^[LRTB][1-3]$/.test(value.best)), "the value line and the best move marked on the board", JSON.stringify(value));
  const cur = await cursorLine(page);
  check(played.split("\n")[cur - 1] === "B2", "the cursor is on the move written", `line ${cur}`);
  await page.hover('#board rect.slot[data-slot="R1"]');
  await page.screenshot({ path: join(shots, "web-play.png") });
  const preview = await page.$$eval("#board rect.cell.preview", (l) => l.length);
  check(preview > 0, "pointing at a slot previews its push", `${preview} cells`);

  // Undo: one step per move.
  await undoKey(page);
  const oneBack = played.replace(/B2\nQUIT\n$/, "QUIT\n");
  check(await waitText(page, oneBack), "undo (Ctrl+Z) takes back the last move only");
  await undoKey(page);
  check(await waitText(page, played.replace(/L1\nB2\nQUIT\n$/, "QUIT\n")), "a second undo takes back the move before");
  await page.evaluate(() => window.gamels.view().focus());
  await page.keyboard.down("Control");
  await page.keyboard.down("Shift");
  await page.keyboard.press("KeyZ");
  await page.keyboard.up("Shift");
  await page.keyboard.up("Control");
  check(await waitText(page, oneBack), "redo (Ctrl+Shift+Z) plays it again");

  // In the middle of the game: the question, "cancel" keeps the moves, "replace the rest" replaces them.
  const two = await text(page);
  const lines = two.split("\n");
  const t3 = lines.lastIndexOf("T3") + 1;
  await cursorTo(page, t3);
  check(await waitBoard(page, 3, 1), "the cursor on T3: the board at move 1");
  await page.click('#board rect.slot[data-slot="R2"]');
  await page.waitForSelector("#ask[open]", { timeout: 5000 });
  const q = await page.evaluate(() => ({ title: document.getElementById("asktitle").textContent, detail: document.getElementById("askdetail").textContent, ok: document.getElementById("askok").textContent, focused: document.activeElement?.id }));
  check(/move 2/.test(q.title) && /^Playing at move 2 would replace/.test(q.detail) && q.ok === "Replace the rest" && q.focused === "askcancel", "a move in the middle asks first (Cancel focused)", JSON.stringify(q));
  await page.screenshot({ path: join(shots, "web-replace-rest.png") });
  await page.click("#askcancel");
  await sleep(300);
  check((await text(page)) === two && /kept/.test(await statusText(page)), "Cancel writes nothing", await statusText(page));
  await page.click('#board rect.slot[data-slot="R2"]');
  await page.waitForSelector("#ask[open]", { timeout: 5000 });
  await page.click("#askok");
  check(await waitText(page, two.replace("T3\nL1\n", "T3\nR2\n")), "Replace the rest writes R2 in place of L1", await statusText(page));

  // A refusal: a move after the end of game 2 (X WINS at move 7).
  const beforeRefusal = await text(page);
  const l7 = beforeRefusal.split("\n").indexOf("L2", beforeRefusal.split("\n").indexOf("T1")) + 1;
  await cursorTo(page, l7);
  check(await waitBoard(page, 2, 7), "game 2 at move 7 (X WINS)");
  await page.click('#board rect.slot[data-slot="T3"]');
  await page.waitForSelector("#boardstatus.error", { timeout: 5000 });
  const refused = await statusText(page);
  check(/ended at move 7: X WINS/.test(refused) && (await text(page)) === beforeRefusal, "a move after the end is refused with the reason, nothing written", refused);

  // The keyboard: Tab from the board to its slots (the one clicked last,
  // T3, has the tab stop), the arrows, Enter.
  const game3 = (await text(page)).split("\n");
  await cursorTo(page, game3.lastIndexOf("R2") + 1);
  check(await waitBoard(page, 3, 2), "game 3 at its last move, 2");
  await page.focus("#board");
  await page.keyboard.press("Tab");
  const first = await page.evaluate(() => document.activeElement?.getAttribute("data-slot"));
  await page.keyboard.press("ArrowLeft");
  const second = await page.evaluate(() => document.activeElement?.getAttribute("data-slot"));
  check(first === "T3" && second === "T2", "Tab reaches the slot clicked last (T3), ArrowLeft goes to T2", `${first} ${second}`);
  const beforeKey = await text(page);
  await page.keyboard.press("Enter");
  const keyed = await waitText(page, beforeKey.replace(/\nQUIT\n$/, "\nT2\nQUIT\n"));
  check(keyed && (await waitBoard(page, 3, 3)), "Enter on slot T2 plays it", JSON.stringify((await text(page)).slice(-20)));
  await sleep(200);
  const refocused = await page.evaluate(() => document.activeElement?.getAttribute("data-slot"));
  check(refocused === "T2", "after the redraw the focus is back on slot T2", String(refocused));
  const path = [];
  for (const k of ["ArrowDown", "ArrowLeft", "ArrowLeft"]) {
    await page.keyboard.press(k);
    path.push(await page.evaluate(() => document.activeElement?.getAttribute("data-slot")));
  }
  check(path.join() === "B2,B1,L3", "the arrows: down across the board to B2, left to B1, left round the corner to L3", path.join());
  await page.screenshot({ path: join(shots, "web-play-keyboard.png") });

  // The engine plays O: chosen with O to move at the end of the game, it
  // plays at once; then a move from the board (X's) is answered.
  const engineMove = (b, head) =>
    page
      .waitForFunction(
        (b, head) => {
          const t = window.gamels.view().state.doc.toString();
          const h = b.replace(/QUIT\n$/, head);
          return t.startsWith(h) && /^[LRTB][1-3]\nQUIT\n$/.test(t.slice(h.length)) && !document.documentElement.dataset.engine;
        },
        { timeout: 20000 },
        b,
        head,
      )
      .then(() => true)
      .catch(() => false);
  const beforeToggle = await text(page);
  await page.click("#engine"); // off -> X: O is to move, the engine waits
  await sleep(300);
  check((await text(page)) === beforeToggle && (await page.$eval("#engine", (e) => e.textContent)) === "Engine plays: X", "engine plays X, O to move: nothing yet", await page.$eval("#engine", (e) => e.textContent));
  await page.click("#engine"); // X -> O
  const atOnce = await engineMove(beforeToggle, "");
  check(atOnce && /The engine played move 4: [LRTB]\d/.test(await statusText(page)) && (await waitBoard(page, 3, 4)), "engine plays O, chosen with O to move: it plays move 4 at once", await statusText(page));
  const beforeEngine = await text(page);
  await page.click('#board rect.slot[data-slot="B1"]');
  const answered = await engineMove(beforeEngine, "B1\n");
  const engineText = await text(page);
  const engineStatus = await statusText(page);
  check(answered && /The engine played move 6: [LRTB]\d/.test(engineStatus) && canonical(engineText, "pousse"), "B1 (move 5) is answered by the engine's move 6, canonical", `${engineStatus} ${JSON.stringify(engineText.slice(-24))}`);
  await page.waitForFunction(() => /plies|wins in/.test(document.getElementById("value")?.textContent ?? ""), { timeout: 5000 }).catch(() => {});
  await page.hover('#board rect.slot[data-slot="B2"]');
  await page.screenshot({ path: join(shots, "web-engine.png") });
  await undoKey(page);
  check(await waitText(page, beforeEngine.replace(/QUIT\n$/, "B1\nQUIT\n")), "undo takes back the engine's move alone");
  await page.click("#engine"); // O -> off

  // A board drawn from an older text: the click is refused (stale-version), nothing written, the board redrawn.
  await sleep(400);
  const staleBefore = await text(page);
  await page.evaluate(() => {
    const v = window.gamels.view();
    v.dispatch({ changes: { from: v.state.doc.length, insert: "# typed just before the click\n" } });
    document.querySelector('#board rect.slot[data-slot="B3"]').dispatchEvent(new MouseEvent("click", { bubbles: true }));
  });
  await page.waitForSelector("#boardstatus.error", { timeout: 5000 }).catch(() => {});
  const stale = await statusText(page);
  check(/changed/.test(stale) && (await text(page)) === staleBefore + "# typed just before the click\n", "a click on a board drawn from an older text is refused, nothing written", stale);
  await page.evaluate((t) => {
    const v = window.gamels.view();
    v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: t } });
  }, staleBefore);

  // workspace/applyEdit as gamels.playEngineMove sends it: refused at another
  // version or for another document, applied at the version as one undo step.
  await sleep(300);
  const ae = await page.evaluate(async () => {
    const g = window.gamels;
    g.client.sync();
    const v = g.view();
    const uri = "file:///sample.pousse";
    const version = g.client.workspace.getFile(uri).version;
    const at = { line: 0, character: 0 };
    const edit = (ver, u = uri) => ({ label: "test", edit: { documentChanges: [{ textDocument: { uri: u, version: ver }, edits: [{ range: { start: at, end: at }, newText: "# applied\n" }] }] } });
    const stale = await g.answer("workspace/applyEdit", edit(version - 1));
    const other = await g.answer("workspace/applyEdit", edit(version, "file:///other.pousse"));
    const ok = await g.answer("workspace/applyEdit", edit(version));
    return { stale, other, ok, first: v.state.doc.line(1).text };
  });
  check(
    ae.stale.applied === false && /changed/.test(ae.stale.failureReason) && ae.other.applied === false && ae.ok.applied === true && ae.first === "# applied",
    "workspace/applyEdit: refused at another version and for another document, applied at the version",
    JSON.stringify(ae),
  );
  await undoKey(page);
  check(await waitText(page, staleBefore), "undo takes the applied edit back");

  // Spot: a new 3x3 game (before the terminating 0), a click on a cell places a spot.
  await page.click("button[title^='Open the example sample.spot']");
  await page.click("#newGame");
  await page.waitForSelector("#ask[open]", { timeout: 5000 });
  await page.$eval("#asksize", (e) => (e.value = ""));
  await page.type("#asksize", "3");
  await page.click("#askok");
  const spotNew = await page
    .waitForFunction(() => /\n3\n+0\n$/.test(window.gamels.view().state.doc.toString()), { timeout: 8000 })
    .then(() => true)
    .catch(() => false);
  check(spotNew && (await waitBoard(page, 4, 0)), "sample.spot: New game writes a 3×3 game 4 before the 0", JSON.stringify((await text(page)).slice(-20)));
  const spotBefore = await text(page);
  await page.click('#board svg.spot > rect.cell[data-row="2"][data-col="1"]');
  const spotOk = await waitText(page, spotBefore.replace(/\n3\n(\n*)0\n$/, "\n3\n2 1 +\n$10\n"));
  const spotText = await text(page);
  check(spotOk && canonical(spotText, "spot"), "Spot: a click on cell 2 1 writes 2 1 +, canonical", JSON.stringify(spotText.slice(-24)));
  // The keyboard on Spot's cells: Tab from the board, ArrowRight, Enter.
  await waitBoard(page, 4, 1);
  await page.focus("#board");
  await page.keyboard.press("Tab");
  const cellFirst = await page.evaluate(() => `${document.activeElement?.getAttribute("data-row")},${document.activeElement?.getAttribute("data-col")}`);
  await page.keyboard.press("ArrowRight");
  const cellNext = await page.evaluate(() => `${document.activeElement?.getAttribute("data-row")},${document.activeElement?.getAttribute("data-col")}`);
  await page.keyboard.press("Enter");
  const spotKeyed = await waitText(page, spotText.replace(/\n2 1 \+\n(\n*)0\n$/, "\n2 1 +\n2 2 +\n$10\n"));
  check(cellFirst === "2,1" && cellNext === "2,2" && spotKeyed, "Spot by keyboard: Tab to cell 2 1 (clicked last), ArrowRight to 2 2, Enter writes 2 2 +", `${cellFirst} ${cellNext} ${JSON.stringify((await text(page)).slice(-24))}`);
  await page.screenshot({ path: join(shots, "web-play-spot.png") });
  await page.click("button[title^='Open the example boards.path']");
  await cursorTo(page, 5);
  await sleep(300); // the board follows the cursor after 120 ms
  check(await waitBoard(page, 1, 0), "boards.path: board 1");
  const pathBefore = await text(page);
  await page.click('#board svg.path > rect.cell[data-row="1"][data-col="4"]');
  const pathOk = await waitText(page, pathBefore.replace("WBBUUUU", "WBBWUUU"));
  check(pathOk, "PATH: a click on the U at 1 4 makes it W", `${JSON.stringify((await text(page)).split("\n").slice(2, 4))} ${await statusText(page)}`);
  await page.screenshot({ path: join(shots, "web-play-path.png") });

  // Measures: a click to the board redrawn, on a small document and on one of about 1 MB.
  for (const games of [0, 8000]) {
    const m = await playTimes(page, games);
    console.log(`measure: click on a slot to the board redrawn at the move, ${m.length}-byte document, 6 moves: median ${m.times[3].toFixed(0)} ms, min ${m.times[0].toFixed(0)} ms, max ${m.times[5].toFixed(0)} ms`);
    check(m.times.length === 6, `six moves played on the ${m.length}-byte document`);
  }
  await page.close();
}

try {
  // 1. Start: time to interactive (the server initialized, the first board drawn).
  const t0 = Date.now();
  let page = await open(url);
  await page.waitForFunction(() => document.documentElement.dataset.board, { timeout: 10000 });
  const ready = await page.evaluate(() => ({ ready: Number(document.documentElement.dataset.ready), board: Number(document.documentElement.dataset.board) }));
  console.log(`measure: interactive ${Math.max(ready.ready, ready.board)} ms after navigation (server initialized ${ready.ready} ms, board drawn ${ready.board} ms; wall ${Date.now() - t0} ms)`);
  const csp = await page.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.content ?? "");
  check(csp.includes("script-src 'self' 'wasm-unsafe-eval'") && !csp.includes("unsafe-inline"), "the page's CSP allows its own scripts and wasm only", csp);

  // Semantic highlighting and inlay hints of the example.
  await page.waitForFunction(() => document.getElementById("editor").shadowRoot.querySelector(".cm-sem-keyword") && document.getElementById("editor").shadowRoot.querySelector(".cm-inlayHint"), { timeout: 5000 });
  const deco = await page.evaluate(() => {
    const r = document.getElementById("editor").shadowRoot;
    return { keywords: r.querySelectorAll(".cm-sem-keyword").length, hints: [...r.querySelectorAll(".cm-inlayHint")].map((h) => h.textContent) };
  });
  check(deco.keywords > 0, "semantic tokens: QUIT is a keyword", `${deco.keywords} keyword marks`);
  check(deco.hints.some((h) => /TIE GAME/.test(h)), "inlay hints: the verdict after the ending move", JSON.stringify(deco.hints.slice(0, 6)));
  await page.screenshot({ path: join(shots, "web-light.png") });

  // 2. Stepping: the cursor on move 3 of game 1 (line 8), then the buttons and keys.
  await cursorTo(page, 8);
  await waitBoardMove(page, 3);
  let b = await boardState(page);
  check(b.move === 3 && b.pos === "3 / 5" && b.current === "L2", "the board follows the cursor (move 3 of 5)", JSON.stringify(b));
  await page.click("#next");
  await waitBoardMove(page, 4);
  const line = await page.evaluate(() => {
    const v = window.gamels.view();
    return v.state.doc.lineAt(v.state.selection.main.head).number;
  });
  check(line === 9, "Next moves the editor's cursor to move 4 (line 9)", `line ${line}`);
  await page.focus("#board");
  await page.keyboard.press("End");
  await waitBoardMove(page, 5);
  await page.keyboard.press("Home");
  await waitBoardMove(page, 0);
  check(true, "the board's End and Home keys step to moves 5 and 0");

  // 3. Hover a move: the board in the tooltip; then the hover round trip.
  await cursorTo(page, 7);
  const coords = await page.evaluate(() => {
    const v = window.gamels.view();
    const c = v.coordsAtPos(v.state.doc.line(7).from + 1);
    return { x: c.left, y: (c.top + c.bottom) / 2 };
  });
  await page.mouse.move(coords.x + 2, coords.y);
  const hover = await page
    .waitForFunction(() => document.getElementById("editor").shadowRoot.querySelector(".cm-tooltip-hover")?.textContent, { timeout: 5000 })
    .then((h) => h.jsonValue())
    .catch(() => "");
  check(/move 2/.test(hover) && /\|O\|/.test(hover), "hover on move 2 shows the move and the board", JSON.stringify(hover.slice(0, 160)));
  await page.screenshot({ path: join(shots, "web-hover.png") });
  await page.mouse.move(5, 5);
  const hoverTimes = await page.evaluate(async () => {
    const { client } = window.gamels;
    const uri = "file:///sample.pousse";
    const out = [];
    for (let i = 0; i < 40; i++) {
      const t = performance.now();
      await client.request("textDocument/hover", { textDocument: { uri }, position: { line: 5 + (i % 5), character: 1 } });
      out.push(performance.now() - t);
    }
    return out.sort((a, b) => a - b);
  });
  const pct = (a, p) => a[Math.min(a.length - 1, Math.floor(a.length * p))];
  console.log(`measure: hover round trip (page -> worker -> page), 40 hovers: median ${pct(hoverTimes, 0.5).toFixed(1)} ms, p95 ${pct(hoverTimes, 0.95).toFixed(1)} ms, max ${hoverTimes.at(-1).toFixed(1)} ms`);
  check(pct(hoverTimes, 0.5) < 50, "a hover answers within 50 ms (median)");

  // 4. A malformed move: the diagnostic with its code; then a quick fix.
  let diag = nextDiagnostics(page);
  await replaceLine(page, 7, "Z9");
  await diag;
  await page.evaluate(() => window.gamels.view().focus());
  await page.keyboard.down("Control");
  await page.keyboard.down("Shift");
  await page.keyboard.press("KeyM");
  await page.keyboard.up("Shift");
  await page.keyboard.up("Control");
  await page.waitForFunction(() => document.getElementById("editor").shadowRoot.querySelector(".cm-panel-lint li"), { timeout: 5000 });
  let diags = await lint(page);
  const bad = diags.find((d) => /Z9/.test(d.message));
  check(!!bad && /gamels [A-Z]+\d+|gamels \S+/.test(bad.source), "Z9 gets an error with its code (lint panel, Ctrl-Shift-M)", JSON.stringify(bad));
  await page.screenshot({ path: join(shots, "web-diagnostic.png") });
  diag = nextDiagnostics(page);
  await replaceLine(page, 7, "t2");
  await diag;
  await page.waitForFunction(() => document.getElementById("editor").shadowRoot.querySelector(".cm-panel-lint .cm-diagnosticAction"), { timeout: 5000 });
  diags = await lint(page);
  const lower = diags.find((d) => /t2/.test(d.message));
  check(!!lower && lower.actions.length > 0, "t2 (lower case) offers a quick fix", JSON.stringify(lower));
  const fixed = nextDiagnostics(page);
  await page.evaluate(() => document.getElementById("editor").shadowRoot.querySelector(".cm-panel-lint .cm-diagnosticAction").click());
  await fixed;
  const l7 = (await text(page)).split("\n")[6];
  check(l7 === "T2", "the quick fix writes T2", JSON.stringify(l7));

  // 5. Format: the editor's text becomes gamels fmt's.
  const messy = "1\n\n4\n   L2   \nT2\t\nQUIT\n";
  await page.evaluate((s) => {
    const v = window.gamels.view();
    v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: s } });
  }, messy);
  await page.click("#format");
  const want = execFileSync(gamels, ["fmt", "--kind", "pousse", "-"], { input: messy }).toString();
  const formatted = await page
    .waitForFunction((w) => window.gamels.view().state.doc.toString() === w, { timeout: 5000 }, want)
    .then(() => true)
    .catch(() => false);
  check(formatted, "Format gives gamels fmt's text", JSON.stringify(await text(page)));

  // 6. A share link opens the same text at the same move.
  await page.click("button[title^='Open the example sample.pousse']");
  await cursorTo(page, 19);
  await waitBoardMove(page, 5);
  const before = await boardState(page);
  await page.click("#share");
  await page.waitForFunction(() => document.getElementById("sharelink").value.includes("#"), { timeout: 5000 });
  const link = await page.$eval("#sharelink", (e) => e.value);
  const original = await text(page);
  check(/#f=sample\.pousse&at=19%3A1&z=/.test(link), "the share link holds the file, the position and the transcript", link.slice(link.indexOf("#"), link.indexOf("#") + 60));
  const page2 = await open(link);
  await waitBoardMove(page2, 5);
  const after = await boardState(page2);
  check((await text(page2)) === original && after.game === 2 && after.move === 5 && after.marks === before.marks, "the link opens the same text, game 2 at move 5", JSON.stringify(after));
  await page2.close();

  // A fragment that does not decode: a message, and the example.
  const page3 = await open(url.replace(/#.*$/, "") + "#f=x.pousse&at=1:1&z=AAAA-not-deflate");
  await page3.waitForSelector("#status.alert", { timeout: 5000 });
  const msg = await page3.$eval("#status", (e) => e.textContent);
  check(/does not open/.test(msg), "a broken link says so", msg);
  await page3.screenshot({ path: join(shots, "web-broken-link.png") });
  await page3.close();

  // 7. HTML in a comment is text: nothing runs, no element is made.
  const evil = '# <img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>\n1\n\n3\nL1\nQUIT\n';
  await page.evaluate((s) => {
    const v = window.gamels.view();
    v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: s } });
  }, evil);
  await cursorTo(page, 5);
  await waitBoardMove(page, 1);
  // Hover the comment and the move too: the hover renders Markdown.
  for (const [ln, ch] of [
    [1, 4],
    [5, 0],
  ]) {
    const c = await page.evaluate(
      (ln, ch) => {
        const v = window.gamels.view();
        const r = v.coordsAtPos(v.state.doc.line(ln).from + ch);
        return { x: r.left + 2, y: (r.top + r.bottom) / 2 };
      },
      ln,
      ch,
    );
    await page.mouse.move(c.x, c.y);
    await sleep(600);
  }
  const xss = await page.evaluate(() => {
    const root = document.getElementById("editor").shadowRoot;
    return {
      pwned: window.__pwned ?? null,
      // CodeMirror's own widget buffers are img elements without a source.
      imgs: [...document.querySelectorAll("img"), ...root.querySelectorAll("img")].filter((i) => !i.classList.contains("cm-widgetBuffer")).map((i) => i.outerHTML),
      scripts: [...document.querySelectorAll("script")].map((s) => s.getAttribute("src")),
      line1: root.querySelector(".cm-line")?.textContent ?? "",
    };
  });
  check(
    xss.pwned === null && xss.imgs.length === 0 && xss.scripts.join() === "main.js" && xss.line1.includes("<img src=x onerror="),
    "a comment holding <img onerror> and <script> shows as text and runs nothing",
    JSON.stringify(xss),
  );
  await page.screenshot({ path: join(shots, "web-html-comment.png") });

  // 8. Diagnostics on a 1 MB transcript after a paste (one error in the last game).
  const big = (() => {
    let seed = 1;
    const rnd = (n) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    const games = [];
    let size = 0;
    while (size < 1 << 20) {
      const n = 8;
      const moves = [];
      for (let i = 0; i < 40; i++) moves.push("LRTB"[rnd(4)] + (1 + rnd(n)));
      const g = `${n}\n${moves.join("\n")}\nQUIT\n`;
      games.push(g);
      size += g.length + 1;
    }
    games[games.length - 1] = games[games.length - 1].replace(/\n[LRTB]\d\n/, "\nZ9\n");
    return `${games.length}\n\n${games.join("\n")}`;
  })();
  const pasted = await page.evaluate(async (s) => {
    const v = window.gamels.view();
    const done = new Promise((resolve) =>
      window.addEventListener("gamels:diagnostics", function h(e) {
        if (e.detail.length === s.length) {
          window.removeEventListener("gamels:diagnostics", h);
          resolve(e.detail);
        }
      }),
    );
    const t = performance.now();
    v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: s }, userEvent: "input.paste" });
    const d = await done;
    return { ms: d.at - t, count: d.count, bytes: s.length };
  }, big);
  console.log(`measure: diagnostics of a ${pasted.bytes}-byte transcript ${pasted.ms.toFixed(0)} ms after the paste (${pasted.count} diagnostics)`);
  check(pasted.count > 0, "the 1 MB transcript's diagnostics arrive", JSON.stringify(pasted));
  // The tokens of the lines shown (semanticTokens/range): the moves at
  // the middle and at the end of the 1 MB text are highlighted once
  // scrolled to (CodeMirror draws only the lines near the viewport).
  for (const where of ["middle", "end"]) {
    const got = await page.evaluate(async (where) => {
      const v = window.gamels.view();
      const doc = v.state.doc;
      const at = where === "end" ? doc.length : doc.line(Math.floor(doc.lines / 2)).from;
      v.dispatch({ selection: { anchor: at }, scrollIntoView: true });
      const root = document.getElementById("editor").shadowRoot;
      const line = doc.lineAt(at).number;
      for (let i = 0; i < 100; i++) {
        await new Promise((r) => setTimeout(r, 50));
        for (const el of root.querySelectorAll(".cm-sem-enumMember")) {
          const n = doc.lineAt(v.posAtDOM(el)).number;
          if (Math.abs(n - line) < 20) return { line, token: n };
        }
      }
      return { line, token: null };
    }, where);
    check(got.token !== null, `the moves at the ${where} of the 1 MB text are highlighted once scrolled to (semanticTokens/range)`, JSON.stringify(got));
  }

  // 9. Playing on the board (its own page): a new game, three moves
  // clicked, undo, the middle-of-game question, a refusal, the keyboard,
  // the engine's answer, Spot and PATH.
  await playScenario(await open(url.replace(/#.*$/, "")));

  // 10. The dark scheme.
  const dark = await open(url.replace(/#.*$/, ""), "dark");
  await dark.waitForFunction(() => document.documentElement.dataset.board, { timeout: 10000 });
  await cursorTo(dark, 19);
  await waitBoardMove(dark, 5);
  await sleep(300);
  await dark.screenshot({ path: join(shots, "web-dark.png") });
  const bg = await dark.evaluate(() => getComputedStyle(document.body).backgroundColor);
  check(bg !== "rgb(255, 255, 255)", "the dark scheme has a dark background", bg);
  await dark.close();

  // Nothing left the page's origin; no CSP violation or page error.
  const origin = new URL(url).origin;
  const foreign = requests.filter((r) => !r.startsWith(origin) && !r.startsWith("data:") && !r.startsWith("blob:"));
  check(foreign.length === 0, "no request leaves the page's origin", foreign.join(" "));
  const errs = consoleErrors.filter((e) => !/Failed to load resource.*404/.test(e));
  check(errs.length === 0, "no console error (CSP violation, page error)", errs.slice(0, 5).join(" | "));
} catch (e) {
  check(false, "the run", e.stack ?? String(e));
} finally {
  await browser.close();
}
console.log(failures === 0 ? "web e2e: all checks passed" : `web e2e: ${failures} check(s) failed`);
process.exit(failures === 0 ? 0 : 1);
