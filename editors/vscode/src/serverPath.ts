// Finding the gamels binary before starting it, so that a missing binary
// gives a clear message instead of a spawn error. No vscode import here:
// the unit tests run this file under plain node.

import * as fs from "fs";
import * as os from "os";
import * as path from "path";

/** The outcome of looking for the server binary. */
export type Resolved =
  | { found: true; path: string }
  | { found: false; reason: string };

/** What resolveServerPath reads from the process; tests pass their own. */
export interface Env {
  PATH?: string;
  PATHEXT?: string;
  HOME?: string;
}

/**
 * resolveServerPath turns the gamels.server.path setting into the path of
 * an executable file. An empty setting means "gamels". A leading "~" is the
 * home directory. A value with a directory separator is used as it is
 * (relative to cwd when not absolute); a bare name is looked up on PATH,
 * with the PATHEXT extensions on Windows.
 */
export function resolveServerPath(
  setting: string | undefined,
  env: Env = process.env,
  platform: NodeJS.Platform = process.platform,
  cwd: string = process.cwd(),
): Resolved {
  let value = (setting ?? "").trim();
  if (value === "") {
    value = "gamels";
  }
  if (value === "~" || value.startsWith("~/") || value.startsWith("~\\")) {
    const home = env.HOME || os.homedir();
    value = path.join(home, value.slice(1));
  }
  const win = platform === "win32";
  const exts = win
    ? ["", ...(env.PATHEXT || ".EXE;.CMD;.BAT;.COM").split(";").filter((e) => e !== "")]
    : [""];
  const hasSep = value.includes("/") || (win && value.includes("\\"));
  if (hasSep) {
    const abs = path.resolve(cwd, value);
    for (const ext of exts) {
      if (isExecutable(abs + ext, win)) {
        return { found: true, path: abs + ext };
      }
    }
    return {
      found: false,
      reason: fs.existsSync(abs)
        ? `"${abs}" is not an executable file`
        : `"${abs}" does not exist`,
    };
  }
  const dirs = (env.PATH || "").split(win ? ";" : ":").filter((d) => d !== "");
  for (const dir of dirs) {
    for (const ext of exts) {
      const candidate = path.join(dir, value + ext);
      if (isExecutable(candidate, win)) {
        return { found: true, path: candidate };
      }
    }
  }
  return { found: false, reason: `"${value}" was not found on PATH` };
}

function isExecutable(file: string, win: boolean): boolean {
  try {
    const st = fs.statSync(file);
    if (!st.isFile()) {
      return false;
    }
    if (!win) {
      fs.accessSync(file, fs.constants.X_OK);
    }
    return true;
  } catch {
    return false;
  }
}

/** The file name of the binary bundled in a platform-specific .vsix. */
export function bundledName(platform: NodeJS.Platform = process.platform): string {
  return platform === "win32" ? "gamels.exe" : "gamels";
}

/**
 * chooseServer picks the binary to start. A non-empty gamels.server.path
 * setting wins (see resolveServerPath). Otherwise the binary bundled in the
 * extension (`server/gamels[.exe]` in a platform-specific .vsix), when it
 * is there; otherwise `gamels` on PATH (the universal .vsix).
 */
export function chooseServer(
  setting: string | undefined,
  extensionPath: string,
  env: Env = process.env,
  platform: NodeJS.Platform = process.platform,
  cwd: string = process.cwd(),
): Resolved & { bundled?: boolean } {
  if ((setting ?? "").trim() !== "") {
    return resolveServerPath(setting, env, platform, cwd);
  }
  const bundled = path.join(extensionPath, "server", bundledName(platform));
  if (fs.existsSync(bundled)) {
    const win = platform === "win32";
    if (!win && !isExecutable(bundled, win)) {
      // A .vsix unpacked without the file modes: make it executable again.
      try {
        fs.chmodSync(bundled, 0o755);
      } catch {
        // reported below
      }
    }
    if (isExecutable(bundled, win)) {
      return { found: true, path: bundled, bundled: true };
    }
    return { found: false, reason: `the bundled "${bundled}" is not an executable file` };
  }
  return resolveServerPath("gamels", env, platform, cwd);
}

/**
 * The one command the docs give to install gamels, run in a checkout of
 * gamels (README.md, editors/README.md, editors/vscode/README.md and the
 * Neovim plugin say the same; editors/install_docs_test.go checks it).
 */
export const installCommand = "CGO_ENABLED=0 go install ./cmd/gamels";

/** The message shown when the binary cannot be found. */
export function notFoundMessage(reason: string): string {
  return (
    `gamels: cannot start the language server: ${reason}. ` +
    `Install it with "${installCommand}" in a checkout of gamels ` +
    `(it writes $(go env GOPATH)/bin/gamels: put that directory on PATH), ` +
    `or set "gamels.server.path" to the binary ` +
    `(the platform-specific .vsix, gamels-<platform>.vsix, has it inside).`
  );
}

/**
 * goInstallDir is the directory `go install` writes to, from the output
 * of `go env GOBIN GOPATH` (two lines; undefined when go could not be
 * run): GOBIN, else GOPATH's first entry plus bin; without go, the GOBIN
 * and GOPATH environment variables, else Go's default GOPATH, ~/go.
 */
export function goInstallDir(
  goEnvOutput: string | undefined,
  env: Env & { GOBIN?: string; GOPATH?: string } = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  const listSep = platform === "win32" ? ";" : ":";
  let gobin = env.GOBIN ?? "";
  let gopath = env.GOPATH ?? "";
  if (goEnvOutput !== undefined) {
    const lines = goEnvOutput.split(/\r?\n/);
    gobin = lines[0] ?? "";
    gopath = lines[1] ?? "";
  }
  if (gobin !== "") {
    return gobin;
  }
  const first = gopath.split(listSep).find((d) => d !== "");
  if (first !== undefined) {
    return path.join(first, "bin");
  }
  return path.join(env.HOME || os.homedir(), "go", "bin");
}

/**
 * installCheck compares the binary found on PATH with the one the install
 * command writes into installDir: undefined when they are the same file
 * (links resolved), else a warning for the output channel.
 */
export function installCheck(
  onPath: string,
  installDir: string,
  platform: NodeJS.Platform = process.platform,
): string | undefined {
  const installed = path.join(installDir, bundledName(platform));
  const real = (f: string): string => {
    try {
      return fs.realpathSync(f);
    } catch {
      return path.resolve(f);
    }
  };
  if (!fs.existsSync(installed)) {
    return (
      `gamels: warning: ${onPath} is not the one "${installCommand}" installs ` +
      `(${installed}, not there): run it in a checkout of gamels and put ` +
      `${installDir} on PATH`
    );
  }
  if (real(onPath) !== real(installed)) {
    return (
      `gamels: warning: ${onPath}, first on PATH, is not ${installed}, the one ` +
      `"${installCommand}" installs: remove it, or put ${installDir} before ` +
      `${path.dirname(onPath)} on PATH`
    );
  }
  return undefined;
}
