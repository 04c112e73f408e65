// Time to interactive, N loads of the page (node test/tti.mjs URL [N]):
// when the server answered initialize and when it first answered the
// board, in ms after navigation, with the worker's own timings.
import puppeteer from "puppeteer-core";
const [url, n = "5"] = process.argv.slice(2);
const browser = await puppeteer.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", headless: true, args: ["--no-sandbox", "--disable-gpu"] });
const rows = [];
for (let i = 0; i < Number(n); i++) {
  const page = await browser.newPage();
  const logs = [];
  page.on("console", (m) => m.text().startsWith("gamels worker") && logs.push(m.text().replace("gamels worker: ", "")));
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.board, { timeout: 20000 });
  const t = await page.evaluate(() => ({ ready: Number(document.documentElement.dataset.ready), board: Number(document.documentElement.dataset.board) }));
  rows.push(Math.max(t.ready, t.board));
  console.log(`load ${i + 1}: initialized ${t.ready} ms, first board ${t.board} ms; ${logs.join("; ")}`);
  await page.close();
}
rows.sort((a, b) => a - b);
console.log(`interactive: min ${rows[0]} ms, median ${rows[Math.floor(rows.length / 2)]} ms, max ${rows.at(-1)} ms over ${rows.length} loads`);
await browser.close();
