// The page's end of the language server: a Web Worker running
// gamels.wasm (worker.ts), as a Transport for @codemirror/lsp-client.
// Messages are JSON-RPC strings both ways; the worker's one object
// message says that the server ended or failed to start.

import type { Transport } from "@codemirror/lsp-client";

export interface ServerTransport extends Transport {
  /** Called once when the server ends or cannot start, with why. */
  onStop(f: (why: string) => void): void;
}

export function workerTransport(url: string): ServerTransport {
  const worker = new Worker(url);
  let handlers: ((value: string) => void)[] = [];
  let stop: ((why: string) => void) | undefined;
  let stopped = "";
  const stopWith = (why: string) => {
    if (stopped) return;
    stopped = why;
    stop?.(why);
  };
  worker.onmessage = (e: MessageEvent) => {
    const d = e.data;
    if (typeof d === "string") {
      for (const h of handlers) h(d);
    } else if (d && typeof d === "object" && "exited" in d) {
      stopWith(`the language server stopped (status ${Number(d.exited)})`);
    } else if (d && typeof d === "object" && "failed" in d) {
      stopWith(`the language server could not start: ${String(d.failed)}`);
    }
  };
  worker.onerror = (e: ErrorEvent) => stopWith(`the language server failed: ${e.message || "worker error"}`);
  return {
    send(message: string) {
      if (stopped) throw new Error(stopped);
      worker.postMessage(message);
    },
    subscribe(h) {
      handlers.push(h);
    },
    unsubscribe(h) {
      handlers = handlers.filter((x) => x !== h);
    },
    onStop(f) {
      stop = f;
      if (stopped) f(stopped);
    },
  };
}
