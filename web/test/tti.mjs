// Time to interactive of first visits (node test/tti.mjs URL[,URL2...] [N] [--hogs K]):
// N loads of the page, each in a new browser context (an empty HTTP cache
// and code cache, as a first visit), timing when the page first said that
// the server is starting, when the server answered initialize and when it
// first drew the board, in ms after navigation, with the worker's own
// timings. Several URLs (two servings, before and after a change) are
// loaded in turn, N times each, and summed up each on its own line.
// --hogs K runs K busy loops meanwhile (a busy machine). Prints the
// machine's load: the 1-minute average at the end and the run queue
// (procs_running, this process's threads included) sampled every 100 ms.
import puppeteer from "puppeteer-core";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";

const args = process.argv.slice(2);
const hogAt = args.indexOf("--hogs");
const hogs = hogAt >= 0 ? Number(args.splice(hogAt, 2)[1]) : 0;
const [urlArg, n = "5"] = args;
const urls = (urlArg ?? "").split(",").filter(Boolean);
if (!urls.length) {
  console.error("usage: node test/tti.mjs URL[,URL2...] [N] [--hogs K]");
  process.exit(2);
}

const children = [];
for (let i = 0; i < hogs; i++) children.push(spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }));
const stopHogs = () => children.forEach((c) => c.kill());
process.on("exit", stopHogs);
const running = [];
const sampler = setInterval(() => {
  const m = /procs_running (\d+)/.exec(readFileSync("/proc/stat", "utf8"));
  if (m) running.push(Number(m[1]));
}, 100);
if (hogs) await new Promise((r) => setTimeout(r, 2000)); // let the hogs take the CPUs

const browser = await puppeteer.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", headless: true, args: ["--no-sandbox", "--disable-gpu"] });
const rows = urls.map(() => []);
try {
  for (let k = 0; k < Number(n) * urls.length; k++) {
    const i = Math.floor(k / urls.length);
    const url = urls[k % urls.length];
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    const logs = [];
    page.on("console", (m) => m.text().startsWith("gamels worker") && logs.push(m.text().replace("gamels worker: ", "")));
    await page.goto(url);
    await page.waitForFunction(() => document.documentElement.dataset.board, { timeout: 30000 });
    const t = await page.evaluate(() => {
      const d = document.documentElement.dataset;
      return { starting: Number(d.starting), ready: Number(d.ready), board: Number(d.board) };
    });
    rows[k % urls.length].push(Math.max(t.ready, t.board));
    console.log(`${url} load ${i + 1}: "starting" shown ${t.starting} ms, initialized ${t.ready} ms, first board ${t.board} ms; ${logs.join("; ")}`);
    await context.close();
  }
} finally {
  await browser.close();
  clearInterval(sampler);
  stopHogs();
}
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
const load = readFileSync("/proc/loadavg", "utf8").split(" ")[0];
urls.forEach((url, j) => {
  const r = rows[j].sort((a, b) => a - b);
  console.log(`interactive, ${url}: min ${r[0]} ms, median ${median(r)} ms, max ${r.at(-1)} ms over ${r.length} first visits`);
});
console.log(`load: 1-min average ${load}; run queue median ${median(running)}, range ${Math.min(...running)}-${Math.max(...running)} (${hogs} hogs)`);
