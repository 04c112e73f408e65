// What a browser receives on a first visit of the page, from the DevTools
// protocol (countBytes, used by e2e.mjs too). Run alone, it loads URL in
// a new browser context (an empty cache) N times and prints each
// response and the total:
//
//   node test/received.mjs URL [N]
import puppeteer from "puppeteer-core";
import { fileURLToPath } from "node:url";

/**
 * countBytes counts what the browser receives for page, its worker's
 * requests included: for each response, the bytes of its headers and
 * body as they came over the connection (loadingFinished's
 * encodedDataLength; its headers plus Content-Length when that is more,
 * as for a worker's script, whose body Chromium does not count there).
 * Call it before the page loads; it returns a function giving the total
 * and the responses so far.
 */
export async function countBytes(page) {
  const seen = new Map();
  const watch = (cdp) => {
    cdp.on("Network.requestWillBeSent", (e) => seen.set(e.requestId, { url: e.request.url, method: e.request.method, bytes: 0 }));
    cdp.on("Network.responseReceived", (e) => {
      const r = seen.get(e.requestId);
      if (!r) return;
      const h = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      r.status = e.response.status;
      r.encoding = h["content-encoding"] ?? "";
      r.bytes = Math.max(r.bytes, e.response.encodedDataLength + (r.method === "HEAD" ? 0 : Number(h["content-length"] ?? 0)));
    });
    cdp.on("Network.loadingFinished", (e) => {
      const r = seen.get(e.requestId);
      if (r) r.bytes = Math.max(r.bytes, e.encodedDataLength);
    });
    return cdp.send("Network.enable");
  };
  page.on("workercreated", (w) => void watch(w.client));
  await watch(await page.createCDPSession());
  return () => {
    const rs = [...seen.values()].filter((r) => !r.url.startsWith("data:"));
    return { total: rs.reduce((n, r) => n + r.bytes, 0), responses: rs };
  };
}

/** received returns the "measure:" lines of a count: each response, then the total. */
export function received(got) {
  return [
    ...got.responses.map((r) => `measure:   ${r.method} ${r.url.replace(/^https?:\/\/[^/]+/, "")} ${r.status} ${r.encoding || "identity"} ${r.bytes} B`),
    `measure: a first visit receives ${got.total} bytes (${got.responses.length} responses)`,
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [url, n = "1"] = process.argv.slice(2);
  if (!url) {
    console.error("usage: node test/received.mjs URL [N]");
    process.exit(2);
  }
  const browser = await puppeteer.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", headless: true, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    for (let i = 0; i < Number(n); i++) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      const count = await countBytes(page);
      await page.goto(url);
      await page.waitForFunction(() => document.documentElement.dataset.board, { timeout: 60000 });
      for (const l of received(count())) console.log(l);
      await context.close();
    }
  } finally {
    await browser.close();
  }
}
