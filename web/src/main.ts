// The page: a CodeMirror editor on one transcript, the language server in
// a Web Worker (gamels.wasm, through @codemirror/lsp-client), the board
// beside it, files in and out, examples and share links. Nothing typed is
// lost: the transcript is kept across reloads (keep.ts), a transcript with
// edits not saved to a file is replaced only after a question, and the
// share link in the address bar and the share box go when the text they
// hold is no longer the one shown.

import { LSPClient, LSPPlugin, formatDocument, formatKeymap, hoverTooltips, serverCompletion, serverDiagnostics } from "@codemirror/lsp-client";
import { EditorState, Compartment, type Extension } from "@codemirror/state";
import { EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection, type KeyBinding } from "@codemirror/view";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { searchKeymap, highlightSelectionMatches } from "@codemirror/search";
import { lintKeymap, lintGutter } from "@codemirror/lint";
import { closeBrackets, completionKeymap } from "@codemirror/autocomplete";
import { workerTransport } from "./transport";
import { diagnostics, inlayHints, semanticTokens, quickFix, sanitizeHTML, fastSync, engineFor, maxEngineText } from "./features";
import { PageBoard, annotatedExtension } from "./board";
import { engineCapabilities } from "./engine";
import { serverRequests, type RequestHandler } from "./requests";
import { ask, wireDialog } from "./dialog";
import { Keeper } from "./keep";
import { decodeShare, encodeShare, isShare, ShareError } from "./share";
import samplePousse from "../../testdata/examples/sample.pousse";
import icfpPousse from "../../testdata/examples/icfp1998.pousse";
import sampleSpot from "../../testdata/examples/sample.spot";
import boardsPath from "../../testdata/examples/boards.path";

const examples: Record<string, string> = {
  "sample.pousse": samplePousse,
  "icfp1998.pousse": icfpPousse,
  "sample.spot": sampleSpot,
  "boards.path": boardsPath,
};

const kinds = ["pousse", "spot", "path"] as const;
type Kind = (typeof kinds)[number];
/** The largest file the page opens (the server's own limit is lower; it says so). */
const maxFile = 64 << 20;

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

function status(msg: string, alert = false): void {
  const s = $("status");
  s.textContent = msg;
  s.setAttribute("role", alert ? "alert" : "status");
  s.classList.toggle("alert", alert);
}

function kindOf(name: string): Kind | undefined {
  const ext = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
  return (kinds as readonly string[]).includes(ext) ? (ext as Kind) : undefined;
}

/** What the page shows: the file's name, from which its kind. */
let fileName = "sample.pousse";
let view: EditorView | undefined;
/** The text shown has edits not saved to a file (Save). */
let dirty = false;
// The server's requests (workspace/applyEdit for the engine's move) are
// answered by the handlers, filled in below (engine.ts).
const serverHandlers: Record<string, RequestHandler> = {};
const transport = serverRequests(workerTransport("worker.js"), serverHandlers);
const client = new LSPClient({
  rootUri: "file:///",
  timeout: 10000,
  sanitizeHTML,
  extensions: [
    serverCompletion(),
    hoverTooltips({ hoverTime: 250 }),
    diagnostics(),
    serverDiagnostics(),
    annotatedExtension((uri) => board.session.annotated(uri)),
    engineCapabilities,
  ],
}).connect(transport);
transport.onStop((why) => status(`${why}. Reload the page to start it again.`, true));
const started = performance.now();
// Until the server answers initialize, the status line and the board say
// that it is starting (the module is downloaded and compiled meanwhile).
const starting = "Starting the language server…";
status(starting);
document.documentElement.dataset.starting = String(Math.round(performance.now()));
client.initializing.then(
  () => {
    document.documentElement.dataset.ready = String(Math.round(performance.now()));
    // A message already shown (a link that does not open) stays.
    if (!$("status").classList.contains("alert")) status(`Ready: the language server started in ${Math.round(performance.now() - started)} ms.`);
    board.schedule(0);
  },
  (e: unknown) => status(`The language server did not start: ${String((e as Error)?.message ?? e)}`, true),
);

