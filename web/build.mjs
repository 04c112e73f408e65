// Builds the page into site/ (embedded by web.go): the server compiled to
// WebAssembly (stored gzip-compressed), the page's and the worker's
// bundles, the HTML and the stylesheet. Run by `go generate ./web`, or
// `npm run build` here. Installs the npm packages first when they are
// missing (npm ci). Prints the sizes.
//
//   node build.mjs [--no-wasm]    --no-wasm keeps the gamels.wasm.gz already built
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync, copyFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync, brotliCompressSync, constants } from "node:zlib";

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
  writeFileSync(join(site, "gamels.wasm.gz"), gzipSync(raw, { level: 9 }));
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

// The sizes, raw and compressed, of what a browser downloads.
let tot = { raw: 0, gz: 0, br: 0 };
for (const f of ["index.html", "main.js", "worker.js", "style.css", "gamels.wasm.gz"]) {
  let data = readFileSync(join(site, f));
  if (f.endsWith(".gz")) data = (await import("node:zlib")).gunzipSync(data);
  const gz = gzipSync(data, { level: 9 }).length;
  const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  tot.raw += data.length;
  tot.gz += gz;
  tot.br += br;
  console.log(`web: ${f.replace(/\.gz$/, "").padEnd(12)} ${String(data.length).padStart(9)} B raw ${String(gz).padStart(8)} B gzip ${String(br).padStart(8)} B brotli`);
}
console.log(`web: ${"total".padEnd(12)} ${String(tot.raw).padStart(9)} B raw ${String(tot.gz).padStart(8)} B gzip ${String(tot.br).padStart(8)} B brotli`);
