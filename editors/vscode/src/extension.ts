// The gamels extension: registers the Pousse, Spot and PATH languages (see
// package.json) and runs `gamels serve` as their language server.

import * as vscode from "vscode";
import { registerBoard } from "./board/panel";
import {
  DidChangeConfigurationNotification,
  LanguageClient,
  LanguageClientOptions,
  Middleware,
  ServerOptions,
  StaticFeature,
  ClientCapabilities,
} from "vscode-languageclient/node";
import { execFile } from "child_process";
import { chooseServer, goInstallDir, installCheck, notFoundMessage } from "./serverPath";

const languages = ["pousse", "spot", "path"];

/** The command of the server's code lenses: reveal the ending move. */
export const revealCommand = "gamels.revealMove";

let client: LanguageClient | undefined;
/** Our own registration of revealCommand, when the server does not list it. */
let revealRegistration: vscode.Disposable | undefined;
let output: vscode.OutputChannel | undefined;
/** The board view's handler of the server's gamels/annotated notification. */
let annotated: (params: unknown) => void = () => {};
/** Where the extension is installed: its bundled server is in server/. */
let extensionPath = "";
/** The binaries whose version was logged already. */
const versionLogged = new Set<string>();

/**
 * checkInstall writes to the output channel whether the gamels found on
 * PATH is the one the install command wrote ($(go env GOBIN) or
 * $(go env GOPATH)/bin), once per binary.
 */
const installChecked = new Set<string>();
function checkInstall(binary: string): void {
  if (installChecked.has(binary)) {
    return;
  }
  installChecked.add(binary);
  execFile("go", ["env", "GOBIN", "GOPATH"], { timeout: 10000, windowsHide: true }, (err, stdout) => {
    const dir = goInstallDir(err ? undefined : String(stdout));
    const warning = installCheck(binary, dir);
    output?.appendLine(warning ?? `gamels: ${binary} is the one the install command wrote`);
  });
}

/** logVersion writes `<binary> version` to the output channel, once per binary. */
function logVersion(binary: string): void {
  if (versionLogged.has(binary)) {
    return;
  }
  versionLogged.add(binary);
  execFile(binary, ["version"], { timeout: 5000, windowsHide: true }, (err, stdout) => {
    const line = String(stdout).trim();
    output?.appendLine(err || line === "" ? `gamels: ${binary} version: ${String(err)}` : `gamels: ${line}`);
  });
}

/**
 * The settings the server reads:
 * {"gamels":{"pousse":{"rules":...},"diagnostics":{"verdicts":...}}}.
 */
function serverSettings(): {
  gamels: {
    pousse: { rules: string };
    diagnostics: { verdicts: string };
    analysis: { enabled: boolean; depth: number };
    expectedOutput: string;
  };
} {
  const config = vscode.workspace.getConfiguration("gamels");
  const rules = config.get<string>("pousse.rules", "contest");
  const verdicts = config.get<string>("diagnostics.verdicts", "information");
  const enabled = config.get<boolean>("analysis.enabled", true);
  const depth = config.get<number>("analysis.depth", 6);
  const expectedOutput = config.get<string>("expectedOutput", "");
  return { gamels: { pousse: { rules }, diagnostics: { verdicts }, analysis: { enabled, depth }, expectedOutput } };
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel("gamels");
  extensionPath = context.extensionPath ?? "";
  context.subscriptions.push(output);

  context.subscriptions.push(
    vscode.commands.registerCommand("gamels.restartServer", async () => {
      await stopClient();
      await startClient();
    }),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration("gamels.server.path")) {
        await stopClient();
        await startClient();
        return;
      }
      const sent = ["gamels.pousse.rules", "gamels.diagnostics.verdicts", "gamels.analysis", "gamels.expectedOutput"];
      if (sent.some((s) => e.affectsConfiguration(s)) && client?.isRunning()) {
        await client.sendNotification(DidChangeConfigurationNotification.type, {
          settings: serverSettings(),
        });
      }
    }),
  );
  annotated = registerBoard(context, () => client);

  await startClient();
}

export async function deactivate(): Promise<void> {
  await stopClient();
}

