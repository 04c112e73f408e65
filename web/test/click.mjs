// A click on the board after a large document (node test/click.mjs URL
// [GAMES] [CLICKS]): a new 6x6 game after GAMES random 8x8 games (8000 by
// default, about 1 MB, as e2e.mjs's playTimes), then CLICKS clicks on its
// edge slots (L1, L2, ...), each once the board of the one before is
// drawn and 50 ms have passed. For each click it prints the time to the
// board redrawn and the worker's messages in between, each with the time
// it crossed (ms after the click), its method or id and its length: where
// a click's time goes. ENGINE=off turns the engine's annotations off
// first.
import puppeteer from "puppeteer-core";
const [url, games = "8000", clicks = "6"] = process.argv.slice(2);
const browser = await puppeteer.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", headless: true, args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage();
await page.evaluateOnNewDocument(() => {
  const W = window.Worker;
  window.__log = [];
  const what = (m) => {
    const method = /"method":"([^"]*)"/.exec(m.slice(0, 200))?.[1];
    const id = /"id":(\d+)/.exec(m.slice(0, 200))?.[1];
    return `${method ?? ""}${id ? "#" + id : ""}`;
  };
  window.Worker = class extends W {
    constructor(...a) {
      super(...a);
      this.addEventListener("message", (e) => {
        if (typeof e.data === "string") window.__log.push([performance.now(), "<-", what(e.data), e.data.length]);
      });
    }
    postMessage(m, ...r) {
      if (typeof m === "string") window.__log.push([performance.now(), "->", what(m), m.length]);
      return super.postMessage(m, ...r);
    }
  };
});
await page.goto(url);
await page.waitForFunction(() => document.documentElement.dataset.board, { timeout: 20000 });
if (process.env.ENGINE === "off") await page.evaluate(() => window.gamels.client.notification("workspace/didChangeConfiguration", { settings: { "gamels.analysis.enabled": false } }));
let seed = 7;
const rnd = (n) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
const parts = [];
for (let g = 0; g < Number(games); g++) {
  const moves = [];
  for (let i = 0; i < 40; i++) moves.push("LRTB"[rnd(4)] + (1 + rnd(8)));
  parts.push(`8\n${moves.join("\n")}\nQUIT\n`);
}
parts.push("6\nQUIT\n");
const t = `${parts.length}\n\n${parts.join("\n")}`;
await page.evaluate((s) => {
  const v = window.gamels.view();
  v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: s }, userEvent: "input.paste" });
  const line = v.state.doc.line(v.state.doc.lines - 1);
  v.dispatch({ selection: { anchor: line.from } });
  v.focus();
}, t);
await page.waitForFunction((g) => Number(document.querySelector("#board svg.gamels-board")?.getAttribute("data-game")) === g, { timeout: 30000 }, parts.length).catch(() => {});
await new Promise((r) => setTimeout(r, 2000));
for (let i = 1; i <= Number(clicks); i++) {
  const r = await page.evaluate(async (i) => {
    const board = document.getElementById("board");
    const shown = () => Number(board.querySelector("svg.gamels-board")?.getAttribute("data-move")) === i;
    window.__log = [];
    const t0 = performance.now();
    board.querySelector(`rect.slot[data-slot="L${i}"]`).dispatchEvent(new MouseEvent("click", { bubbles: true }));
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`move ${i}: no board`)), 10000);
      const obs = new MutationObserver(() => shown() && (obs.disconnect(), clearTimeout(timer), resolve()));
      obs.observe(board, { childList: true, subtree: true, attributes: true });
    });
    const took = performance.now() - t0;
    const log = window.__log.map(([at, dir, w, n]) => `${(at - t0).toFixed(0)} ${dir} ${w} ${n}`);
    await new Promise((r) => setTimeout(r, 50));
    return { took, log };
  }, i);
  console.log(`click ${i}: ${r.took.toFixed(0)} ms to the board: ${r.log.join(", ")}`);
}
await browser.close();
