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

/**
 * fetchModule fetches the server's module compressed, whatever the host:
 * one that compresses gamels.wasm (gamels web, a host serving the .br
 * and .gz copies that gamels web --out writes, or compressing itself)
 * says so in the Content-Encoding of a HEAD request, and sends it so;
 * from one that does not (a plain static server), the worker takes the
 * .gz copy and decompresses it itself, a quarter of the bytes. A host
 * without the copy gets the module as it is.
 */
async function fetchModule(): Promise<Response> {
  const url = new URL("gamels.wasm", self.location.href);
  const head = await fetch(url, { method: "HEAD" }).catch(() => undefined);
  if (head?.ok && head.headers.get("Content-Encoding")) return fetch(url);
  const gz = await fetch(new URL("gamels.wasm.gz", url)).catch(() => undefined);
  if (!gz?.ok || !gz.body) return fetch(url);
  return new Response(await gunzipped(gz.body), { headers: { "Content-Type": "application/wasm" } });
}

/**
 * gunzipped is the body decompressed: a gzip stream (magic 0x1f) through
 * DecompressionStream, or as it is when the host sent the .gz copy with
 * Content-Encoding gzip and the browser already decompressed it (a
 * module starts with 0x00).
 */
async function gunzipped(body: ReadableStream<Uint8Array<ArrayBuffer>>): Promise<ReadableStream<Uint8Array>> {
  const reader = body.getReader();
  const first = await reader.read();
  const stream = new ReadableStream<Uint8Array<ArrayBuffer>>({
    start(c) {
      if (first.done) c.close();
      else c.enqueue(first.value);
    },
    async pull(c) {
      const { done, value } = await reader.read();
      if (done) c.close();
      else c.enqueue(value);
    },
    cancel: (why) => reader.cancel(why),
  });
  return first.value?.[0] === 0x1f ? stream.pipeThrough(new DecompressionStream("gzip")) : stream;
}

async function start(): Promise<void> {
  const t0 = performance.now();
  const go = new Go();
  go.argv = ["gamels-wasm"];
  let instance: WebAssembly.Instance;
  try {
    ({ instance } = await WebAssembly.instantiateStreaming(fetchModule(), go.importObject));
  } catch {
    // A host that does not send application/wasm: compile from bytes.
    const bytes = await (await fetchModule()).arrayBuffer();
    ({ instance } = await WebAssembly.instantiate(bytes, go.importObject));
  }
  console.debug(`gamels worker: gamels.wasm fetched and compiled in ${Math.round(performance.now() - t0)} ms`);
  await go.run(instance);
}

start().catch((err: unknown) => g.postMessage({ failed: String(err instanceof Error ? err.message : err) }));
