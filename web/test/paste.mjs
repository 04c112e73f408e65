// Diagnostics after pasting a large transcript (node test/paste.mjs URL FILE [N]):
// the time from the paste to the diagnostics shown, N times, with when
// they arrived from the worker.
import puppeteer from "puppeteer-core";
import { readFileSync } from "node:fs";
const [url, file, n = "3"] = process.argv.slice(2);
const text = readFileSync(file, "utf8");
const browser = await puppeteer.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", headless: true, args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage();
await page.goto(url);
await page.waitForFunction(() => document.documentElement.dataset.board, { timeout: 20000 });
for (let i = 0; i < Number(n); i++) {
  const r = await page.evaluate(async (s, i) => {
    const v = window.gamels.view();
    v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: "" } });
    await new Promise((r) => setTimeout(r, 500));
    const ins = s + (i % 2 ? "\n" : "");
    const done = new Promise((resolve) => window.addEventListener("gamels:diagnostics", function h(e) {
      if (e.detail.length === ins.length) { window.removeEventListener("gamels:diagnostics", h); resolve(e.detail); }
    }));
    const t = performance.now();
    v.dispatch({ changes: { from: 0, to: 0, insert: ins }, userEvent: "input.paste" });
    const d = await done;
    return { shown: d.at - t, received: d.received - t, count: d.count };
  }, text, i);
  console.log(`paste ${i + 1}: ${text.length} bytes, ${r.count} diagnostics received ${r.received.toFixed(0)} ms, shown ${r.shown.toFixed(0)} ms after the paste`);
}
await browser.close();
