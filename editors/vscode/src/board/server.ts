// The board session's server port in VS Code: the language client's
// requests, the session's AbortSignal as a CancellationToken.

import * as vscode from "vscode";
import type { ServerPort } from "../../../board/session";

/** The part of the language client the view uses. */
export interface BoardClient {
  sendRequest(method: string, params: unknown, token?: vscode.CancellationToken): Promise<unknown>;
  isRunning(): boolean;
  readonly initializeResult?: { capabilities?: { experimental?: unknown } };
}

/** serverPort is the port of the client client() returns (a restart gives a new one). */
export function serverPort(client: () => BoardClient | undefined): ServerPort {
  return {
    running: () => !!client()?.isRunning(),
    experimental: () => client()?.initializeResult?.capabilities?.experimental,
    request: async (method, params, cancel) => {
      const c = client();
      if (!c || !c.isRunning()) throw new Error("the gamels server is not running");
      if (!cancel) return c.sendRequest(method, params);
      const cts = new vscode.CancellationTokenSource();
      const stop = () => cts.cancel();
      cancel.addEventListener("abort", stop);
      try {
        return await c.sendRequest(method, params, cts.token);
      } finally {
        cancel.removeEventListener("abort", stop);
        cts.dispose();
      }
    },
  };
}