async function startClient(): Promise<void> {
  const setting = vscode.workspace
    .getConfiguration("gamels")
    .get<string>("server.path", "");
  const resolved = chooseServer(setting, extensionPath);
  if (!resolved.found) {
    const message = notFoundMessage(resolved.reason);
    output?.appendLine(message);
    const open = "Open Settings";
    void vscode.window.showErrorMessage(message, open).then((choice) => {
      if (choice === open) {
        void vscode.commands.executeCommand(
          "workbench.action.openSettings",
          "gamels.server.path",
        );
      }
    });
    return;
  }
  output?.appendLine(
    `gamels: starting ${resolved.path} serve` + (resolved.bundled ? " (bundled with the extension)" : ""),
  );
  logVersion(resolved.path);
  const fromPath = !resolved.bundled && !/[\\/]/.test(setting.trim());
  if (fromPath) {
    checkInstall(resolved.path);
  }

  // No `transport`: TransportKind.stdio would append "--stdio" to the
  // arguments, which `gamels serve` does not take; without it the client
  // talks over the process's stdin and stdout all the same. The server
  // logs only warnings on stderr by default (some clients show a
  // server's stderr as errors); VS Code's output channel shows it as
  // the log it is, so the info lines (the initialize, its rules) go too.
  const serverOptions: ServerOptions = {
    command: resolved.path,
    args: ["serve", "--log-level", "info"],
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      ...languages.flatMap((language) => [
        { scheme: "file", language },
        { scheme: "untitled", language },
      ]),
      // The expected outputs (NAME.out, NAME.expected.out): their text as
      // edited here, before it is saved, is what a transcript beside them
      // is compared with. The server gives them no diagnostics.
      { scheme: "file", pattern: "**/*.out" },
    ],
    initializationOptions: serverSettings(),
    outputChannel: output,
    middleware: middleware(),
  };
  // The id "gamels" makes the client read the gamels.trace.server setting.
  client = new LanguageClient("gamels", "gamels", serverOptions, clientOptions);
  // The board view re-asks a game's values when its annotations change:
  // the server sends gamels/annotated to a client that says it wants it.
  client.registerFeature(annotatedFeature);
  client.onNotification("gamels/annotated", (params: unknown) => annotated(params));
  try {
    await client.start();
    // A server that lists revealCommand in executeCommandProvider has the
    // client register it (and the middleware runs it here, without a round
    // trip); otherwise register it ourselves.
    const listed =
      client.initializeResult?.capabilities.executeCommandProvider?.commands ?? [];
    if (!listed.includes(revealCommand)) {
      revealRegistration = vscode.commands.registerCommand(revealCommand, revealMove);
    }
  } catch (err) {
    const message = `gamels: the language server ${resolved.path} failed to start: ${String(err)}`;
    output?.appendLine(message);
    void vscode.window.showErrorMessage(message);
  }
}

/** annotatedFeature adds experimental.gamelsAnnotated to the client's capabilities. */
const annotatedFeature: StaticFeature = {
  fillClientCapabilities(caps: ClientCapabilities): void {
    caps.experimental = { ...(caps.experimental as object | undefined), gamelsAnnotated: true };
  },
  initialize(): void {},
  getState: () => ({ kind: "static" }),
  clear(): void {},
};

/**
 * middleware runs revealCommand in the editor: the server's code lens names
 * the range, and revealing it needs no server.
 */
export function middleware(): Middleware {
  return {
    executeCommand: async (command, args, next) => {
      if (command === revealCommand) {
        return revealMove(args[0], args[1]);
      }
      return next(command, args);
    },
  };
}

async function stopClient(): Promise<void> {
  revealRegistration?.dispose();
  revealRegistration = undefined;
  const c = client;
  client = undefined;
  if (c === undefined) {
    return;
  }
  try {
    if (c.isRunning()) {
      await c.stop();
    } else {
      await c.dispose();
    }
  } catch (err) {
    output?.appendLine(`gamels: stopping the server: ${String(err)}`);
  }
}

/** A range as the server sends it in the code lens arguments. */
interface WireRange {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

function isWireRange(v: unknown): v is WireRange {
  const isPos = (p: unknown): boolean =>
    typeof p === "object" &&
    p !== null &&
    typeof (p as { line?: unknown }).line === "number" &&
    typeof (p as { character?: unknown }).character === "number";
  return (
    typeof v === "object" &&
    v !== null &&
    isPos((v as { start?: unknown }).start) &&
    isPos((v as { end?: unknown }).end)
  );
}

/**
 * revealMove is the command of the server's code lens on a game's header:
 * arguments [uri, range] name the move where the game ends; the editor
 * shows that document and selects the move.
 */
export async function revealMove(uri: unknown, range: unknown): Promise<void> {
  if (typeof uri !== "string" || !isWireRange(range)) {
    void vscode.window.showErrorMessage(
      `${revealCommand}: expected the arguments [uri, range]`,
    );
    return;
  }
  const r = new vscode.Range(
    range.start.line,
    range.start.character,
    range.end.line,
    range.end.character,
  );
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.parse(uri));
  const editor = await vscode.window.showTextDocument(doc, {
    selection: r,
    preserveFocus: false,
  });
  editor.selection = new vscode.Selection(r.start, r.end);
  editor.revealRange(r, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}