// The board beside the editor (board.ts: the shared board session and
// view, with the page's ports), the engine's edits answered (engine.ts).
const board = new PageBoard(() => view, client, $("boardview"));
board.send({ type: "empty", message: starting });
board.session.onShow = () => {
  // When the server first answered the board (ms since navigation), for measurements.
  if (!document.documentElement.dataset.board) document.documentElement.dataset.board = String(Math.round(performance.now()));
};
Object.assign(serverHandlers, board.engine.handlers());
wireDialog();

// The editor lives in a shadow root: there CodeMirror's style modules are
// constructed stylesheets (adoptedStyleSheets), which the CSP allows,
// instead of <style> elements, which style-src 'self' forbids. The page's
// stylesheet is linked inside too; its colour variables are inherited.
const editorRoot = $("editor").attachShadow({ mode: "open" });
{
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = "style.css";
  editorRoot.appendChild(link);
}
const editorHost = document.createElement("div");
editorHost.className = "editor-host";
editorRoot.appendChild(editorHost);
const theme = new Compartment();

const keys: KeyBinding[] = [
  { key: "Mod-s", run: () => (save(), true), preventDefault: true },
  { key: "Mod-o", run: () => ($("file").click(), true), preventDefault: true },
  { key: "Mod-.", run: quickFix, preventDefault: true },
  { key: "Alt-ArrowLeft", run: () => board.step(-1) },
  { key: "Alt-ArrowRight", run: () => board.step(1) },
  ...formatKeymap,
  ...completionKeymap,
  ...lintKeymap,
  ...searchKeymap,
  ...historyKeymap,
  ...defaultKeymap,
];

function extensions(name: string): Extension {
  const kind = kindOf(name) ?? "pousse";
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightActiveLine(),
    drawSelection(),
    history(),
    closeBrackets(),
    highlightSelectionMatches(),
    lintGutter(),
    EditorView.lineWrapping,
    keymap.of(keys),
    EditorView.contentAttributes.of({ "aria-label": `Transcript ${name}` }),
    theme.of(EditorView.darkTheme.of(dark())),
    client.plugin(`file:///${encodeURIComponent(name)}`, kind),
    inlayHints(),
    semanticTokens(),
    // Before fastSync's plugin sends the change: the engine's setting for the new size.
    EditorView.updateListener.of((u) => {
      if (u.docChanged) void engine(u.state.doc.length);
    }),
    fastSync(),
    EditorView.updateListener.of((u) => {
      if (u.docChanged) board.schedule(300);
      else if (u.selectionSet) board.schedule(120);
    }),
    EditorView.updateListener.of((u) => {
      if (u.docChanged) {
        dirty = true;
        unshare();
        keepSoon();
      } else if (u.selectionSet) {
        cursorMoved = true;
      }
    }),
  ];
}

/** engine turns the engine's annotations on or off for a text of n bytes, and says so. */
async function engine(n: number): Promise<void> {
  if (await engineFor(client, n)) {
    status(
      n > maxEngineText
        ? `The engine's annotations are off for transcripts over ${maxEngineText >> 20} MiB, as in the editors; gamels analyze annotates files of any size.`
        : "The engine's annotations are on again.",
    );
  }
}

interface LoadOptions {
  /** The text has edits not saved to a file (a transcript kept with them). */
  dirty?: boolean;
  /** The share link in the address bar stays: the text is the link's, or the link is yet to be read. */
  keepLink?: boolean;
}

/**
 * load puts text in the editor as file name, the cursor at pos (a line
 * and character, or an offset), and keeps it (keep.ts).
 */
function load(name: string, text: string, pos?: { line: number; character: number } | number, opts: LoadOptions = {}): void {
  fileName = name;
  dirty = !!opts.dirty;
  if (!opts.keepLink) unshare();
  void engine(text.length);
  const state = EditorState.create({ doc: text, extensions: extensions(name) });
  if (!view) {
    view = new EditorView({ state, parent: editorHost, root: editorRoot });
    // A scrolling region is focusable (axe-core's scrollable-region-focusable): a keyboard scrolls it.
    view.scrollDOM.tabIndex = 0;
    view.scrollDOM.setAttribute("aria-label", "The transcript");
  } else {
    view.setState(state);
  }
  $("filename").textContent = name;
  ($("kind") as HTMLSelectElement).value = kindOf(name) ?? "pousse";
  document.title = `${name}: gamels`;
  if (typeof pos === "number") {
    view.dispatch({ selection: { anchor: Math.min(pos, view.state.doc.length) }, scrollIntoView: true });
  } else if (pos) {
    const doc = view.state.doc;
    const line = doc.line(Math.min(Math.max(1, pos.line + 1), doc.lines));
    const at = line.from + Math.min(pos.character, line.length);
    view.dispatch({ selection: { anchor: at }, scrollIntoView: true });
  }
  board.schedule(0);
  keepNow();
}

