// Builds the page into site/ (embedded by web.go): the server compiled to
// WebAssembly, the page's and the worker's bundles, the HTML and the
// stylesheet, each text file with its gzip (.gz) and brotli (.br) copies
// beside it; the module is stored as its two copies only (gamels web
// serves it uncompressed from the .gz when asked). Run by
// `go generate ./web`, or `npm run build` here. Installs the npm packages
// first when they are missing (npm ci). Prints the sizes.
//
//   node build.mjs [--no-wasm]    --no-wasm keeps the module already built
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync, copyFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync, gunzipSync, brotliCompressSync, constants } from "node:zlib";

const here = dirname(fileURLToPath(import.meta.url));
const site = join(here, "site");
const root = join(here, "..");
const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { stdio: ["ignore", "pipe", "inherit"], ...opts });

if (!existsSync(join(here, "node_modules", "esbuild"))) {
  console.log("web: npm ci");
  execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: here, stdio: "inherit" });
}
const esbuild = await import("esbuild");
mkdirSync(site, { recursive: true });

const goroot = run("go", ["env", "GOROOT"]).toString().trim();
const wasmExec = readFileSync(join(goroot, "lib", "wasm", "wasm_exec.js"), "utf8");

if (!process.argv.includes("--no-wasm")) {
  // -s -w: no symbol table, no DWARF (the browser uses neither);
  // -trimpath: no paths of this machine in the module.
  const tmp = join(site, "gamels.wasm.tmp");
  run("go", ["build", "-trimpath", "-ldflags=-s -w", "-o", tmp, "./web/wasm"], {
    cwd: root,
    env: { ...process.env, GOOS: "js", GOARCH: "wasm" },
  });
  const raw = readFileSync(tmp);
  writeFileSync(join(site, "gamels.wasm.gz"), gzip(raw));
  writeFileSync(join(site, "gamels.wasm.br"), brotli(raw));
  execFileSync("rm", ["-f", tmp]);
}

const common = {
  bundle: true,
  minify: true,
  format: "iife",
  target: ["chrome111", "firefox113", "safari16.4"],
  legalComments: "none",
  logLevel: "warning",
  loader: { ".pousse": "text", ".spot": "text", ".path": "text" },
};
await esbuild.build({ ...common, entryPoints: [join(here, "src", "main.ts")], outfile: join(site, "main.js") });
// The worker runs Go's wasm_exec.js (the Go class) before its own code.
await esbuild.build({
  ...common,
  entryPoints: [join(here, "src", "worker.ts")],
  outfile: join(site, "worker.js"),
  banner: { js: wasmExec },
});
await esbuild.build({ ...common, entryPoints: [join(here, "src", "style.css")], outfile: join(site, "style.css") });
for (const f of ["index.html", "favicon.svg"]) copyFileSync(join(here, "src", f), join(site, f));

// The compressed copies of the text files of 1 KiB or more (a smaller
// file gains less than its headers), and their sizes with the module's:
// what a browser downloads, raw and compressed.
let tot = { raw: 0, gz: 0, br: 0 };
for (const f of ["index.html", "main.js", "worker.js", "style.css", "favicon.svg", "gamels.wasm"]) {
  let raw, gz, br;
  if (f === "gamels.wasm") {
    gz = readFileSync(join(site, f + ".gz"));
    br = readFileSync(join(site, f + ".br"));
    raw = gunzipSync(gz);
  } else {
    raw = readFileSync(join(site, f));
    gz = br = raw;
    if (raw.length >= 1024) {
      writeFileSync(join(site, f + ".gz"), (gz = gzip(raw)));
      writeFileSync(join(site, f + ".br"), (br = brotli(raw)));
    } else {
      for (const ext of [".gz", ".br"]) rmSync(join(site, f + ext), { force: true });
    }
  }
  tot.raw += raw.length;
  tot.gz += gz.length;
  tot.br += br.length;
  console.log(`web: ${f.padEnd(12)} ${String(raw.length).padStart(9)} B raw ${String(gz.length).padStart(8)} B gzip ${String(br.length).padStart(8)} B brotli`);
}
console.log(`web: ${"total".padEnd(12)} ${String(tot.raw).padStart(9)} B raw ${String(tot.gz).padStart(8)} B gzip ${String(tot.br).padStart(8)} B brotli`);

function gzip(data) {
  return gzipSync(data, { level: 9 });
}

function brotli(data) {
  return brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
}
