// The server's requests to the page. @codemirror/lsp-client (6.3)
// answers every request from the server with MethodNotFound; gamels
// asks the client to apply the engine's move (workspace/applyEdit) and
// to create a progress token (window/workDoneProgress/create). This
// wraps the transport: a request whose method has a handler here is
// answered here and never reaches the client; every other message goes
// on to it unchanged.

import type { Transport } from "@codemirror/lsp-client";

/** A handler's answer, or a thrown Error for a JSON-RPC error. */
export type RequestHandler = (params: unknown) => unknown | Promise<unknown>;

interface Message {
  jsonrpc?: string;
  id?: number | string | null;
  method?: string;
  params?: unknown;
}

/**
 * serverRequests returns t with the server's requests named in handlers
 * answered by them. A handler that throws answers an InternalError with
 * its message. The handlers map may be filled after the call.
 */
export function serverRequests<T extends Transport>(t: T, handlers: Record<string, RequestHandler>): T {
  const subscribers = new Map<(value: string) => void, (value: string) => void>();
  const answer = (id: Message["id"], body: { result: unknown } | { error: { code: number; message: string } }) =>
    t.send(JSON.stringify({ jsonrpc: "2.0", id, ...body }));
  const wrapped = Object.create(t) as T;
  wrapped.send = (m: string) => t.send(m);
  wrapped.subscribe = (h: (value: string) => void) => {
    const inner = (raw: string) => {
      const m = parse(raw);
      const handler = m && m.id != null && typeof m.method === "string" ? handlers[m.method] : undefined;
      if (!m || !handler) {
        h(raw);
        return;
      }
      Promise.resolve()
        .then(() => handler(m.params))
        .then(
          (result) => answer(m.id, { result: result ?? null }),
          (e: unknown) => answer(m.id, { error: { code: -32603, message: e instanceof Error ? e.message : String(e) } }),
        )
        .catch(() => {}); // the transport stopped: nobody to answer
    };
    subscribers.set(h, inner);
    t.subscribe(inner);
  };
  wrapped.unsubscribe = (h: (value: string) => void) => {
    const inner = subscribers.get(h);
    if (inner) {
      subscribers.delete(h);
      t.unsubscribe(inner);
    }
  };
  return wrapped;
}

/** parse reads a JSON-RPC message; undefined when it is not an object. */
function parse(raw: string): Message | undefined {
  // Only a request interests this wrapper: a cheap look before parsing a
  // large message (a diagnostics publication) twice.
  if (!raw.includes('"method"') || !raw.includes('"id"')) return undefined;
  try {
    const v: unknown = JSON.parse(raw);
    return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Message) : undefined;
  } catch {
    return undefined;
  }
}