/**
 * replace loads a transcript in place of the one shown (what says how,
 * for the question): when the one shown has edits not saved to a file,
 * only if the user says so. It resolves to whether it loaded.
 */
async function replace(what: string, name: string, text: string, pos?: { line: number; character: number }, opts: LoadOptions = {}): Promise<boolean> {
  if (view && dirty && view.state.doc.toString() !== text) {
    const yes = await ask({
      title: `Replace your edits to ${fileName}?`,
      detail: `${what} replaces the transcript shown, whose edits are not saved to a file. Save (Ctrl+S) downloads it first.`,
      ok: "Replace",
    });
    if (!yes) {
      status(`Kept your edits to ${fileName}.`);
      return false;
    }
  }
  load(name, text, pos, opts);
  return true;
}

// Keeping the transcript across reloads: after each edit (once typing
// pauses), when another is loaded, and when the page goes (a reload, the
// tab closed: the cursor too). Without storage (a browser that refuses
// it), nothing is kept.
let keeper: Keeper | undefined;
try {
  keeper = new Keeper(localStorage, sessionStorage);
} catch {
  keeper = undefined;
}
let keepTimer: ReturnType<typeof setTimeout> | undefined;
let cursorMoved = false;
/** Why the transcript shown could not be kept, once said. */
let notKept = "";

function keepSoon(): void {
  clearTimeout(keepTimer);
  keepTimer = setTimeout(keepNow, 400);
}

function keepNow(): void {
  clearTimeout(keepTimer);
  keepTimer = undefined;
  cursorMoved = false;
  if (!keeper || !view) return;
  const why = keeper.keep({ name: fileName, text: view.state.doc.toString(), anchor: view.state.selection.main.head, dirty });
  if (why && why !== notKept) status(`${fileName} is not kept across reloads: ${why}. Save (Ctrl+S) keeps it as a file.`, true);
  notKept = why;
}
window.addEventListener("pagehide", () => {
  if (keepTimer !== undefined || cursorMoved) keepNow();
});

/** unshare takes the share link out of the address bar and closes the share box: the text shown is no longer the link's. */
function unshare(): void {
  if (isShare(location.hash)) window.history.replaceState(null, "", location.pathname + location.search);
  $("sharebox").hidden = true;
}

async function openFile(f: File): Promise<void> {
  if (f.size > maxFile) {
    status(`${f.name} is ${(f.size / (1 << 20)).toFixed(1)} MiB: the page opens files up to ${maxFile >> 20} MiB.`, true);
    return;
  }
  let name = f.name.replace(/[/\\]/g, "_") || "untitled.pousse";
  if (!kindOf(name)) {
    const k = ($("kind") as HTMLSelectElement).value;
    status(`${f.name}: not .pousse, .spot or .path; read as ${k}.`);
    name = `${name}.${k}`;
  }
  if (await replace(`Opening ${f.name}`, name, await f.text())) view?.focus();
}

