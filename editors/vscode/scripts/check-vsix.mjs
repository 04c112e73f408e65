// check-vsix lists the files of a .vsix (a zip archive) by reading its
// central directory, and fails unless the extension's parts are all there.
// Usage: node scripts/check-vsix.mjs gamels.vsix
import { readFileSync, statSync } from "node:fs";

const file = process.argv[2];
if (!file) {
  console.error("usage: node scripts/check-vsix.mjs FILE.vsix");
  process.exit(2);
}
let buf;
try {
  buf = readFileSync(file);
} catch (err) {
  console.error(`check-vsix: ${file} was not produced: ${err.message}`);
  process.exit(1);
}

// The end of central directory record: signature 0x06054b50, in the last
// 22 + 65535 bytes.
let eocd = -1;
for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65535); i--) {
  if (buf.readUInt32LE(i) === 0x06054b50) {
    eocd = i;
    break;
  }
}
if (eocd < 0) {
  console.error(`check-vsix: ${file} is not a zip archive`);
  process.exit(1);
}
const count = buf.readUInt16LE(eocd + 10);
let off = buf.readUInt32LE(eocd + 16);
const names = [];
for (let n = 0; n < count; n++) {
  if (buf.readUInt32LE(off) !== 0x02014b50) {
    console.error(`check-vsix: ${file}: bad central directory entry ${n}`);
    process.exit(1);
  }
  const nameLen = buf.readUInt16LE(off + 28);
  const extraLen = buf.readUInt16LE(off + 30);
  const commentLen = buf.readUInt16LE(off + 32);
  names.push(buf.toString("utf8", off + 46, off + 46 + nameLen));
  off += 46 + nameLen + extraLen + commentLen;
}

const want = [
  "extension.vsixmanifest",
  "extension/package.json",
  "extension/dist/extension.js",
  "extension/language-configuration.json",
  "extension/syntaxes/pousse.tmLanguage.json",
  "extension/syntaxes/spot.tmLanguage.json",
  "extension/syntaxes/path.tmLanguage.json",
];
const missing = want.filter((w) => !names.includes(w));
const stray = names.filter((n) => n.includes("node_modules/") || n.startsWith("extension/src/"));
if (missing.length > 0 || stray.length > 0) {
  if (missing.length > 0) console.error(`check-vsix: missing from ${file}: ${missing.join(", ")}`);
  if (stray.length > 0) console.error(`check-vsix: should not be in ${file}: ${stray.join(", ")}`);
  console.error(`check-vsix: ${file} holds: ${names.join(", ")}`);
  process.exit(1);
}
console.log(`check-vsix: ${file} (${statSync(file).size} bytes) holds ${names.length} files, all expected parts present`);
