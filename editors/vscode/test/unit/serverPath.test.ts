// Unit tests of resolveServerPath, run with node's test runner after
// bundling (npm run test:unit).

import { test } from "node:test";
import * as assert from "node:assert/strict";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import {
  chooseServer,
  goInstallDir,
  installCheck,
  installCommand,
  notFoundMessage,
  resolveServerPath,
} from "../../src/serverPath";

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "gamels-vscode-"));
}

function writeFile(file: string, mode: number): void {
  fs.writeFileSync(file, "#!/bin/sh\n");
  fs.chmodSync(file, mode);
}

test("a bare name is found on PATH, first directory first", () => {
  const a = tempDir();
  const b = tempDir();
  writeFile(path.join(b, "gamels"), 0o755);
  const r = resolveServerPath("gamels", { PATH: `${a}:${b}` }, "linux");
  assert.deepEqual(r, { found: true, path: path.join(b, "gamels") });
  writeFile(path.join(a, "gamels"), 0o755);
  const r2 = resolveServerPath("gamels", { PATH: `${a}:${b}` }, "linux");
  assert.deepEqual(r2, { found: true, path: path.join(a, "gamels") });
});

test("an empty setting means gamels", () => {
  const a = tempDir();
  writeFile(path.join(a, "gamels"), 0o755);
  const r = resolveServerPath("  ", { PATH: a }, "linux");
  assert.deepEqual(r, { found: true, path: path.join(a, "gamels") });
});

test("a missing binary says where it looked", () => {
  const a = tempDir();
  const r = resolveServerPath("gamels", { PATH: a }, "linux");
  assert.equal(r.found, false);
  if (!r.found) {
    assert.match(r.reason, /"gamels" was not found on PATH/);
    assert.match(notFoundMessage(r.reason), /gamels\.server\.path/);
  }
});

test("a file that is not executable is not taken", () => {
  const a = tempDir();
  writeFile(path.join(a, "gamels"), 0o644);
  const r = resolveServerPath("gamels", { PATH: a }, "linux");
  assert.equal(r.found, false);
  const abs = resolveServerPath(path.join(a, "gamels"), {}, "linux");
  assert.equal(abs.found, false);
  if (!abs.found) {
    assert.match(abs.reason, /is not an executable file/);
  }
});

test("a path with a separator is used as it is, relative to cwd", () => {
  const a = tempDir();
  fs.mkdirSync(path.join(a, "bin"));
  writeFile(path.join(a, "bin", "gamels"), 0o755);
  const r = resolveServerPath("bin/gamels", { PATH: "" }, "linux", a);
  assert.deepEqual(r, { found: true, path: path.join(a, "bin", "gamels") });
  const missing = resolveServerPath("nope/gamels", { PATH: "" }, "linux", a);
  assert.equal(missing.found, false);
  if (!missing.found) {
    assert.match(missing.reason, /does not exist/);
  }
});

test("a directory is not a binary", () => {
  const a = tempDir();
  fs.mkdirSync(path.join(a, "gamels"));
  const r = resolveServerPath("gamels", { PATH: a }, "linux");
  assert.equal(r.found, false);
});

test("~ is the home directory", () => {
  const home = tempDir();
  fs.mkdirSync(path.join(home, "go"));
  fs.mkdirSync(path.join(home, "go", "bin"));
  writeFile(path.join(home, "go", "bin", "gamels"), 0o755);
  const r = resolveServerPath("~/go/bin/gamels", { HOME: home }, "linux");
  assert.deepEqual(r, { found: true, path: path.join(home, "go", "bin", "gamels") });
});

test("chooseServer: the bundled binary unless the setting names one", () => {
  const ext = tempDir();
  const onPath = tempDir();
  writeFile(path.join(onPath, "gamels"), 0o755);
  // No bundled binary (the universal .vsix): gamels on PATH.
  assert.deepEqual(chooseServer("", ext, { PATH: onPath }, "linux"), {
    found: true,
    path: path.join(onPath, "gamels"),
  });
  // The platform .vsix: server/gamels, even when PATH has one.
  fs.mkdirSync(path.join(ext, "server"));
  const bundled = path.join(ext, "server", "gamels");
  writeFile(bundled, 0o644); // unpacked without its mode: made executable
  assert.deepEqual(chooseServer(undefined, ext, { PATH: onPath }, "linux"), {
    found: true,
    path: bundled,
    bundled: true,
  });
  assert.equal(fs.statSync(bundled).mode & 0o111, 0o111);
  // A setting wins.
  const other = path.join(tempDir(), "my-gamels");
  writeFile(other, 0o755);
  assert.deepEqual(chooseServer(other, ext, { PATH: onPath }, "linux"), { found: true, path: other });
  assert.deepEqual(chooseServer("gamels", ext, { PATH: onPath }, "linux"), {
    found: true,
    path: path.join(onPath, "gamels"),
  });
});

test("chooseServer: gamels.exe on Windows", () => {
  const ext = tempDir();
  fs.mkdirSync(path.join(ext, "server"));
  writeFile(path.join(ext, "server", "gamels.exe"), 0o644);
  assert.deepEqual(chooseServer("", ext, { PATH: "" }, "win32"), {
    found: true,
    path: path.join(ext, "server", "gamels.exe"),
    bundled: true,
  });
});

test("the missing-binary message gives the install command", () => {
  assert.match(notFoundMessage("x"), /"CGO_ENABLED=0 go install \.\/cmd\/gamels"/);
  assert.equal(installCommand, "CGO_ENABLED=0 go install ./cmd/gamels");
});

test("goInstallDir: GOBIN, else GOPATH's first entry /bin, else ~/go/bin", () => {
  assert.equal(goInstallDir("/gobin\n/gopath\n", {}, "linux"), "/gobin");
  assert.equal(goInstallDir("\n/a:/b\n", {}, "linux"), path.join("/a", "bin"));
  assert.equal(goInstallDir(undefined, { GOPATH: "/e" }, "linux"), path.join("/e", "bin"));
  assert.equal(goInstallDir(undefined, { GOBIN: "/eb", GOPATH: "/e" }, "linux"), "/eb");
  assert.equal(goInstallDir(undefined, { HOME: "/home/u" }, "linux"), path.join("/home/u", "go", "bin"));
});

test("installCheck: the binary the install command wrote, another one first on PATH, none", () => {
  const gobin = tempDir();
  const other = tempDir();
  writeFile(path.join(gobin, "gamels"), 0o755);
  writeFile(path.join(other, "gamels"), 0o755);
  assert.equal(installCheck(path.join(gobin, "gamels"), gobin, "linux"), undefined);
  const link = tempDir();
  fs.symlinkSync(path.join(gobin, "gamels"), path.join(link, "gamels"));
  assert.equal(installCheck(path.join(link, "gamels"), gobin, "linux"), undefined);
  const w = installCheck(path.join(other, "gamels"), gobin, "linux");
  assert.ok(w !== undefined && w.includes(`${path.join(other, "gamels")}, first on PATH, is not ${path.join(gobin, "gamels")}`), w);
  const none = installCheck(path.join(other, "gamels"), tempDir(), "linux");
  assert.ok(none !== undefined && none.includes("not there"), none);
});
