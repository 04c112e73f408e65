// Diagnostics after pasting a large transcript (node test/paste.mjs URL FILE [N]):
// the time from the paste to the diagnostics shown, N times, in steps:
// the page's didChange posted to the worker ("sent"), the publication's
// message back from it ("back": the server's work and the two
// postMessages), the client's handler called ("received": its JSON
// parse), the diagnostics shown ("shown": their conversion and
// CodeMirror's lint).
import puppeteer from "puppeteer-core";
import { readFileSync } from "node:fs";
const [url, file, n = "3"] = process.argv.slice(2);
const text = readFileSync(file, "utf8");
const browser = await puppeteer.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", headless: true, args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage();
// The worker's messages, timed where they cross: the large ones only.
await page.evaluateOnNewDocument(() => {
  const W = window.Worker;
  window.__paste = {};
  window.Worker = class extends W {
    constructor(...a) {
      super(...a);
      this.addEventListener("message", (e) => {
        if (typeof e.data === "string" && e.data.length > 100000) window.__paste.back = performance.now();
      });
    }
    postMessage(m, ...r) {
      if (typeof m === "string" && m.length > 100000) window.__paste.sent = performance.now();
      return super.postMessage(m, ...r);
    }
  };
});
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
    const p = window.__paste;
    return { shown: d.at - t, received: d.received - t, sent: p.sent - t, back: p.back - t, count: d.count };
  }, text, i);
  console.log(`paste ${i + 1}: ${text.length} bytes, ${r.count} diagnostics: sent ${r.sent.toFixed(0)}, back ${r.back.toFixed(0)}, received ${r.received.toFixed(0)}, shown ${r.shown.toFixed(0)} ms after the paste`);
}
await browser.close();
