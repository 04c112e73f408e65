// package builds the extension's .vsix files.
//
//   node scripts/package.mjs         gamels.vsix: universal, no binary inside
//                                    (the extension starts `gamels` from PATH)
//   node scripts/package.mjs --all   also gamels-<target>.vsix for each target
//                                    below, with the gamels binary inside
//                                    (server/gamels[.exe]), cross-compiled
//                                    with CGO_ENABLED=0
//
// Each file's size is printed. The binary's version line is the extension's
// version plus the commit: `gamels v0.1.0+<rev>`.
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const root = resolve(here, "..", "..");
const targets = {
  "linux-x64": ["linux", "amd64"],
  "linux-arm64": ["linux", "arm64"],
  "darwin-x64": ["darwin", "amd64"],
  "darwin-arm64": ["darwin", "arm64"],
  "win32-x64": ["windows", "amd64"],
};
const all = process.argv.includes("--all");
const vsce = join(here, "node_modules", ".bin", process.platform === "win32" ? "vsce.cmd" : "vsce");
const serverDir = join(here, "server");
const { version } = JSON.parse(readFileSync(join(here, "package.json"), "utf8"));

function run(cmd, args, opts = {}) {
  execFileSync(cmd, args, { stdio: "inherit", timeout: 600_000, ...opts });
}

function pack(out, target) {
  const args = ["package", "--no-dependencies", "--allow-missing-repository", "--skip-license", "-o", out];
  if (target) args.push("--target", target);
  run(vsce, args, { cwd: here });
  return `${out} ${(statSync(join(here, out)).size / 1e6).toFixed(2)} MB`;
}

function revision() {
  try {
    const rev = execFileSync("git", ["rev-parse", "--short=7", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { cwd: root, encoding: "utf8" }).trim();
    return `+${rev}${dirty ? ".modified" : ""}`;
  } catch {
    return "";
  }
}

const sizes = [];
rmSync(serverDir, { recursive: true, force: true });
try {
  if (all) {
    const ldVersion = `v${version}${revision()}`;
    for (const [target, [goos, goarch]] of Object.entries(targets)) {
      rmSync(serverDir, { recursive: true, force: true });
      mkdirSync(serverDir);
      const bin = join(serverDir, goos === "windows" ? "gamels.exe" : "gamels");
      console.log(`package: go build gamels for ${goos}/${goarch} (${target})`);
      run("go", ["build", "-trimpath", "-ldflags", `-s -w -X main.version=${ldVersion}`, "-o", bin, "./cmd/gamels"], {
        cwd: root,
        env: { ...process.env, CGO_ENABLED: "0", GOOS: goos, GOARCH: goarch },
      });
      chmodSync(bin, 0o755);
      sizes.push(pack(`gamels-${target}.vsix`, target));
    }
  }
} finally {
  rmSync(serverDir, { recursive: true, force: true });
}
sizes.push(pack("gamels.vsix"));
console.log("package: built\n  " + sizes.join("\n  "));
