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
// holding HTML shows as text and runs nothing. Measures (printed as
// "measure:" lines): time to interactive, diagnostics after pasting a
// 1 MB transcript, hover round trips.
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

  // 9. The dark scheme.
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
