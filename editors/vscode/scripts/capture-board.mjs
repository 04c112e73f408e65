// Asks a real `gamels serve` for gamels/board answers and prints them as
// JSON, for the drawing module's test fixtures (test/unit/fixtures):
//
//   node scripts/capture-board.mjs GAMELS FILE LINE[,LINE...] > out.json
//
// LINE is 0-based; the position is the start of that line. The output is
// one answer, or an array of them when several lines are given.
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { pathToFileURL } from "node:url";

const [bin, file, lines] = process.argv.slice(2);
const text = fs.readFileSync(file, "utf8");
const uri = pathToFileURL(path.resolve(file)).href;
const lang = path.extname(file).slice(1);
const srv = spawn(bin, ["serve"], { stdio: ["pipe", "pipe", "inherit"] });
let buf = Buffer.alloc(0);
const pending = new Map();
srv.stdout.on("data", (d) => {
  buf = Buffer.concat([buf, d]);
  for (;;) {
    const h = buf.indexOf("\r\n\r\n");
    if (h < 0) return;
    const len = Number(/Content-Length: (\d+)/i.exec(buf.subarray(0, h).toString())[1]);
    if (buf.length < h + 4 + len) return;
    const msg = JSON.parse(buf.subarray(h + 4, h + 4 + len).toString());
    buf = buf.subarray(h + 4 + len);
    if (msg.id !== undefined && pending.has(msg.id)) {
      pending.get(msg.id)(msg);
      pending.delete(msg.id);
    }
  }
});
let id = 0;
function send(method, params, notify = false) {
  const msg = notify ? { jsonrpc: "2.0", method, params } : { jsonrpc: "2.0", id: ++id, method, params };
  const body = JSON.stringify(msg);
  srv.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  if (!notify) return new Promise((r) => pending.set(msg.id, r));
}
await send("initialize", { processId: null, rootUri: null, capabilities: {} });
send("initialized", {}, true);
send("textDocument/didOpen", { textDocument: { uri, languageId: lang, version: 1, text } }, true);
const answers = [];
for (const l of lines.split(",")) {
  const r2 = await send("gamels/board", { textDocument: { uri }, position: { line: Number(l), character: 0 } });
  if (r2.error) throw new Error(JSON.stringify(r2.error));
  answers.push(r2.result);
}
await send("shutdown", null);
send("exit", null, true);
process.stdout.write(JSON.stringify(answers.length === 1 ? answers[0] : answers, null, 1) + "\n");
