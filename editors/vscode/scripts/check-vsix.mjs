// check-vsix lists the files of a .vsix (a zip archive) by reading its
// central directory, and fails unless the extension's parts are all there.
// A platform-specific gamels-<target>.vsix must hold the server binary
// (extension/server/gamels, or gamels.exe for win32 targets, executable);
// the universal gamels.vsix none.
// Usage: node scripts/check-vsix.mjs gamels.vsix [gamels-linux-x64.vsix ...]
import { readFileSync, statSync } from "node:fs";
import { basename } from "node:path";

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error("usage: node scripts/check-vsix.mjs FILE.vsix...");
  process.exit(2);
}
for (const file of files) {
  check(file);
}

function check(file) {
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
const modes = new Map();
for (let n = 0; n < count; n++) {
  if (buf.readUInt32LE(off) !== 0x02014b50) {
    console.error(`check-vsix: ${file}: bad central directory entry ${n}`);
    process.exit(1);
  }
  const nameLen = buf.readUInt16LE(off + 28);
  const extraLen = buf.readUInt16LE(off + 30);
  const commentLen = buf.readUInt16LE(off + 32);
  const name = buf.toString("utf8", off + 46, off + 46 + nameLen);
  names.push(name);
  modes.set(name, buf.readUInt32LE(off + 38) >>> 16); // unix mode, made by unix

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
  "extension/dist/board.css",
  "extension/dist/board.js",
];
const missing = want.filter((w) => !names.includes(w));
const target = /^gamels-(.+)\.vsix$/.exec(basename(file))?.[1];
let bundled = "";
if (target) {
  bundled = target.startsWith("win32-") ? "extension/server/gamels.exe" : "extension/server/gamels";
  want.push(bundled);
}
const stray = names.filter(
  (n) =>
    n.includes("node_modules/") ||
    n.startsWith("extension/src/") ||
    (n.startsWith("extension/server/") && n !== bundled),
);
if (bundled && !bundled.endsWith(".exe") && names.includes(bundled) && (modes.get(bundled) & 0o111) === 0) {
  console.error(`check-vsix: ${bundled} in ${file} is not executable (mode ${modes.get(bundled).toString(8)})`);
  process.exit(1);
}
if (missing.length > 0 || stray.length > 0) {
  if (missing.length > 0) console.error(`check-vsix: missing from ${file}: ${missing.join(", ")}`);
  if (stray.length > 0) console.error(`check-vsix: should not be in ${file}: ${stray.join(", ")}`);
  console.error(`check-vsix: ${file} holds: ${names.join(", ")}`);
  process.exit(1);
}
console.log(
  `check-vsix: ${file} (${statSync(file).size} bytes) holds ${names.length} files, all expected parts present` +
    (bundled ? `, with ${bundled}` : ", no server binary"),
);
}
