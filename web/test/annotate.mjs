// The engine's annotations in the page (node test/annotate.mjs URL FILE
// [GAMES] [N]): pastes GAMES games (100 by default) of FILE, a Pousse
// file in the UVa layout (the ICFP 1998 log), N times (3 by default),
// and prints the time from the paste to the diagnostics and to the
// publication with the annotations, so that two builds of the page (say,
// with and without the engine's yield to the event loop) can be timed
// against each other.
import puppeteer from "puppeteer-core";
import { readFileSync } from "node:fs";

const [url, file, gamesArg = "100", n = "3"] = process.argv.slice(2);
const log = readFileSync(file, "utf8");
const games = log.slice(log.indexOf("\n\n") + 2).trimEnd().split("\n\n");
const want = Number(gamesArg);
const picked = Array.from({ length: want }, (_, i) => games[i % games.length]);
const text = `${want}\n\n${picked.join("\n\n")}\n`;

const browser = await puppeteer.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", headless: true, args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage();
await page.goto(url);
await page.waitForSelector("html[data-ready]", { timeout: 20000 });
for (let i = 0; i < Number(n); i++) {
  const r = await page.evaluate(async (s) => {
    const v = window.gamels.view();
    v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: "" } });
    await new Promise((r) => setTimeout(r, 300));
    const pubs = [];
    const done = new Promise((resolve) =>
      window.addEventListener("gamels:diagnostics", function h(e) {
        if (e.detail.length !== s.length) return;
        pubs.push(e.detail.at);
        if (pubs.length === 2) {
          window.removeEventListener("gamels:diagnostics", h);
          resolve();
        }
      }),
    );
    const t = performance.now();
    v.dispatch({ changes: { from: 0, to: 0, insert: s }, userEvent: "input.paste" });
    await done;
    return { diagnostics: pubs[0] - t, annotated: pubs[1] - t };
  }, text);
  console.log(`annotate ${i + 1}: ${text.length} bytes, ${want} games: diagnostics ${r.diagnostics.toFixed(0)} ms, annotations ${r.annotated.toFixed(0)} ms after the paste`);
}
await browser.close();