function save(): void {
  if (!view) return;
  dirty = false;
  keepNow();
  const blob = new Blob([view.state.doc.toString()], { type: "text/plain;charset=utf-8" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

async function share(): Promise<void> {
  if (!view) return;
  const plugin = LSPPlugin.get(view);
  const p = plugin ? plugin.toPosition(view.state.selection.main.head) : { line: 0, character: 0 };
  const hash = await encodeShare({ name: fileName, text: view.state.doc.toString(), ...p });
  window.history.replaceState(null, "", hash);
  const link = $<HTMLInputElement>("sharelink");
  link.value = location.href;
  $("sharebox").hidden = false;
  link.focus();
  link.select();
  try {
    await navigator.clipboard.writeText(location.href);
    status(`Share link copied (${location.href.length} characters): it holds the transcript and the cursor's move.`);
  } catch {
    status(`Share link made (${location.href.length} characters): copy it from the box.`);
  }
}

function dark(): boolean {
  const t = document.documentElement.dataset.theme;
  return t === "dark" || (t !== "light" && matchMedia("(prefers-color-scheme: dark)").matches);
}

function setTheme(t: string): void {
  if (t === "auto") delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = t;
  $("theme").textContent = t === "auto" ? "Scheme: auto" : `Scheme: ${t}`;
  view?.dispatch({ effects: theme.reconfigure(EditorView.darkTheme.of(dark())) });
}

// Buttons, the file input, drag and drop.
for (const name of Object.keys(examples)) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = name;
  b.title = `Open the example ${name}`;
  b.addEventListener("click", async () => {
    if (await replace(`Opening the example ${name}`, name, examples[name])) view?.focus();
  });
  $("examples").appendChild(b);
}
$("open").addEventListener("click", () => $("file").click());
$("file").addEventListener("change", () => {
  const f = $<HTMLInputElement>("file").files?.[0];
  if (f) void openFile(f);
  $<HTMLInputElement>("file").value = "";
});
$("save").addEventListener("click", save);
$("format").addEventListener("click", () => {
  if (view) formatDocument(view);
  view?.focus();
});
$("share").addEventListener("click", () => void share());
$("shareclose").addEventListener("click", () => {
  $("sharebox").hidden = true;
  view?.focus();
});
$("kind").addEventListener("change", () => {
  if (!view) return;
  const k = $<HTMLSelectElement>("kind").value;
  const base = kindOf(fileName) ? fileName.slice(0, fileName.lastIndexOf(".")) : fileName;
  load(`${base}.${k}`, view.state.doc.toString(), view.state.selection.main.head, { dirty });
});
const modes = ["auto", "light", "dark"];
$("theme").addEventListener("click", () => {
  const cur = document.documentElement.dataset.theme ?? "auto";
  setTheme(modes[(modes.indexOf(cur) + 1) % modes.length]);
});
matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => setTheme(document.documentElement.dataset.theme ?? "auto"));
document.addEventListener("dragover", (e) => {
  if (e.dataTransfer?.types.includes("Files")) {
    e.preventDefault();
    document.body.classList.add("dropping");
  }
});
document.addEventListener("dragleave", () => document.body.classList.remove("dropping"));
document.addEventListener("drop", (e) => {
  document.body.classList.remove("dropping");
  const f = e.dataTransfer?.files[0];
  if (f) {
    e.preventDefault();
    void openFile(f);
  }
});

async function fromHash(): Promise<void> {
  if (!isShare(location.hash)) return;
  try {
    const s = await decodeShare(location.hash);
    if (!kindOf(s.name)) throw new ShareError(`the link's file ${s.name} is not .pousse, .spot or .path`);
    if (!(await replace(`Opening the link's ${s.name}`, s.name, s.text, s, { keepLink: true }))) {
      unshare();
      return;
    }
    status(`Opened ${s.name} from the link, at line ${s.line + 1}.`);
  } catch (e) {
    const why = e instanceof ShareError ? e.message : "it could not be read";
    status(`This link does not open: ${why}. Showing the example instead.`, true);
  }
}
window.addEventListener("hashchange", () => void fromHash());

// A handle for tests and the console: the client, the editor, the board
// shown, and the page's answer to a server's request (as if the server
// had sent it).
(window as unknown as { gamels: unknown }).gamels = {
  client,
  view: () => view,
  board: () => board.session.shown()?.board,
  answer: (method: string, params: unknown) => serverHandlers[method]?.(params),
};

// The transcript this tab showed before a reload (or the one kept last,
// in a new tab), else the first example; then the share link, if any.
{
  const kept = keeper?.restore();
  if (kept && kindOf(kept.name)) {
    load(kept.name, kept.text, kept.anchor, { dirty: kept.dirty, keepLink: true });
  } else {
    load("sample.pousse", examples["sample.pousse"], undefined, { keepLink: true });
  }
}
void fromHash();
