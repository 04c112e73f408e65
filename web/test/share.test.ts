// The share links' encoding, in Node (CompressionStream as in browsers):
// a round trip, and every way a fragment can fail to decode gives a
// ShareError with its message. Run by npm run test:unit.
import { test } from "node:test";
import assert from "node:assert/strict";
import { deflateSync } from "node:zlib";
import { decodeShare, encodeShare, isShare, maxShared, ShareError } from "../src/share";

const b64url = (b: Uint8Array) => Buffer.from(b).toString("base64url");

test("round trip: name, text, position", async () => {
  const s = { name: "a game.spot", text: "# é ünïcode <b>\n3\n1 1 +\n0\n", line: 2, character: 4 };
  const hash = await encodeShare(s);
  assert.ok(isShare(hash));
  assert.match(hash, /^#f=a\+game\.spot&at=3%3A5&z=[A-Za-z0-9_-]+$/);
  assert.deepEqual(await decodeShare(hash), s);
});

test("a large transcript compresses", async () => {
  const text = "4\n" + "L1\nR2\nT3\nB4\n".repeat(20000) + "QUIT\n";
  const hash = await encodeShare({ name: "x.pousse", text, line: 0, character: 0 });
  assert.ok(hash.length < text.length / 20, `${hash.length} characters for ${text.length}`);
  assert.equal((await decodeShare(hash)).text, text);
});

test("not a share link", () => {
  assert.equal(isShare(""), false);
  assert.equal(isShare("#L12"), false);
  assert.equal(isShare("#f=x.pousse"), false);
});

const bad: [string, string, RegExp][] = [
  ["no transcript", "#f=x.pousse&z=", /holds no transcript/],
  ["not base64url", "#f=x.pousse&z=ab%2Bcd", /not base64url/],
  ["not deflate", "#f=x.pousse&z=AAAA-not-deflate", /does not decompress/],
  ["cut short", `#f=x.pousse&z=${b64url(deflateSync("4\nL1\nQUIT\n".repeat(50))).slice(0, 20)}`, /does not decompress/],
  ["not UTF-8", `#f=x.pousse&z=${b64url(deflateSync(Buffer.from([0x34, 0x0a, 0xff, 0xfe])))}`, /not UTF-8/],
  ["a bomb", `#f=x.pousse&z=${b64url(deflateSync(Buffer.alloc(maxShared + 1, 0x41)))}`, /larger than 16 MiB/],
  ["a path for a name", `#f=..%2Fetc%2Fpasswd&z=${b64url(deflateSync("1"))}`, /not a file name/],
  ["a bad position", `#f=x.pousse&at=twelve&z=${b64url(deflateSync("1"))}`, /LINE:COLUMN/],
];
for (const [name, hash, msg] of bad) {
  test(`fails with a message: ${name}`, async () => {
    await assert.rejects(decodeShare(hash), (e: unknown) => e instanceof ShareError && msg.test(e.message));
  });
}
