// The Web Worker that runs the language server: gamels.wasm (web/wasm),
// started with Go's wasm_exec.js (prepended to this bundle by build.mjs).
// Each message from the page is one JSON-RPC message as a string, given
// to the server; the server posts its messages back as strings itself.
// The worker posts one object, {exited: status} or {failed: message},
// when the server ends or cannot start.

declare const Go: new () => { importObject: WebAssembly.Imports; argv: string[]; run(i: WebAssembly.Instance): Promise<void> };

interface ServerGlobals {
  gamelsReady?: () => void;
  gamelsExited?: (code: number) => void;
  gamelsReceive?: (msg: string) => void;
}
const g = self as unknown as ServerGlobals & DedicatedWorkerGlobalScope;

// Messages that arrive before the server installed gamelsReceive.
const early: string[] = [];

g.gamelsReady = () => {
  console.debug(`gamels worker: the server is ready ${Math.round(performance.now())} ms after the worker started`);
  for (const m of early.splice(0)) g.gamelsReceive?.(m);
};
g.gamelsExited = (code: number) => g.postMessage({ exited: code });
g.onmessage = (e: MessageEvent) => {
  if (typeof e.data !== "string") return;
  if (g.gamelsReceive) g.gamelsReceive(e.data);
  else early.push(e.data);
};

async function start(): Promise<void> {
  const t0 = performance.now();
  const go = new Go();
  go.argv = ["gamels-wasm"];
  const resp = fetch(new URL("gamels.wasm", self.location.href));
  let instance: WebAssembly.Instance;
  try {
    ({ instance } = await WebAssembly.instantiateStreaming(resp, go.importObject));
  } catch {
    // A server that does not send application/wasm: compile from bytes.
    const bytes = await (await fetch(new URL("gamels.wasm", self.location.href))).arrayBuffer();
    ({ instance } = await WebAssembly.instantiate(bytes, go.importObject));
  }
  console.debug(`gamels worker: gamels.wasm fetched and compiled in ${Math.round(performance.now() - t0)} ms`);
  await go.run(instance);
}

start().catch((err: unknown) => g.postMessage({ failed: String(err instanceof Error ? err.message : err) }));
